#include "widgets/model/timeline_coverage.h"

#include <algorithm>
#include <cmath>

#include "widgets/model/timeline_lanes.h"

namespace ws {

namespace {

// A lane is read by sums once it has this many visible blocks per column:
// below it, visiting the blocks costs less than two searches per column.
constexpr double kSumsAboveBlocksPerColumn = 2;

float roundedUp(double d) {
    float f = float(d);
    if (double(f) < d) f = std::nextafter(f, INFINITY);
    return f;
}

// First index >= from whose value is not before t, searching outwards from
// `from` in doubling steps: consecutive column boundaries are near each
// other in the lane, so this costs the log of the distance, not of the lane.
template <class Before>
std::size_t gallop(const std::vector<double>& v, std::size_t from, double t, Before before) {
    const std::size_t n = v.size();
    if (from >= n || !before(v[from], t)) return from;
    std::size_t lo = from, step = 1, hi = from + 1;
    while (hi < n && before(v[hi], t)) {
        lo = hi;
        step *= 2;
        hi = lo + step;
    }
    hi = std::min(hi, n);
    return std::size_t(std::partition_point(v.begin() + std::ptrdiff_t(lo) + 1,
                                            v.begin() + std::ptrdiff_t(hi),
                                            [&](double x) { return before(x, t); }) -
                       v.begin());
}

// Where a lane stands at time t: blocks [0, ended) are over, [ended, started) run.
struct Cursor {
    std::size_t started = 0, ended = 0;
    void advance(const TimelineLane& lane, double t) {
        started = gallop(lane.start, started, t, [](double a, double b) { return a < b; });
        ended = gallop(lane.end, ended, t, [](double a, double b) { return a <= b; });
    }
    CoveredTime covered(const TimelineLane& lane, double t) const {
        const LaneSummary& s = lane.summary;
        CoveredTime c{s.covered[ended], s.oddCovered[ended]};
        for (std::size_t k = ended; k < started; ++k) {
            const double part = std::min(t, lane.end[k]) - lane.start[k];
            c.all += part;
            if (lane.wave[k] & 1) c.odd += part;
        }
        return c;
    }
};

// The darker first and last column of a bar kEdgeMinPixels wide or more;
// the same expressions as the block by block pass, so both mark the same columns.
inline void markEdges(double x0, double x1, int width, CoverageColumn* out) {
    if (x1 - x0 < kEdgeMinPixels) return;
    x0 = std::max(x0, 0.0);
    x1 = std::min(x1, double(width));
    if (x0 >= width) return;
    const int c0 = int(x0);
    const int c1 = std::min(width - 1, int(std::ceil(x1)) - 1);
    if (x0 > 0) out[c0].flags |= kColumnEdge;
    if (c1 > c0 && x1 < width) out[c1].flags |= kColumnEdge;
}

}  // namespace

LaneSummary LaneSummary::build(const std::vector<double>& start, const std::vector<double>& end,
                               const std::vector<std::uint32_t>& wave) {
    LaneSummary s;
    const std::size_t n = start.size();
    s.covered.resize(n + 1);
    s.oddCovered.resize(n + 1);
    s.covered[0] = s.oddCovered[0] = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const double d = end[k] - start[k];
        s.covered[k + 1] = s.covered[k] + d;
        s.oddCovered[k + 1] = s.oddCovered[k] + ((wave[k] & 1) ? d : 0);
    }
    s.longest.emplace_back();  // level 0: the blocks
    if (n > 1) {
        std::vector<float> level((n + 1) / 2);
        for (std::size_t i = 0; i < level.size(); ++i) {
            double d = end[2 * i] - start[2 * i];
            if (2 * i + 1 < n) d = std::max(d, end[2 * i + 1] - start[2 * i + 1]);
            level[i] = roundedUp(d);
        }
        s.longest.push_back(std::move(level));
        while (s.longest.back().size() > 1) {
            const auto& below = s.longest.back();
            std::vector<float> up((below.size() + 1) / 2);
            for (std::size_t i = 0; i < up.size(); ++i)
                up[i] = 2 * i + 1 < below.size() ? std::max(below[2 * i], below[2 * i + 1])
                                                 : below[2 * i];
            s.longest.push_back(std::move(up));
        }
    }
    return s;
}

CoveredTime coveredBefore(const TimelineLane& lane, double t) {
    Cursor c;
    c.advance(lane, t);
    return c.covered(lane, t);
}

namespace {

// The block pass, adding the first 1 + Interior columns of every block and
// its last without a branch: zoomed out a block is a few pixels wide and
// touches a random count of columns, which a loop would mispredict. Zero
// units change no tone of a column that has coverage, and an empty column
// takes the tone of the next block that covers it.
template <int Interior>
void addBlocks(const TimelineLane& lane, const TimelineData& view, int width, CoverageColumn* out,
               std::size_t first, std::size_t last) {
    const double scale = view.width / view.span();
    const double origin = view.viewStart;
    // The widest block so far sets the column's wave tone (without a branch).
    auto add = [](CoverageColumn& col, int units, std::uint8_t parity) {
        const std::uint8_t toned = std::uint8_t((col.flags & kColumnEdge) | parity);
        col.flags = units * 2 >= col.coverage ? toned : col.flags;
        col.coverage = std::uint16_t(std::min(65535, col.coverage + units));
    };
    auto unitsOf = [](double share) {  // zero length still shows
        return std::max(1, int(share * kCoverageUnit));
    };
    for (std::size_t k = first; k < last; ++k) {
        double x0 = (lane.start[k] - origin) * scale, x1 = (lane.end[k] - origin) * scale;
        const bool wide = x1 - x0 >= kEdgeMinPixels;
        const std::uint8_t parity = std::uint8_t(lane.wave[k] & 1);
        x0 = std::max(x0, 0.0);
        x1 = std::min(x1, double(width));
        if (x0 >= width) continue;
        const int c0 = int(x0);
        const int whole = int(x1);  // ceil(x1) - 1 without a libm call (x1 > -1 here)
        const int c1 = std::min(width - 1, double(whole) == x1 ? whole - 1 : whole);
        const bool spans = c1 > c0;
        // First column: the whole block if it ends there, else up to its edge;
        // columns between whole, the last in part.
        add(out[c0], unitsOf(std::min(x1, double(c0 + 1)) - x0), parity);
        for (int j = 1; j <= Interior; ++j)
            add(out[std::min(c0 + j, width - 1)], c0 + j < c1 ? int(kCoverageUnit) : 0, parity);
        for (int c = c0 + 1 + Interior; c < c1; ++c) add(out[c], int(kCoverageUnit), parity);
        add(out[spans ? c1 : std::min(c0 + 1, width - 1)], spans ? unitsOf(x1 - double(c1)) : 0,
            parity);
        if (wide) [[unlikely]] {
            if (x0 > 0) out[c0].flags |= kColumnEdge;
            if (spans && x1 < width) out[c1].flags |= kColumnEdge;
        }
    }
}

}  // namespace

std::size_t addCoverageByBlocks(const TimelineLane& lane, const TimelineData& view, int width,
                                CoverageColumn* out) {
    const double slack = view.nsPerPixel();
    const auto [first, last] = lane.visible(view.viewStart - slack, view.viewEnd + slack);
    if (first == last) return 0;
    // Pixels per block, gaps included: blocks of two or three columns take
    // the short form, wider ones (4K, or zoomed in a little) the long one.
    const double pixelsPerBlock =
        (lane.end[last - 1] - lane.start[first]) / view.nsPerPixel() / double(last - first);
    if (pixelsPerBlock < 2.5)
        addBlocks<1>(lane, view, width, out, first, last);
    else
        addBlocks<3>(lane, view, width, out, first, last);
    return last - first;
}

std::size_t addCoverageBySums(const TimelineLane& lane, const TimelineData& view, int width,
                              CoverageColumn* out) {
    if (lane.summary.empty() || lane.size() == 0 || width <= 0) return 0;
    const double scale = view.width / view.span();
    const double nsPerColumn = 1 / scale;
    const double origin = view.viewStart;
    const double units = scale * kCoverageUnit;

    // The block pass shows a block that ended less than a column before the
    // view as a sliver (one unit) in column 0: the same here.
    Cursor cursor;
    cursor.advance(lane, origin - nsPerColumn);
    const std::size_t endedEarlier = cursor.ended;
    cursor.advance(lane, origin);
    std::size_t endedBefore = cursor.ended;
    int slivers = int(std::min<std::size_t>(65535, endedBefore - endedEarlier));
    CoveredTime before = cursor.covered(lane, origin);
    for (int c = 0; c < width; ++c) {
        const double t = origin + double(c + 1) * nsPerColumn;
        cursor.advance(lane, t);
        const CoveredTime upTo = cursor.covered(lane, t);
        // Blocks that end after the column begins and start before it ends touch it.
        const bool touched = cursor.started > endedBefore;
        const double all = upTo.all - before.all;
        if (touched || all > 0 || slivers > 0) {
            const int u =
                (touched || all > 0 ? std::max(1, int(std::max(0.0, all) * units)) : 0) + slivers;
            CoverageColumn& col = out[c];
            col.coverage = std::uint16_t(std::min(65535, col.coverage + u));
            // A column of many blocks takes the tone of the waves covering most of it.
            const double odd = upTo.odd - before.odd;
            col.flags = std::uint8_t((col.flags & kColumnEdge) | (odd * 2 > all ? 1 : 0));
        }
        before = upTo;
        endedBefore = cursor.ended;
        slivers = 0;
    }

    // Wide bars are few where blocks are dense: the pyramid skips every
    // stretch of blocks whose longest is narrower than kEdgeMinPixels.
    const double slack = nsPerColumn;
    const auto [first, last] = lane.visible(origin - slack, view.viewEnd + slack);
    const double threshold = kEdgeMinPixels * nsPerColumn * (1 - 1e-9);
    const auto& longest = lane.summary.longest;
    const std::size_t top = longest.size() - 1;
    std::size_t visited = std::size_t(width) + 1, k = first;
    while (k < last) {
        std::size_t level = 0;
        while (level < top && (k & ((std::size_t(2) << level) - 1)) == 0 &&
               k + (std::size_t(2) << level) <= last)
            ++level;
        bool skipped = false;
        for (; level > 0; --level) {
            ++visited;
            if (longest[level][k >> level] < threshold) {
                k += std::size_t(1) << level;
                skipped = true;
                break;
            }
        }
        if (skipped) continue;
        ++visited;
        markEdges((lane.start[k] - origin) * scale, (lane.end[k] - origin) * scale, width, out);
        ++k;
    }
    return visited;
}

std::size_t addCoverageBySegments(const TimelineLane& lane, const TimelineData& view, int width,
                                  int level, CoverageColumn* out) {
    if (level <= 0 || lane.summary.empty()) return addCoverageByBlocks(lane, view, width, out);
    const double slack = view.nsPerPixel();
    const auto [first, last] = lane.visible(view.viewStart - slack, view.viewEnd + slack);
    if (first == last || width <= 0) return 0;
    const double scale = view.width / view.span();
    const double origin = view.viewStart;
    const auto& covered = lane.summary.covered;
    const auto& odd = lane.summary.oddCovered;
    const std::size_t group = std::size_t(1) << level;
    std::size_t visited = 0;
    for (std::size_t i0 = first & ~(group - 1); i0 < last; i0 += group, ++visited) {
        const std::size_t i1 = std::min(i0 + group, lane.size());
        const double t0 = lane.start[i0], t1 = lane.end[i1 - 1];
        const double time = covered[i1] - covered[i0];
        const double density = t1 > t0 ? std::clamp(time / (t1 - t0), 0.0, 1.0) : 1.0;
        const std::uint8_t parity = (odd[i1] - odd[i0]) * 2 > time ? 1 : 0;
        double x0 = (t0 - origin) * scale, x1 = (t1 - origin) * scale;
        x0 = std::max(x0, 0.0);
        x1 = std::min(x1, double(width));
        if (x0 >= width || x1 < 0) continue;
        const int c0 = int(x0);
        const int c1 = std::min(width - 1, std::max(c0, int(std::ceil(x1)) - 1));
        for (int c = c0; c <= c1; ++c) {
            const double share = std::min(x1, double(c + 1)) - std::max(x0, double(c));
            const int units = std::max(1, int(std::max(0.0, share) * density * kCoverageUnit));
            CoverageColumn& col = out[c];
            const std::uint8_t toned = std::uint8_t((col.flags & kColumnEdge) | parity);
            col.flags = units * 2 >= col.coverage ? toned : col.flags;
            col.coverage = std::uint16_t(std::min(65535, col.coverage + units));
        }
    }
    return visited;
}

std::size_t addCoverage(const TimelineLane& lane, const TimelineData& view, int width,
                        CoverageColumn* out, bool coarse) {
    const double slack = view.nsPerPixel();
    const auto [first, last] = lane.visible(view.viewStart - slack, view.viewEnd + slack);
    const double blocksPerColumn = width > 0 ? double(last - first) / width : 0;
    if (!lane.summary.empty() && blocksPerColumn > kSumsAboveBlocksPerColumn)
        return addCoverageBySums(lane, view, width, out);
    if (coarse && !lane.summary.empty() && blocksPerColumn >= 0.25) {
        // Groups about eight columns wide: 0.25-0.5 blocks per column take
        // fours, 0.5-1 eights, 1-2 sixteens. Pairs did not pay: half the
        // visits, but each one a loop where a block is branch-free.
        const int level = std::clamp(int(std::floor(std::log2(blocksPerColumn * 16))), 2, 4);
        return addCoverageBySegments(lane, view, width, level, out);
    }
    return addCoverageByBlocks(lane, view, width, out);
}

}  // namespace ws
