#include "kernels/reduction/reduction_input.h"

#include <cmath>
#include <vector>

namespace ws {

namespace {

template <typename T>
Status upload(DeviceBuffer<unsigned char>& buffer, const std::vector<T>& host) {
    if (Status s = buffer.allocate(host.size() * sizeof(T)); !s) return s;
    if (!host.empty())
        WS_CUDA_TRY(
            cudaMemcpy(buffer.get(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    return {};
}

}  // namespace

Result<ReductionInput> ReductionInput::prepare(ElementKind kind, std::uint64_t n,
                                               std::uint64_t seed) {
    ReductionInput input;
    input.m_kind = kind;
    input.m_n = n;
    input.m_seed = seed;
    Status uploaded;
    switch (kind) {
        case ElementKind::Int32: {
            const auto host = makeIntInput(n, seed);
            input.m_intSum = referenceSum(host);
            uploaded = upload(input.m_device, host);
            break;
        }
        case ElementKind::Float: {
            const auto host = makeFloatInput(n, seed);
            input.m_floatSum = referenceSum(host);
            uploaded = upload(input.m_device, host);
            break;
        }
        case ElementKind::Affine: {
            const auto host = makeAffineInput(n, seed);
            input.m_affine.input = referenceCompose(host);
            uploaded = upload(input.m_device, host);
            if (!uploaded) break;
            const auto check = makeAffineCheckInput(n, seed);
            input.m_affine.check = referenceCompose(check);
            uploaded = upload(input.m_check, check);
            break;
        }
    }
    if (!uploaded) return makeError(uploaded.error());
    return input;
}

std::uint64_t ReductionInput::deviceBytes(ElementKind kind, std::uint64_t n) {
    // Affine runs hold the check input beside the input.
    return n * elementBytes(kind) * (kind == ElementKind::Affine ? 2 : 1);
}

Verification ReductionInput::verify(std::uint32_t gpu) const {
    Verification v;
    v.checked = true;
    v.expected = toText(m_intSum);
    v.actual = toText(gpu);
    v.passed = gpu == m_intSum;
    v.absError = std::fabs(double(gpu) - double(m_intSum));
    v.note =
        "int32 sums wrap modulo 2^32 on both sides, so any order gives the same bits: "
        "compared exactly";
    return v;
}

Verification ReductionInput::verify(float gpu, std::uint64_t depth,
                                    const std::string& depthNote) const {
    Verification v;
    v.checked = true;
    v.expected = toText(m_floatSum.sum);
    v.actual = toText(double(gpu));
    v.absError = std::fabs(double(gpu) - m_floatSum.sum);
    v.tolerance = floatSumTolerance(m_floatSum.sumOfMagnitudes, depth);
    v.passed = std::isfinite(double(gpu)) && v.absError <= v.tolerance;
    v.note = "float: |GPU - exact| <= depth * 2^-24 * sum|x| (Higham, first order) with depth " +
             std::to_string(depth) + " (" + depthNote +
             ") and sum|x| = " + toText(m_floatSum.sumOfMagnitudes);
    return v;
}

Verification ReductionInput::verify(Affine gpu, Affine gpuCheck) const {
    return verifyCompositions(m_affine, gpu, gpuCheck);
}

}  // namespace ws
