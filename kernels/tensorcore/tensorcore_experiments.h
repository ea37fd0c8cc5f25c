#pragma once
// Host entry points of the tensor-core product (catalog id matmul-tc, group
// "matmul"). A run checks its parameters against the device, times the
// plain build, verifies it against the CPU reference, runs the recording
// build, verifies that too and returns the trace, as the matrix multiply
// lab's runs do (kernels/matmul/matmul_measure.h); nothing here prints or
// exits. Inputs of one size can be prepared once and shared by every
// variant and output (the benchmark and the tests do).
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/matmul/matmul_reference.h"
#include "core/run/run.h"
#include "core/tensorcore/tensorcore_variants.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/run_options.h"
#include "kernels/matmul/matmul_experiments.h"

namespace ws {

bool isTensorCoreExperiment(std::string_view id);

Result<Run> runTensorCoreExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                    const RunOptions& options, const DeviceInfo& device);

namespace tensorcore {

// A and B of one size as BF16 on the host (and, once uploaded, the device),
// C's buffer (FP32-sized; a BF16 C takes its first half), and the sampled
// reference, computed on first use.
class TensorCoreInputs {
public:
    static std::unique_ptr<TensorCoreInputs> make(std::uint32_t n, std::uint64_t seed);
    // Device bytes of A, B and C.
    static std::uint64_t deviceBytes(std::uint32_t n);
    Status upload();  // device buffers for A, B and C; A and B copied (timed)
    bool onDevice() const { return m_a.size() > 0; }

    std::uint32_t n() const { return m_n; }
    std::uint64_t seed() const { return m_seed; }
    const std::vector<std::uint16_t>& hostA() const { return m_hostA; }  // BF16 bits
    const std::vector<std::uint16_t>& hostB() const { return m_hostB; }
    // The last C checked, as floats (a BF16 C widened exactly).
    const std::vector<float>& hostC() const { return m_hostC; }
    const void* deviceA() const { return m_a.get(); }  // __nv_bfloat16
    const void* deviceB() const { return m_b.get(); }
    void* deviceC() const { return m_c.get(); }
    const MatmulReference& reference();
    double uploadMs() const { return m_uploadMs; }
    double lastDownloadMs() const { return m_downloadMs; }

    // C back to the host (timed) and checked against the reference with
    // bf16MatmulTolerance for this output.
    Result<MatmulCheck> checkDeviceResult(TensorCoreOutput output);
    // C's device buffer set to NaN (FP32 and BF16 alike), so an entry no
    // thread writes cannot pass.
    Status poisonResult();

private:
    std::uint32_t m_n = 0;
    std::uint64_t m_seed = 0;
    std::vector<std::uint16_t> m_hostA, m_hostB, m_hostC16;
    std::vector<float> m_hostC;
    DeviceBuffer<std::uint16_t> m_a, m_b;
    DeviceBuffer<float> m_c;
    std::optional<MatmulReference> m_reference;
    double m_uploadMs = 0, m_downloadMs = 0;
};

// The catalog's parameters (resolved or not: defaults are filled in and every
// value checked). `inputs` may be null (made here) or inputs of the same n
// and seed. `record` false skips the recording build.
Result<matmul::MatmulRun> runTensorCore(const ParamValues& params, const RunOptions& options,
                                        const DeviceInfo& device,
                                        TensorCoreInputs* inputs = nullptr, bool record = true);

}  // namespace tensorcore
}  // namespace ws
