#include "widgets/timeline/timeline_raster.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <optional>

#include "widgets/model/timeline_coverage.h"
#include "widgets/view/palette.h"
#include "widgets/view/parallel_rows.h"

namespace ws {

namespace {

enum : std::uint8_t { kDone = 0, kRunning = 2, kWaiting = 4, kParity = 1, kEdge = 0x80 };
constexpr int kLevels = 32;  // coverage steps of the colour table

QRgb darker(QRgb c) { return qRgb(qRed(c) * 6 / 10, qGreen(c) * 6 / 10, qBlue(c) * 6 / 10); }

// The colours a table is built from, read from the palette: the scheme (light,
// dark, projector) and the categorical set may change between frames.
struct TableKey {
    std::array<QRgb, 4> colours{};  // background, done, running, waiting
    bool operator==(const TableKey&) const = default;
};
TableKey currentKey() {
    return {{palette::background().rgb(), timelineStateColour(BlockState::Done, false).rgb(),
             timelineStateColour(BlockState::Running, false).rgb(),
             timelineStateColour(BlockState::Waiting, false).rgb()}};
}

QRgb toneColour(const TableKey& key, int tone) {
    const QRgb state = key.colours[std::size_t(1 + std::clamp(tone, 0, 5) / 2)];
    return tone & 1 ? lighterForOddWaves(QColor(state)).rgb() : state;
}

// Every (tone, edge, coverage) colour over the background: a pixel costs one lookup.
std::vector<QRgb> colourTable(const TableKey& key) {
    const QRgb bg = key.colours[0];
    std::vector<QRgb> t(256 * (kLevels + 1));
    for (int tone = 0; tone < 256; ++tone) {
        QRgb c = toneColour(key, tone & 0x7f);
        if (tone & kEdge) c = darker(c);
        for (int a = 0; a <= kLevels; ++a) {
            const int w = a * 256 / kLevels;
            t[tone * (kLevels + 1) + a] = qRgb(qRed(bg) - ((qRed(bg) - qRed(c)) * w >> 8),
                                               qGreen(bg) - ((qGreen(bg) - qGreen(c)) * w >> 8),
                                               qBlue(bg) - ((qBlue(bg) - qBlue(c)) * w >> 8));
        }
    }
    return t;
}

// A merged pixel's colour code: its tone bits (wave parity, bar edge) and
// coverage level in one byte, so the per-frame tables stay in L1.
constexpr int kCodes = 4 * (kLevels + 1);
int colourCode(std::uint8_t flags, int level) {
    return ((flags & kParity) | ((flags & kEdge) ? 2 : 0)) * (kLevels + 1) + level;
}

// Every code's colour in each state. Code 0 (level 0) is the background in all.
struct StateColours {
    std::array<QRgb, kCodes> done, running, waiting;
};
// Rebuilt when the palette changes: render() asks for it on its own thread
// before the row workers start, and frames never overlap.
const StateColours& stateColours() {
    static StateColours colours;
    static std::optional<TableKey> builtFor;
    const TableKey key = currentKey();
    if (builtFor != key) {
        const std::vector<QRgb> table = colourTable(key);
        for (int code = 0; code < kCodes; ++code) {
            const int tone = code / (kLevels + 1), level = code % (kLevels + 1);
            const int flags = (tone & 1) | ((tone & 2) ? kEdge : 0);
            auto at = [&](int state) { return table[(state | flags) * (kLevels + 1) + level]; };
            colours.done[code] = at(kDone);
            colours.running[code] = at(kRunning);
            colours.waiting[code] = at(kWaiting);
        }
        builtFor = key;
    }
    return colours;
}

// Columns [0, running) are done, [running, waiting) run, the rest wait.
struct Split {
    int running, waiting;
};

Split splitLane(const TimelineLane& lane, const TimelineData& data, double playhead, int width) {
    const double scale = data.width / data.span();
    auto col = [&](double t) {
        return std::clamp((t - data.viewStart) * scale, -1.0, width + 1.0);
    };
    const auto it = std::upper_bound(lane.start.begin(), lane.start.end(), playhead);
    if (it != lane.start.begin()) {
        const std::size_t k = std::size_t(it - lane.start.begin()) - 1;
        if (lane.end[k] > playhead)
            return {int(std::floor(col(lane.start[k]))), int(std::ceil(col(lane.end[k])))};
    }
    const int x = int(std::ceil(col(playhead)));
    return {x, x};
}

}  // namespace

QColor lighterForOddWaves(const QColor& c) {
    return QColor((c.red() * 3 + 255) / 4, (c.green() * 3 + 255) / 4, (c.blue() * 3 + 255) / 4);
}

QColor timelineStateColour(BlockState state, bool oddWave) {
    QColor c = palette::stateColour(state);
    if (state == BlockState::Waiting) {
        // The grid's waiting grey a sixth of the way to the text colour: thin
        // bars of it still stand out from the background, light or dark.
        const QColor t = palette::text();
        c = QColor((c.red() * 5 + t.red()) / 6, (c.green() * 5 + t.green()) / 6,
                   (c.blue() * 5 + t.blue()) / 6);
    }
    return oddWave ? lighterForOddWaves(c) : c;
}

void TimelineRaster::render(QImage& image, const PreparedRun& prepared, const TimelineData& data,
                            double playhead, const std::vector<std::uint32_t>& shown, bool coarse) {
    const QRgb bg = palette::background().rgb();
    const QRgb separator = palette::gridLine().rgb();
    const int W = image.width(), H = image.height();
    const auto& lanes = prepared.lanes;
    m_rasterized = false;
    if (W <= 0 || H <= 0 || lanes.rows.empty()) {
        image.fill(bg);
        return;
    }

    const Key key{&prepared, data.viewStart, data.viewEnd, W, H, shown.size(), coarse};
    const bool rasterize = !(key == m_key);
    if (rasterize) {
        m_pixels.resize(std::size_t(H) * std::size_t(W));
        m_rows.assign(std::size_t(H), Row{});
        m_key = key;
        m_rasterized = true;
    }
    std::atomic<std::size_t> visited = 0;
    const std::size_t rows = shown.empty() ? lanes.rows.size() : shown.size();
    const std::uint32_t slotCount = std::max<std::uint32_t>(1, lanes.maxSlots);
    m_rowHeight = double(H) / double(rows);
    const bool separators = m_rowHeight >= 4;
    const double laneH = m_rowHeight / slotCount;
    const StateColours& colours = stateColours();
    const int minLevel = int(0.35 * kLevels);  // a block narrower than a pixel still shows

    // Rows are independent: each thread handles whole SM rows.
    parallelRows(int(rows), [&](int rowBegin, int rowEnd) {
        std::vector<Split> splits(slotCount);
        // One SM row's lane coverage at a time: small enough to stay in cache,
        // and never kept, since the merged pixels are all a frame needs.
        thread_local std::vector<CoverageColumn> columns;
        std::size_t seen = 0;
        for (std::size_t row = std::size_t(rowBegin); row < std::size_t(rowEnd); ++row) {
            const TimelineRow& r = lanes.rows[shown.empty() ? row : shown[row]];
            const int yBegin = int(std::ceil(row * m_rowHeight));
            const int yEnd = std::min(H, int(std::ceil((row + 1) * m_rowHeight)));
            if (yBegin >= yEnd) continue;
            if (rasterize) {
                // Coverage of the row's lanes, then each pixel row's merge of them.
                columns.assign(std::size_t(r.laneCount) * W, CoverageColumn{});
                const CoverageColumn* out = columns.data();
                for (std::uint32_t s = 0; s < r.laneCount; ++s)
                    seen += addCoverage(lanes.lanes[r.firstLane + s], data, W,
                                        columns.data() + std::size_t(s) * W, coarse);
                for (int y = yBegin; y < yEnd; ++y) {
                    Row& info = m_rows[std::size_t(y)];
                    info = Row{};
                    if (separators && y == yEnd - 1) {
                        info.kind = RowKind::Separator;
                        continue;
                    }
                    const double yIn = y - row * m_rowHeight;
                    const auto s0 = std::uint32_t(std::max(0.0, yIn) / laneH);
                    // Tall lanes keep a pixel of background between slots, so two
                    // blocks resident together read as two bars, not one.
                    if (laneH >= 5 && s0 + 1 < slotCount && std::uint32_t((yIn + 1) / laneH) > s0)
                        continue;
                    const auto s1 = std::max(s0 + 1, std::uint32_t(std::ceil((yIn + 1) / laneH)));
                    const std::uint32_t end = std::min(s1, r.laneCount);
                    if (s0 >= end) continue;
                    info = {RowKind::Blocks, std::uint8_t(s0), std::uint8_t(end)};
                    // Mean coverage of the lanes (empty slots count as empty),
                    // colour of the widest.
                    const float scale = float(kLevels) / (kCoverageUnit * float(s1 - s0));
                    const int full = int(kCoverageUnit);
                    const CoverageColumn* lane0 = out + std::size_t(s0) * W;
                    Pixel* px = &m_pixels[std::size_t(y) * W];
                    // One or two slots a pixel row: the scale is a power of two and
                    // a shift gives the same level as the multiplication.
                    const int shift = s1 - s0 == 1 ? 8 : (s1 - s0 == 2 ? 9 : -1);
                    static_assert(kLevels * 256 == int(kCoverageUnit));
                    auto level = [&](int cov) {
                        const int l = shift >= 0 ? cov >> shift : int(float(cov) * scale);
                        return std::clamp(l, minLevel, kLevels);
                    };
                    if (end - s0 == 1) {  // the common case: one lane per pixel row
                        const Pixel lane = Pixel(s0 << 8);
                        for (int x = 0; x < W; ++x) {
                            const CoverageColumn c = lane0[x];
                            px[x] = c.coverage == 0
                                        ? Pixel(0)
                                        : Pixel(lane |
                                                colourCode(c.flags,
                                                           level(std::min(int(c.coverage), full))));
                        }
                        continue;
                    }
                    if (end - s0 == 2) {  // thin lanes: most pixel rows merge two
                        const CoverageColumn* lane1 = lane0 + W;
                        for (int x = 0; x < W; ++x) {
                            const int a = lane0[x].coverage, b = lane1[x].coverage;
                            const bool second = b > a;
                            const std::uint8_t flags = second ? lane1[x].flags : lane0[x].flags;
                            const int code =
                                colourCode(flags, level(std::min(a, full) + std::min(b, full)));
                            px[x] = (a | b) == 0 ? Pixel(0)
                                                 : Pixel(((s0 + (second ? 1 : 0)) << 8) | code);
                        }
                        continue;
                    }
                    for (int x = 0; x < W; ++x) {
                        int cov = 0, best = 0;
                        std::uint32_t bestLane = 0;
                        for (std::uint32_t s = 0; s < end - s0; ++s) {
                            const int c = lane0[std::size_t(s) * W + x].coverage;
                            if (c > best) {
                                best = c;
                                bestLane = s;
                            }
                            cov += std::min(c, full);
                        }
                        px[x] = best == 0
                                    ? Pixel(0)
                                    : Pixel(((s0 + bestLane) << 8) |
                                            colourCode(lane0[std::size_t(bestLane) * W + x].flags,
                                                       level(cov)));
                    }
                }
            }
            // Per frame: only the state colours move with the playhead.
            for (std::uint32_t s = 0; s < r.laneCount; ++s)
                splits[s] = splitLane(lanes.lanes[r.firstLane + s], data, playhead, W);
            for (int y = yBegin; y < yEnd; ++y) {
                auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
                const Row info = m_rows[std::size_t(y)];
                if (info.kind != RowKind::Blocks) {
                    std::fill_n(line, W, info.kind == RowKind::Separator ? separator : bg);
                    continue;
                }
                // Left of every merged lane's running block all is done, right
                // of every one all waits.
                int done = W, waiting = 0;
                for (std::uint32_t s = info.firstLane; s < info.endLane; ++s) {
                    done = std::min(done, splits[s].running);
                    waiting = std::max(waiting, splits[s].waiting);
                }
                done = std::clamp(done, 0, W);
                waiting = std::clamp(waiting, done, W);
                const Pixel* px = &m_pixels[std::size_t(y) * W];
                for (int x = 0; x < done; ++x) line[x] = colours.done[px[x] & 0xff];
                for (int x = done; x < waiting; ++x) {
                    const Split& sp = splits[px[x] >> 8];
                    const auto& table = x < sp.running
                                            ? colours.done
                                            : (x < sp.waiting ? colours.running : colours.waiting);
                    line[x] = table[px[x] & 0xff];
                }
                for (int x = waiting; x < W; ++x) line[x] = colours.waiting[px[x] & 0xff];
            }
        }
        visited += seen;
    });
    if (rasterize) m_visited = visited;
}

}  // namespace ws
