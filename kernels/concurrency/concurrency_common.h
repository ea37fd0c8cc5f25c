#pragma once
// Host pieces the concurrency lab's launchers share: host arrays that are
// pinned or pageable, a set of streams, timing across streams, and the run's
// header.
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/device_buffer.h"

namespace ws {

// Host memory for copies: pinned (cudaMallocHost: the copy engines read it
// directly) or pageable (plain new[]: the driver stages every copy).
template <typename T>
class HostArray {
public:
    HostArray() = default;
    HostArray(const HostArray&) = delete;
    HostArray& operator=(const HostArray&) = delete;
    ~HostArray() { release(); }
    Status allocate(std::size_t n, bool pinned) {
        release();
        if (pinned) {
            void* p = nullptr;
            WS_CUDA_TRY(cudaMallocHost(&p, std::max<std::size_t>(n, 1) * sizeof(T)));
            m_data = static_cast<T*>(p);
        } else {
            m_data = new T[std::max<std::size_t>(n, 1)];
        }
        m_pinned = pinned;
        m_size = n;
        return {};
    }
    T* data() const { return m_data; }
    std::size_t size() const { return m_size; }
    bool pinned() const { return m_pinned; }

private:
    void release() {
        if (!m_data) return;
        if (m_pinned)
            cudaFreeHost(m_data);
        else
            delete[] m_data;
        m_data = nullptr;
    }
    T* m_data = nullptr;
    std::size_t m_size = 0;
    bool m_pinned = false;
};

class StreamSet {
public:
    Status create(std::size_t count);
    cudaStream_t operator[](std::size_t i) const { return m_streams[i].get(); }
    std::size_t size() const { return m_streams.size(); }

private:
    std::vector<CudaStream> m_streams;
};

// Milliseconds from an event on stream 0 that every stream waits for before
// `enqueue` puts its work on them, to an event after the last work of every
// stream: the end-to-end time of work spread over streams.
Result<double> timeAcrossStreams(const StreamSet& streams, std::size_t used,
                                 const std::function<Status()>& enqueue);

void fillConcurrencyHeader(Run& run, const std::string& experiment, const ParamValues& params,
                           const DeviceInfo& device);

// Free device memory minus 256 MB for the context: refuses `bytes` beyond it.
Status checkFreeDeviceMemory(const std::string& what, std::uint64_t bytes);

}  // namespace ws
