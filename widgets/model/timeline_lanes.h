#pragma once
// The block records of a run regrouped for the SM timeline: one row per SM,
// one lane per residency slot of that SM, each lane's blocks sorted by start.
// Blocks in one lane never overlap, so both starts and ends are sorted and the
// visible part of a lane is found by binary search: painting cost follows
// what is visible, not the size of the trace.
#include <cstdint>
#include <utility>
#include <vector>

#include "core/run/run.h"
#include "widgets/model/block_ref.h"
#include "widgets/model/timeline_coverage.h"

namespace ws {

struct TimelineLane {
    std::vector<double> start, end;  // ns relative to the run's origin
    std::vector<std::uint32_t> launch, record;
    std::vector<std::uint32_t> wave;  // k: the block is the k-th of its launch in this lane
    LaneSummary summary;              // coverage by columns when zoomed out
    std::size_t size() const { return start.size(); }
    // Index range [first, last) of the blocks that overlap [t0, t1].
    std::pair<std::size_t, std::size_t> visible(double t0, double t1) const;
};

struct TimelineRow {
    std::uint32_t sm = 0;
    std::uint32_t firstLane = 0;  // into TimelineLanes::lanes
    std::uint32_t laneCount = 0;  // slots used on this SM (0 for an idle SM)
    std::size_t blocks = 0;
};

struct TimelineLanes {
    std::vector<TimelineRow> rows;    // one per SM id 0..max(smCount, highest id seen + 1)-1
    std::vector<TimelineLane> lanes;  // grouped by row
    std::uint32_t maxSlots = 0;
    std::size_t blockCount = 0;
    std::uint32_t deviceSms = 0;  // how many SMs the device has (DeviceInfo::smCount)
    // Per launch, wave k starts when the first block that is k-th of that
    // launch in its slot starts.
    std::vector<std::vector<double>> waveStart;
    std::size_t waveCount() const;  // of the launch with the most waves
    // That launch's blocks per slot that ran any: where blocks are short and
    // SMs hand them out unevenly, the busiest slot runs many more in turn
    // (56 against 15.5 for __mul24's 8,192 blocks on 528 slots).
    double meanWaves = 0;

    // origin: the ns value that becomes time 0.
    static TimelineLanes build(const Run& run, std::uint64_t origin);
    // The block at time t in lane `lane` of row `row`, within `tolerance` ns.
    BlockRef blockAt(std::size_t row, std::size_t lane, double t, double tolerance) const;
    // Where a block sits: row, lane in row and index in the lane; {-1,-1,-1} if absent.
    struct Place {
        int row = -1, lane = -1;
        long long index = -1;
    };
    Place find(const BlockRef& ref) const;
    // The index into `lanes` of a block's lane, -1 if absent: in constant
    // time, for painting many things on their blocks' bars.
    long long laneOf(const BlockRef& ref) const;

    // The rows worth a line of their own: where few SMs ran blocks (at most
    // kCompactSms, or at most a quarter of the rows), only theirs, so that 16
    // blocks of the column sums on a 132-SM GPU are not 16 lines a pixel
    // tall among 116 empty rows; likewise where the %smid values run past
    // the device's SM count (a MIG slice reports its SMs' ids on the whole
    // GPU, some GPUs number their SMs with gaps), since an empty row there
    // may be no SM at all; otherwise every row, idle SMs included. Empty
    // without blocks.
    static constexpr std::size_t kCompactSms = 8;
    std::vector<std::uint32_t> rowsWorthDrawing() const;
    // Whether the %smid values run past the device's SM count (a MIG slice
    // reports its SMs' ids on the whole GPU, some GPUs number SMs with gaps):
    // then an id that ran no block may be no SM at all, and the views draw
    // only the SMs that ran blocks.
    bool smIdsPastDevice() const { return deviceSms > 0 && rows.size() > deviceSms; }
    // How many SMs the GPU has: the rows, or the device's count where the
    // %smid values run past it.
    std::size_t smsOnDevice() const;
    // SMs that ran no block and get no row of their own.
    std::size_t idleSms() const;

private:
    std::vector<std::uint32_t> m_placeLane;  // per launch offset + record: lane index
    std::vector<std::uint32_t> m_placeIndex;
    std::vector<std::size_t> m_launchOffset;
};

}  // namespace ws
