// The set0 launcher: both versions timed in one run, interleaved so clock
// and temperature drift touch both alike, each verified; the version the
// parameters name is recorded and is the run's kernel; the SASS captured at
// build time goes into the trace beside the times.
#include "kernels/basics/basics_set0.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "core/basics/set0_check.h"
#include "core/device/sass_listing.h"
#include "core/timing/cpu_timing.h"
#include "core/timing/cpu_work.h"
#include "core/timing/timing_spread.h"
#include "kernels/basics/basics_experiments.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/memory_launch.h"
#include "kernels/common/transfer_timing.h"

namespace ws::basics {

namespace {

// A build without cuobjdump still records the instructions when the machine
// that records has one: the running program disassembles its own set0
// kernels (they are extern "C", so the names are plain).
Set0Sass sassAtRecordTime(const std::string& buildNote) {
    for (const char* tool : {"cuobjdump", "/usr/local/cuda/bin/cuobjdump"}) {
        const std::string command =
            std::string(tool) + " -sass -fun set0Mul24,set0Multiply /proc/self/exe 2>/dev/null";
        FILE* pipe = popen(command.c_str(), "r");
        if (!pipe) continue;
        std::string listing;
        char buffer[4096];
        while (const std::size_t got = std::fread(buffer, 1, sizeof buffer, pipe))
            listing.append(buffer, got);
        if (pclose(pipe) == 0 && listing.find("set0Mul24") != std::string::npos)
            return {listing, ""};
    }
    return {"", buildNote + "; no cuobjdump to disassemble it when recording either"};
}

}  // namespace

Set0Sass set0Sass() {
    Set0Sass built{set0SassListing(), set0SassNote()};
    if (!built.listing.empty()) return built;
    static const Set0Sass atRecordTime = sassAtRecordTime(built.note);
    return atRecordTime;
}

namespace {

struct Set0Kernel {
    bool mul24;
    std::vector<double> ms;
};

Result<Verification> check(const DeviceBuffer<unsigned>& values) {
    std::vector<std::uint32_t> host(values.size());
    WS_CUDA_TRY(cudaMemcpy(host.data(), values.get(), values.bytes(), cudaMemcpyDeviceToHost));
    return verifySet0(host);
}

// One launch of one version between its own events; the fill before is not timed.
Result<double> timeOnce(bool mul24, std::uint32_t grid, std::uint32_t block,
                        DeviceBuffer<unsigned>& values, const CudaEvent& start,
                        const CudaEvent& stop) {
    if (Status s = values.fill(0xff); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaEventRecord(start.get()));
    if (Status s =
            enqueueSet0(mul24, false, grid, block, values.get(), unsigned(values.size()), {});
        !s)
        return makeError(s.error());
    WS_CUDA_TRY(cudaEventRecord(stop.get()));
    WS_CUDA_TRY(cudaEventSynchronize(stop.get()));
    float ms = 0;
    WS_CUDA_TRY(cudaEventElapsedTime(&ms, start.get(), stop.get()));
    return double(ms);
}

void storeSass(Run& run) {
    const Set0Sass sass = set0Sass();
    const auto functions = parseSass(sass.listing);
    for (const char* name : {kSet0Mul24Name, kSet0MultiplyName}) {
        const SassFunction* f = findSassFunction(functions, name);
        if (!f) continue;
        run.texts[std::string("sass.") + name] = listingText(*f);
        run.texts["sass.architecture"] = f->architecture;
    }
    if (!sass.note.empty())
        run.texts["sass.note"] = sass.note;
    else if (!run.texts.count(std::string("sass.") + kSet0Mul24Name))
        run.texts["sass.note"] = "the build's SASS listing has no function set0Mul24";
}

void addFigures(Run& run, const Set0Kernel& k) {
    const std::string name = k.mul24 ? "mul24" : "multiply";
    const Spread s = spreadOf(k.ms);
    run.figures[name + "Ms"] = s.median;
    run.figures[name + "MinMs"] = s.min;
    run.figures[name + "MaxMs"] = s.max;
    run.figures[name + "CvPercent"] = s.cvPercent;
}

}  // namespace

Result<Set0Run> runSet0(const BasicsSettings& settings, const RunOptions& options,
                        const DeviceInfo& device) {
    const std::uint64_t n = settings.set0.n;
    const std::uint32_t block = settings.set0.block;
    const std::uint64_t grid64 = (n + block - 1) / block;
    if (Status s = checkSet0Launch(grid64, block); !s) return makeError(s.error());
    const auto grid = std::uint32_t(grid64);
    if (Status s = memory::checkShape(device, "set0", dim3(grid), dim3(block), 0); !s)
        return makeError(s.error());
    if (Status s = memory::checkFreeMemory("set0 n=" + std::to_string(n), n * 4 + grid64 * 40); !s)
        return makeError(s.error());
    const bool mainMul24 = settings.set0.mul24;

    DeviceBuffer<unsigned> values;
    if (Status s = values.allocate(n); !s) return makeError(s.error());
    CudaEvent start, stop;
    if (Status s = start.create(); !s) return makeError(s.error());
    if (Status s = stop.create(); !s) return makeError(s.error());
    Set0Kernel kernels[2] = {{true, {}}, {false, {}}};
    const int repetitions = std::max(1, options.repetitions);
    for (int r = -1; r < repetitions; ++r)  // r == -1: warm-up of both
        for (int k = 0; k < 2; ++k) {
            Set0Kernel& kernel = kernels[(r + k) & 1];  // alternate which goes first
            auto ms = timeOnce(kernel.mul24, grid, block, values, start, stop);
            if (!ms) return makeError(ms.error());
            if (r >= 0) kernel.ms.push_back(*ms);
        }
    Verification plainCheck[2];
    for (int k = 0; k < 2; ++k) {
        auto ms = timeOnce(kernels[k].mul24, grid, block, values, start, stop);
        if (!ms) return makeError(ms.error());
        auto v = check(values);
        if (!v) return makeError(v.error());
        plainCheck[k] = *v;
    }

    // The recording build of the version on show.
    memory::TraceStorage blocks;
    if (Status s = blocks.allocate({grid64, 0, 0, 0, 0}); !s) return makeError(s.error());
    auto recorded = timeRuns(
        options.measureOverhead ? repetitions : 1, nullptr,
        [&] {
            return enqueueSet0(mainMul24, true, grid, block, values.get(), unsigned(n),
                               blocks.trace().blocks);
        },
        [&] { return values.fill(0xff); });
    if (!recorded) return makeError(recorded.error());
    auto recordedCheck = check(values);
    if (!recordedCheck) return makeError(recordedCheck.error());

    Set0Run out;
    Run& run = out.run;
    memory::fillRunHeader(run, "set0-mul24", settings.resolved, device);
    Launch launch = memory::makeLaunch(mainMul24 ? kSet0Mul24Name : kSet0MultiplyName, dim3(grid),
                                       dim3(block), 0);
    if (Status s = blocks.download(launch); !s) return makeError(s.error());
    run.launches.push_back(std::move(launch));
    run.verification = *recordedCheck;
    for (int k = 0; k < 2; ++k)
        if (!plainCheck[k].passed) {
            run.verification.passed = false;
            run.verification.note = std::string("the ") + (k == 0 ? "__mul24" : "multiply") +
                                    " version: " + plainCheck[k].actual;
        }
    const Set0Kernel& shown = kernels[mainMul24 ? 0 : 1];
    Timing& t = run.timing;
    setKernelSamples(t, shown.ms);
    t.recordedKernelMs = medianOf(*recorded);
    if (options.measureOverhead && t.kernelMs > 0)
        t.overheadPercent = (t.recordedKernelMs - t.kernelMs) / t.kernelMs * 100;
    t.bytesMoved = double(n) * 4;
    for (const auto& k : kernels) addFigures(run, k);
    run.figures["multiplyToMul24"] = run.figures["multiplyMs"] / run.figures["mul24Ms"];
    RecordTable& samples = addTable(run.tables, "set0Samples");
    samples.columns.reserve(2);  // add() returns references into the columns
    auto& variant = samples.add<std::uint8_t>("variant");  // 0 __mul24, 1 multiply
    auto& ms = samples.add<double>("ms");
    for (int k = 0; k < 2; ++k)
        for (double m : kernels[k].ms) {
            variant.push_back(std::uint8_t(k));
            ms.push_back(m);
        }
    storeSass(run);
    if (options.timeCpu) {
        std::vector<std::uint32_t> host(n, 0xffffffffu);
        t.cpuMs = timeCpuMs([&] {
            std::fill(host.begin(), host.end(), 0u);
            keepResult(host[n / 2]);
        });
        t.cpuThreads = cpuThreadsFor(n);
        if (t.cpuThreads > 1)
            t.cpuParallelMs = timeCpuMs([&] {
                cpuZeroParallel(host, t.cpuThreads);
                keepResult(host[n / 2]);
            });
        auto transfer = timeTransfers({{}, {n * 4}});
        if (!transfer) return makeError(transfer.error());
        t.transferMs = *transfer;
    }
    out.mul24Ms = kernels[0].ms;
    out.multiplyMs = kernels[1].ms;
    return out;
}

}  // namespace ws::basics
