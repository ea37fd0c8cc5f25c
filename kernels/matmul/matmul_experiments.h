#pragma once
// Host entry points of the matrix multiply lab (catalog group "matmul").
// A run checks its parameters against the device, times the plain build
// (median of repetitions, after a warm-up), verifies it against the CPU
// reference, runs the recording build, verifies that too and returns the
// trace; nothing here prints or exits. Inputs of one size can be prepared
// once and shared by every variant (the benchmark and the tests do).
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/matmul/matmul_reference.h"
#include "core/matmul/matmul_variants.h"
#include "core/run/run.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/run_options.h"

namespace ws {

bool isMatmulExperiment(std::string_view id);

Result<Run> runMatmulExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                const RunOptions& options, const DeviceInfo& device);

namespace matmul {

// A and B of one size on the host (and, once uploaded, the device), C's
// buffers, and the sampled reference, computed on first use.
class MatmulInputs {
public:
    static std::unique_ptr<MatmulInputs> make(std::uint32_t n, std::uint64_t seed);
    Status upload();  // device buffers for A, B and C; A and B copied (timed)
    bool onDevice() const { return m_a.size() > 0; }

    std::uint32_t n() const { return m_n; }
    std::uint64_t seed() const { return m_seed; }
    const std::vector<float>& hostA() const { return m_hostA; }
    const std::vector<float>& hostB() const { return m_hostB; }
    std::vector<float>& hostC() { return m_hostC; }
    const float* deviceA() const { return m_a.get(); }
    const float* deviceB() const { return m_b.get(); }
    float* deviceC() const { return m_c.get(); }
    const MatmulReference& reference();
    double uploadMs() const { return m_uploadMs; }
    double lastDownloadMs() const { return m_downloadMs; }

    // C back to the host (timed) and checked against the reference.
    Result<MatmulCheck> checkDeviceResult();
    // C's device buffer set to NaN, so an entry no thread writes cannot pass.
    Status poisonResult();

private:
    std::uint32_t m_n = 0;
    std::uint64_t m_seed = 0;
    std::vector<float> m_hostA, m_hostB, m_hostC;
    DeviceBuffer<float> m_a, m_b, m_c;
    std::optional<MatmulReference> m_reference;
    double m_uploadMs = 0, m_downloadMs = 0;
};

// A run plus every timed launch, for benchmarks that report the spread.
struct MatmulRun {
    Run run;
    std::vector<double> plainMs, recordedMs;
};

// The catalog's parameters (resolved). `inputs` may be null (made here) or
// inputs of the same n and seed. `record` false skips the recording build
// (a benchmark that reports no records saves its launches).
Result<MatmulRun> runMatmul(const ParamValues& params, const RunOptions& options,
                            const DeviceInfo& device, MatmulInputs* inputs = nullptr,
                            bool record = true);
// A warp-tile configuration of the benchmark's sweep (plain build only).
Result<MatmulRun> runWarptileConfig(const WarptileConfig& config, MatmulInputs& inputs,
                                    const RunOptions& options, const DeviceInfo& device);

}  // namespace matmul
}  // namespace ws
