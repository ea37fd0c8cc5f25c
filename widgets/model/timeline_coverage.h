#pragma once
// How much of each pixel column a lane's blocks cover, free of Qt so it is
// tested alone. Two ways to the same picture:
//  - by blocks: each visible block adds its share to the columns it touches.
//    Exact, and cheapest when a lane has fewer visible blocks than columns
//    (zoomed in, or a million blocks spread over a thousand lanes).
//  - by sums: the lane's prefix sums of covered time, read at every column
//    boundary (a galloping search from the previous boundary), give each
//    column's covered time as C(t1) - C(t0). Cost follows the columns, not
//    the blocks: zoomed out on a long lane, a column holds hundreds of blocks.
// A frame picks per lane whichever visits fewer entries.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "widgets/model/timeline_data.h"

namespace ws {

struct TimelineLane;

struct CoverageColumn {
    std::uint16_t coverage = 0;  // share of the column covered, in 1/kCoverageUnit (saturates)
    std::uint8_t flags = 0;      // kColumnParity: odd wave; kColumnEdge: a wide bar begins or ends
};
inline constexpr float kCoverageUnit = 8192;
enum : std::uint8_t { kColumnParity = 1, kColumnEdge = 0x80 };
// A bar this many pixels wide or wider gets a darker first and last column.
inline constexpr double kEdgeMinPixels = 5;

// Prefix sums and a max pyramid of one lane, built once with the lanes.
struct LaneSummary {
    std::vector<double> covered;     // [k]: summed duration of blocks [0, k)
    std::vector<double> oddCovered;  // [k]: the same, blocks of odd waves only
    // longest[L][i] >= the longest block of [i * 2^L, (i + 1) * 2^L), L >= 1
    // (level 0 is the blocks themselves): finds the wide bars of a zoomed-out
    // frame without visiting the narrow ones.
    std::vector<std::vector<float>> longest;

    static LaneSummary build(const std::vector<double>& start, const std::vector<double>& end,
                             const std::vector<std::uint32_t>& wave);
    bool empty() const { return covered.empty(); }
};

// Time covered by the lane's blocks before t (a block running at t counts in
// part), and of that the odd waves' share. Overlaps, which only timer rounding
// makes, count twice, as they do block by block.
struct CoveredTime {
    double all = 0, odd = 0;
};
CoveredTime coveredBefore(const TimelineLane& lane, double t);

// Adds the lane's coverage of the view's columns [0, width) to out.
// Returns the entries visited: blocks, or column boundaries and wide bars.
std::size_t addCoverageByBlocks(const TimelineLane& lane, const TimelineData& view, int width,
                                CoverageColumn* out);
std::size_t addCoverageBySums(const TimelineLane& lane, const TimelineData& view, int width,
                              CoverageColumn* out);
// A coarse frame's third way (while a zoom or drag goes on): consecutive
// blocks taken 2^level at a time, each group one bar from its first start to
// its last end, as dense as the group's summed time fills it and toned by the
// waves covering most of it. The lane's total stays exact; where the blocks
// inside a group sit is blurred within the group's few columns. Needs the
// lane's summary; level 0 is the block pass.
std::size_t addCoverageBySegments(const TimelineLane& lane, const TimelineData& view, int width,
                                  int level, CoverageColumn* out);
// Whichever of the two visits fewer entries for this lane and view; a coarse
// frame takes blocks in groups that span about two columns where they are
// narrower than that.
std::size_t addCoverage(const TimelineLane& lane, const TimelineData& view, int width,
                        CoverageColumn* out, bool coarse = false);

}  // namespace ws
