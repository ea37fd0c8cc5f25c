#include "core/profile/occupancy_prediction.h"

#include <cstdio>
#include <set>
#include <utility>

namespace ws {

namespace {

// The one (threads per block, dynamic shared memory) the run's launches
// share, or nothing where they differ or there is none.
std::optional<std::pair<std::uint64_t, std::uint32_t>> oneLaunchShape(const Run& run) {
    std::set<std::pair<std::uint64_t, std::uint32_t>> shapes;
    for (const Launch& l : run.launches)
        if (l.grid.count() > 0) shapes.insert({l.block.count(), l.sharedBytes});
    if (shapes.size() != 1) return std::nullopt;
    return *shapes.begin();
}

}  // namespace

std::optional<BlockResources> profiledBlockResources(const Run& run) {
    const auto& functions = run.profile.functions;
    if (functions.size() != 1 || functions[0].registersPerThread == 0) return std::nullopt;
    if (!oneLaunchShape(run)) return std::nullopt;
    return BlockResources{functions[0].registersPerThread, functions[0].staticSharedBytes};
}

std::optional<OccupancyPrediction> predictedOccupancy(const Run& run) {
    const auto resources = profiledBlockResources(run);
    if (!resources) return std::nullopt;
    const auto [threads, dynamicShared] = *oneLaunchShape(run);
    const auto& functions = run.profile.functions;
    OccupancyInput in;
    in.threadsPerBlock = std::uint32_t(threads);
    in.registersPerThread = resources->registersPerThread;
    in.sharedBytesPerBlock = resources->staticSharedBytes + dynamicShared;
    auto o = predictOccupancy(run.device, in);
    if (!o) return std::nullopt;
    return OccupancyPrediction{*o, in.threadsPerBlock, in.registersPerThread,
                               in.sharedBytesPerBlock, functions[0].displayName};
}

std::string describeOccupancyPrediction(const OccupancyPrediction& p) {
    char text[256];
    const double kb = p.sharedBytesPerBlock / 1000.0;
    std::snprintf(text, sizeof text,
                  "at most %.0f %%: %u block%s of %u threads an SM, limited by %s "
                  "(%u registers a thread, %.1f KB of shared memory a block)",
                  p.occupancy.occupancy * 100, p.occupancy.blocksPerSm,
                  p.occupancy.blocksPerSm == 1 ? "" : "s", p.threadsPerBlock,
                  occupancyLimitName(p.occupancy.limitedBy).c_str(), p.registersPerThread, kb);
    return text;
}

}  // namespace ws
