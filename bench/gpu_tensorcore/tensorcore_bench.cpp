// tensorcore_bench [--json FILE]: the tensor-core lab on the GPU. The
// tensor-core product (matmul-tc) in BF16 at 4096 and 8192: every rung of the
// ladder (wmma, mma-sync, wgmma, ... clusters) beside cublasGemmEx in BF16
// with FP32 compute, for FP32 and BF16 output, as % of cuBLAS and of the dense
// BF16 peak. Every timed result was first verified against the CPU reference
// (core/tensorcore/bf16_reference.h); a run that fails is marked and fails
// the program. Prints a markdown table; the JSON holds every number.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "kernels/device/device_query.h"
#include "kernels/tensorcore/tensorcore_experiments.h"

namespace {

// The tensor-core product: each variant and output at n = 4096 and 8192,
// cuBLAS first so that every kernel reads as a share of it (same output).
// Returns the failures: runs refused or not verified.
struct TensorCoreRow {
    std::string variant, output;
    std::uint32_t n = 0;
    double medianMs = 0, minMs = 0, maxMs = 0, cvPercent = 0, tflops = 0;
    int samples = 0;
    bool verified = false;
};

int benchTensorCore(const ws::DeviceInfo& device, nlohmann::json& out) {
    int failures = 0;
    // The dense BF16 peak at the device's SM clock (SMs x 4096 x clock on
    // Hopper): what "% of peak" divides by.
    const double peakTflops = ws::bf16TensorPeakGflops(device) / 1000;
    out["bf16PeakTflops"] = peakTflops;
    std::printf(
        "\n### Tensor cores: BF16 in, FP32 accumulation (matmul-tc)\n\nDense BF16 peak: %.0f "
        "TFLOP/s (%d SMs x %d FLOP/clock x %.2f GHz)\n\n| variant | n | output | "
        "median ms | min | max | cv %% | TFLOP/s | %% of cuBLAS | %% of peak | verified "
        "|\n|---|---|---|---|---|---|---|---|---|---|---|\n",
        peakTflops, device.smCount,
        ws::bf16TensorFlopsPerClockPerSm(device.ccMajor, device.ccMinor), device.smClockKHz / 1e6);
    for (std::uint32_t n : {4096u, 8192u}) {
        std::fprintf(stderr, "tensorcore_bench: preparing %u x %u BF16 inputs\n", n, n);
        auto inputs = ws::tensorcore::TensorCoreInputs::make(n, 1);
        for (const char* output : {"f32", "bf16"}) {
            double cublas = 0;
            std::vector<std::string> order = {"cublas"};
            for (const auto& info : ws::tensorCoreVariants())
                if (info.ownKernel) order.push_back(info.id);
            for (const std::string& v : order) {
                ws::RunOptions o;
                o.repetitions = n >= 8192 ? 10 : 20;
                o.measureOverhead = false;
                auto r = ws::tensorcore::runTensorCore({{"variant", v},
                                                        {"n", std::to_string(n)},
                                                        {"output", output},
                                                        {"traced_blocks", "0"}},
                                                       o, device, inputs.get(), false);
                if (!r) {
                    std::cerr << "tensorcore_bench: matmul-tc " << v << " n=" << n
                              << " output=" << output << ": " << r.error() << "\n";
                    ++failures;
                    continue;
                }
                const auto& t = r->run.timing;
                TensorCoreRow row;
                row.variant = v;
                row.output = output;
                row.n = n;
                row.medianMs = t.kernelMs;
                row.minMs = t.kernelMinMs;
                row.maxMs = t.kernelMaxMs;
                row.cvPercent = t.kernelCvPercent;
                row.tflops = t.gflopPerS() / 1000;
                row.samples = t.repetitions;
                row.verified = r->run.verification.passed;
                if (!row.verified) ++failures;
                if (v == "cublas") cublas = row.tflops;
                const double pct = cublas > 0 ? 100 * row.tflops / cublas : 0;
                const double ofPeak = peakTflops > 0 ? 100 * row.tflops / peakTflops : 0;
                std::printf(
                    "| %s | %u | %s | %.3f | %.3f | %.3f | %.1f | %.1f | %.1f | %.1f | %s |\n",
                    row.variant.c_str(), n, output, row.medianMs, row.minMs, row.maxMs,
                    row.cvPercent, row.tflops, pct, ofPeak, row.verified ? "yes" : "NO");
                out["bf16"].push_back({{"variant", row.variant},
                                       {"n", n},
                                       {"output", row.output},
                                       {"medianMs", row.medianMs},
                                       {"minMs", row.minMs},
                                       {"maxMs", row.maxMs},
                                       {"cvPercent", row.cvPercent},
                                       {"samples", row.samples},
                                       {"tflops", row.tflops},
                                       {"percentOfCublas", pct},
                                       {"percentOfPeak", ofPeak},
                                       {"verified", row.verified}});
            }
        }
    }
    return failures;
}

}  // namespace

int main(int argc, char** argv) {
    std::string jsonPath;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--json" && i + 1 < argc) {
            jsonPath = argv[++i];
        } else if (a == "--quick") {
            // Accepted for the scripts that pass it: the table is already the quick one.
        } else {
            std::cerr << "usage: tensorcore_bench [--json FILE]\n";
            return 2;
        }
    }
    auto device = ws::cachedDeviceInfo(0);
    if (!device) {
        std::cerr << "tensorcore_bench: " << device.error() << "\n";
        return 1;
    }
    nlohmann::json out = {{"device", device->name}};
    const int failures = benchTensorCore(*device, out);
    if (!jsonPath.empty()) {
        std::ofstream f(jsonPath);
        f << out.dump(2) << "\n";
        if (!f) {
            std::cerr << "tensorcore_bench: cannot write " << jsonPath << "\n";
            return 1;
        }
    }
    if (failures) std::fprintf(stderr, "tensorcore_bench: %d failures\n", failures);
    return failures == 0 ? 0 : 1;
}
