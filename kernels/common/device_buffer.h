#pragma once
// Owning handles for device memory, events and streams: freed on every path,
// including the early returns of a failed CUDA call.
#include <cuda_runtime_api.h>

#include <cstddef>
#include <utility>

#include "core/common/result.h"
#include "kernels/common/cuda_check.h"

namespace ws {

template <typename T>
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& other) noexcept
        : m_data(std::exchange(other.m_data, nullptr)), m_count(std::exchange(other.m_count, 0)) {}
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
        if (this != &other) {
            release();
            m_data = std::exchange(other.m_data, nullptr);
            m_count = std::exchange(other.m_count, 0);
        }
        return *this;
    }
    ~DeviceBuffer() { release(); }

    // Allocates `count` elements (at least one byte, so the pointer is valid).
    Status allocate(std::size_t count) {
        release();
        void* p = nullptr;
        WS_CUDA_TRY(cudaMalloc(&p, count == 0 ? 1 : count * sizeof(T)));
        m_data = static_cast<T*>(p);
        m_count = count;
        return {};
    }
    Status fill(unsigned char byte, cudaStream_t stream = nullptr) {
        if (m_count == 0) return {};
        WS_CUDA_TRY(cudaMemsetAsync(m_data, byte, bytes(), stream));
        return {};
    }

    T* get() const { return m_data; }
    std::size_t size() const { return m_count; }
    std::size_t bytes() const { return m_count * sizeof(T); }

private:
    void release() {
        if (m_data) cudaFree(m_data);  // cannot fail usefully in a destructor
        m_data = nullptr;
        m_count = 0;
    }

    T* m_data = nullptr;
    std::size_t m_count = 0;
};

class CudaEvent {
public:
    CudaEvent() = default;
    CudaEvent(const CudaEvent&) = delete;
    CudaEvent& operator=(const CudaEvent&) = delete;
    ~CudaEvent() {
        if (m_event) cudaEventDestroy(m_event);
    }
    Status create() {
        WS_CUDA_TRY(cudaEventCreate(&m_event));
        return {};
    }
    cudaEvent_t get() const { return m_event; }

private:
    cudaEvent_t m_event = nullptr;
};

class CudaStream {
public:
    CudaStream() = default;
    CudaStream(const CudaStream&) = delete;
    CudaStream& operator=(const CudaStream&) = delete;
    ~CudaStream() {
        if (m_stream) cudaStreamDestroy(m_stream);
    }
    Status create() {
        WS_CUDA_TRY(cudaStreamCreateWithFlags(&m_stream, cudaStreamNonBlocking));
        return {};
    }
    cudaStream_t get() const { return m_stream; }

private:
    cudaStream_t m_stream = nullptr;
};

}  // namespace ws
