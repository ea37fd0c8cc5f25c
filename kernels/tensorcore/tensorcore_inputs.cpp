#include <chrono>

#include "core/tensorcore/bf16_reference.h"
#include "kernels/common/cuda_check.h"
#include "kernels/tensorcore/tensorcore_experiments.h"

namespace ws::tensorcore {

namespace {
double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}
}  // namespace

std::unique_ptr<TensorCoreInputs> TensorCoreInputs::make(std::uint32_t n, std::uint64_t seed) {
    auto in = std::make_unique<TensorCoreInputs>();
    in->m_n = n;
    in->m_seed = seed;
    in->m_hostA = makeBf16MatmulInput(n, seed, MatmulOperand::A);
    in->m_hostB = makeBf16MatmulInput(n, seed, MatmulOperand::B);
    return in;
}

std::uint64_t TensorCoreInputs::deviceBytes(std::uint32_t n) {
    return std::uint64_t(n) * n * (2 + 2 + 4);
}

Status TensorCoreInputs::upload() {
    if (onDevice()) return {};
    const std::size_t count = std::size_t(m_n) * m_n;
    for (auto* buffer : {&m_a, &m_b})
        if (Status s = buffer->allocate(count); !s) return s;
    if (Status s = m_c.allocate(count); !s) return s;
    // Pageable host memory, as the FP32 lab copies.
    const auto start = std::chrono::steady_clock::now();
    WS_CUDA_TRY(cudaMemcpy(m_a.get(), m_hostA.data(), count * 2, cudaMemcpyHostToDevice));
    WS_CUDA_TRY(cudaMemcpy(m_b.get(), m_hostB.data(), count * 2, cudaMemcpyHostToDevice));
    m_uploadMs = msSince(start);
    return {};
}

const MatmulReference& TensorCoreInputs::reference() {
    if (!m_reference)
        m_reference = bf16MatmulReference(m_hostA, m_hostB, m_n, matmulSample(m_n, m_seed));
    return *m_reference;
}

Status TensorCoreInputs::poisonResult() {
    return m_c.fill(0xff);  // 0xffffffff and 0xffff: NaN as FP32 and as BF16
}

Result<MatmulCheck> TensorCoreInputs::checkDeviceResult(TensorCoreOutput output) {
    WS_CUDA_TRY(cudaDeviceSynchronize());
    const std::size_t count = std::size_t(m_n) * m_n;
    m_hostC.resize(count);
    const auto start = std::chrono::steady_clock::now();
    if (output == TensorCoreOutput::F32) {
        WS_CUDA_TRY(cudaMemcpy(m_hostC.data(), m_c.get(), count * 4, cudaMemcpyDeviceToHost));
        m_downloadMs = msSince(start);
    } else {
        m_hostC16.resize(count);
        WS_CUDA_TRY(cudaMemcpy(m_hostC16.data(), m_c.get(), count * 2, cudaMemcpyDeviceToHost));
        m_downloadMs = msSince(start);
        m_hostC = widenBf16(m_hostC16);
    }
    const MatmulTolerance t = bf16MatmulTolerance(m_n, output == TensorCoreOutput::Bf16);
    return reference().check(m_hostC.data(), t.bound, t.relative);
}

}  // namespace ws::tensorcore
