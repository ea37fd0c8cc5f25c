#include <chrono>
#include <cstring>

#include "kernels/common/cuda_check.h"
#include "kernels/matmul/matmul_experiments.h"

namespace ws::matmul {

namespace {
double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}
}  // namespace

std::unique_ptr<MatmulInputs> MatmulInputs::make(std::uint32_t n, std::uint64_t seed) {
    auto in = std::make_unique<MatmulInputs>();
    in->m_n = n;
    in->m_seed = seed;
    in->m_hostA = makeMatmulInput(n, seed, MatmulOperand::A);
    in->m_hostB = makeMatmulInput(n, seed, MatmulOperand::B);
    in->m_hostC.assign(std::size_t(n) * n, 0.0f);
    return in;
}

Status MatmulInputs::upload() {
    if (onDevice()) return {};
    const std::size_t count = std::size_t(m_n) * m_n;
    for (auto* buffer : {&m_a, &m_b, &m_c})
        if (Status s = buffer->allocate(count); !s) return s;
    // Pageable host memory, as the seed's device_matmul copies.
    const auto start = std::chrono::steady_clock::now();
    WS_CUDA_TRY(cudaMemcpy(m_a.get(), m_hostA.data(), count * 4, cudaMemcpyHostToDevice));
    WS_CUDA_TRY(cudaMemcpy(m_b.get(), m_hostB.data(), count * 4, cudaMemcpyHostToDevice));
    m_uploadMs = msSince(start);
    return {};
}

const MatmulReference& MatmulInputs::reference() {
    if (!m_reference)
        m_reference = MatmulReference::compute(m_hostA, m_hostB, m_n, matmulSample(m_n, m_seed));
    return *m_reference;
}

Status MatmulInputs::poisonResult() {
    return m_c.fill(0xff);  // every float 0xffffffff: a NaN
}

Result<MatmulCheck> MatmulInputs::checkDeviceResult() {
    WS_CUDA_TRY(cudaDeviceSynchronize());
    const auto start = std::chrono::steady_clock::now();
    WS_CUDA_TRY(cudaMemcpy(m_hostC.data(), m_c.get(), m_hostC.size() * 4, cudaMemcpyDeviceToHost));
    m_downloadMs = msSince(start);
    return reference().check(m_hostC.data(), matmulTolerance(m_n).bound);
}

}  // namespace ws::matmul
