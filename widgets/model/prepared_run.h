#pragma once
// A Run plus the indexes every view needs, built once (off the UI thread for
// large traces) and then shared read-only by all views.
#include <cstdint>
#include <memory>
#include <vector>

#include "core/run/run.h"
#include "widgets/model/block_ref.h"
#include "widgets/model/timeline_lanes.h"

namespace ws {

struct LaunchIndex {
    double start = 0, end = 0;                // ns relative to the run's origin
    std::vector<std::int32_t> recordOfBlock;  // linear block id -> record, -1 if none
};

struct PreparedRun {
    std::shared_ptr<const Run> run;
    std::uint64_t origin = 0;  // %globaltimer value shown as time 0
    double spanEnd = 0;        // ns after origin when the last block ended
    std::vector<LaunchIndex> launches;
    TimelineLanes lanes;
    // Playback steps: the times at which something changes (a block starts or
    // ends, a traced warp begins a step); evenly spaced when there are too many.
    std::vector<double> steps;

    const Launch* launch(int index) const;
    BlockState stateAt(const BlockRef& ref, double t) const;
    BlockState stateOfBlock(int launch, std::uint32_t linearBlock, double t) const;
    BlockRef refOfBlock(int launch, std::uint32_t linearBlock) const;
    double startOf(const BlockRef& ref) const;
    double endOf(const BlockRef& ref) const;
    // The launch the playback is in at time t (the last one started by then).
    int launchAt(double t) const;
};

std::shared_ptr<const PreparedRun> prepareRun(std::shared_ptr<const Run> run);

// Maps a warp's clock64 reading inside a block to ns after the origin, by the
// block's own start/end pairs of %globaltimer and clock64.
double clockToNs(const PreparedRun& prepared, const BlockRef& ref, std::int64_t clock);

}  // namespace ws
