// local-memory on the host: the three variants over n threads, each timed
// (the median of its launches) and every thread's result checked bit for bit
// against the CPU's; what the compiler gave each (registers, local bytes per
// thread) from cudaFuncGetAttributes. The `variant` parameter's kernel is the
// run's timed kernel, through timePlainRuns, and its recording build gives
// the block records. Then the occupancy sweep (occupancy_run.cpp) with
// `shared_kib` of shared memory per block.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/memkinds/memkinds_tables.h"
#include "core/memkinds/occupancy_model.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memkinds/local_kernels.h"
#include "kernels/memkinds/memkinds_experiments.h"
#include "kernels/memkinds/memkinds_launch.h"

namespace ws::memkinds {

namespace {

constexpr int kVariantRepetitions = 7;
// A thread's result depends on its index modulo this (its array starts
// from (13 t + 7 k) mod 1024).
constexpr std::uint32_t kResultPeriod = 1024;

// The work of local_work.cuh, written out on the CPU for each thread index
// below the period.
std::vector<float> localReference() {
    std::vector<float> results(kResultPeriod);
    for (std::uint32_t t = 0; t < kResultPeriod; ++t) {
        float a[kLocalWords];
        for (std::uint32_t k = 0; k < kLocalWords; ++k) a[k] = float((t * 13u + k * 7u) & 1023u);
        for (std::uint32_t r = 0; r < kLocalRounds; ++r)
            for (std::uint32_t k = 0; k < kLocalWords; ++k)
                a[k] = std::fabs(a[k] - a[localPermutation((k + r) % kLocalWords)]) + float(r + 1);
        float sum = 0.0f;
        for (std::uint32_t k = 0; k < kLocalWords; ++k) sum += a[k] * float(k + 1);
        results[t] = sum;
    }
    return results;
}

// "" when every thread's result is the reference's, else the first that is not.
std::string compareResults(const std::vector<float>& got, const std::vector<float>& reference,
                           LocalKind kind) {
    std::size_t wrong = 0, first = 0;
    for (std::size_t t = 0; t < got.size(); ++t)
        if (std::memcmp(&got[t], &reference[t % kResultPeriod], sizeof(float)) != 0 && wrong++ == 0)
            first = t;
    if (wrong == 0) return {};
    return std::string(localKindName(kind)) + ": " + std::to_string(wrong) +
           " threads wrong, first thread " + std::to_string(first) + " wrote " +
           std::to_string(got[first]) + ", expected " +
           std::to_string(reference[first % kResultPeriod]);
}

}  // namespace

Result<Run> runLocal(const MemkindsSettings& settings, const RunOptions& options,
                     const DeviceInfo& device) {
    const LocalSettings& local = settings.local;
    const LocalKind chosen = local.variant;
    const std::uint32_t n = local.n;
    const std::uint32_t block = local.block;
    const std::uint32_t sharedBytes = local.sharedBytes;
    const std::uint32_t grid = (n + block - 1) / block;

    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    if (Status s = memory::checkShape(limits, "localArray", dim3(grid), dim3(block), 0); !s)
        return makeError(s.error());
    const auto optIn = std::uint64_t(std::max(limits.sharedMemPerBlockOptin, 0));
    if (sharedBytes > optIn)
        return makeError(
            "shared_kib=" + std::to_string(sharedBytes / 1024) +
            ": the occupancy sweep's blocks would take " + std::to_string(sharedBytes) +
            " B of shared memory each; the device allows " + std::to_string(optIn) +
            " B per block with opt-in, so use shared_kib <= " + std::to_string(optIn / 1024));
    if (Status s = memory::checkFreeMemory(
            "n=" + std::to_string(n),
            std::uint64_t(n) * 4 +
                std::uint64_t(grid) * atomics::BlockRecordStorage::kBytesPerBlock);
        !s)
        return makeError(s.error());

    DeviceBuffer<float> out;
    DeviceBuffer<std::uint32_t> permutation;
    atomics::BlockRecordStorage blocks;
    std::vector<std::uint32_t> perm(kLocalWords);
    for (std::uint32_t k = 0; k < kLocalWords; ++k) perm[k] = localPermutation(k);
    if (Status s = atomics::toDevice(permutation, perm); !s) return makeError(s.error());
    for (Status s : {out.allocate(n), blocks.allocate(grid)})
        if (!s) return makeError(s.error());
    LocalArgs args;
    args.out = out.get();
    args.permutation = permutation.get();
    args.n = n;
    const std::vector<float> reference = localReference();
    const double bytesMoved = double(n) * sizeof(float);

    Run run;
    memory::fillRunHeader(run, "local-memory", settings.resolved, device);
    Checks checks;
    std::vector<LocalVariantTiming> rows;
    for (LocalKind kind : {LocalKind::Registers, LocalKind::LocalIndexed, LocalKind::Spilled}) {
        auto resources = localResources(kind);
        if (!resources) return makeError(resources.error());
        // NaN in every result first: a kernel that wrote nothing cannot pass
        // on the results the kernel before left.
        // And before every timed launch: the recording build is checked on
        // its own output, not on the plain build's.
        auto clearOut = [&]() -> Status { return out.fill(0xff); };
        if (Status s = clearOut(); !s) return makeError(s.error());
        auto launch = [&, kind](bool record) {
            return launchLocal(kind, record, grid, block, args, blocks.pointers(), nullptr);
        };
        int failed = 0;
        auto check = [&, kind]() -> Result<std::string> {
            std::vector<float> got;
            if (Status s = atomics::toHost(out, got); !s) return makeError(s.error());
            std::string wrong = compareResults(got, reference, kind);
            if (!wrong.empty()) ++failed;
            return wrong;
        };
        LocalVariantTiming row;
        row.kind = kind;
        row.registersPerThread = resources->registers;
        row.localBytesPerThread = resources->localBytes;
        if (kind == chosen) {
            Launch recorded =
                memory::makeLaunch(std::string("localArray (") + localKindName(kind) + ")",
                                   dim3(grid), dim3(block), 0);
            if (Status s = timeAndRecord(options, {launch, clearOut, check}, blocks, bytesMoved,
                                         recorded, run, checks);
                !s)
                return makeError(s.error());
            run.launches.push_back(std::move(recorded));
            row.ms = run.timing.kernelMs;
        } else {
            auto ms = timeRuns(kVariantRepetitions, nullptr, [&] { return launch(false); });
            if (!ms) return makeError(ms.error());
            auto wrong = check();
            if (!wrong) return makeError(wrong.error());
            checks.add(wrong->empty(), *wrong);
            row.ms = medianOf(*ms);
        }
        row.verified = failed == 0;
        const std::string name = localKindName(kind);
        std::string key = name;
        std::replace(key.begin(), key.end(), '-', '_');
        run.figures[key + "_ms"] = row.ms;
        run.figures[key + "_registers"] = row.registersPerThread;
        run.figures[key + "_local_bytes"] = row.localBytesPerThread;
        rows.push_back(row);
    }

    auto sweep = sweepOccupancy(limits, block, sharedBytes);
    if (!sweep) return makeError(sweep.error());
    std::uint32_t agree = 0, modelAgrees = 0;
    for (const OccupancyPoint& p : sweep->points) {
        agree += p.measuredBlocksPerSm == p.predictedBlocksPerSm;
        modelAgrees +=
            predictOccupancy(limits, p.registersPerThread, p.threadsPerBlock, p.sharedBytesPerBlock)
                .blocks == p.predictedBlocksPerSm;
    }
    if (!sweep->skipped.empty()) run.texts["occupancy-skipped"] = sweep->skipped;

    run.verification = checks.verification(
        "every thread's result equals the CPU's (whole numbers, exact), for all three variants",
        "exact: all " + std::to_string(n) + " threads of the three variants");
    run.tables.push_back(localTable(rows));
    run.tables.push_back(occupancyTable(sweep->points));
    const double registersMs = run.figures["registers_ms"];
    if (registersMs > 0) {
        run.figures["local_over_registers"] = run.figures["local_indexed_ms"] / registersMs;
        run.figures["spilled_over_registers"] = run.figures["spilled_ms"] / registersMs;
    }
    run.figures["occupancy_points"] = double(sweep->points.size());
    run.figures["occupancy_measured_as_predicted"] = agree;
    run.figures["occupancy_model_as_api"] = modelAgrees;
    return run;
}

}  // namespace ws::memkinds
