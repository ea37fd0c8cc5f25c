#pragma once
// The input of a reduction run: generated on the host from (n, seed), copied to
// the device once, and its CPU reference computed once, so a benchmark can run
// many variants over the same data.
#include <cstdint>
#include <string>

#include "core/common/reduction_values.h"
#include "core/common/result.h"
#include "core/memory/affine_check.h"
#include "core/reduction/reduction_reference.h"
#include "core/run/run.h"
#include "kernels/common/device_buffer.h"
#include "kernels/reduction/reduction_shapes.h"

namespace ws {

class ReductionInput {
public:
    static Result<ReductionInput> prepare(ElementKind kind, std::uint64_t n, std::uint64_t seed);

    ElementKind kind() const { return m_kind; }
    std::uint64_t size() const { return m_n; }
    std::uint64_t seed() const { return m_seed; }
    std::uint64_t bytes() const { return m_n * elementBytes(m_kind); }
    const void* device() const { return m_device.get(); }
    // Affine maps only: a second input of n maps (makeAffineCheckInput) that
    // the run's kernels compose once more, untimed, so that a wrong order must
    // get two independent inputs right to pass (core/memory/affine_check.h). Null for
    // sums.
    const void* checkDevice() const {
        return m_kind == ElementKind::Affine ? m_check.get() : nullptr;
    }
    // Device memory a run of `kind` needs for its inputs.
    static std::uint64_t deviceBytes(ElementKind kind, std::uint64_t n);

    // Exact for int32 (wrapping) and affine maps; for floats within
    // floatSumTolerance(sum of magnitudes, depth), `depthNote` saying how the
    // depth was bounded.
    Verification verify(std::uint32_t gpu) const;
    Verification verify(float gpu, std::uint64_t depth, const std::string& depthNote) const;
    // The run's input's composition and the check input's.
    Verification verify(Affine gpu, Affine gpuCheck) const;

private:
    ElementKind m_kind = ElementKind::Int32;
    std::uint64_t m_n = 0;
    std::uint64_t m_seed = 0;
    DeviceBuffer<unsigned char> m_device;
    DeviceBuffer<unsigned char> m_check;
    std::uint32_t m_intSum = 0;
    FloatReference m_floatSum;
    AffineExpectation m_affine;
};

}  // namespace ws
