#include "widgets/timeline_raster.h"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "widgets/palette.h"
#include "widgets/parallel_rows.h"

namespace ws {

namespace {

enum : std::uint8_t { kDone = 0, kRunning = 2, kWaiting = 4, kParity = 1, kEdge = 0x80 };
constexpr int kLevels = 32;  // coverage steps of the colour table

QRgb toneColour(int tone) {
    // Same state colours as the grid view; odd waves a shade lighter.
    const QRgb colours[6] = {palette::stateColour(BlockState::Done).rgb(),
                             qRgb(0x3C, 0x93, 0xCC),
                             palette::stateColour(BlockState::Running).rgb(),
                             qRgb(0xF2, 0xC0, 0x55),
                             qRgb(0xB4, 0xB4, 0xB4),
                             qRgb(0xD0, 0xD0, 0xD0)};
    return colours[std::clamp(tone, 0, 5)];
}

QRgb darker(QRgb c) { return qRgb(qRed(c) * 6 / 10, qGreen(c) * 6 / 10, qBlue(c) * 6 / 10); }

// Every (tone, edge, coverage) colour over the background: a pixel costs one lookup.
const std::vector<QRgb>& colourTable() {
    static const std::vector<QRgb> table = [] {
        const QRgb bg = palette::background().rgb();
        std::vector<QRgb> t(256 * (kLevels + 1));
        for (int tone = 0; tone < 256; ++tone) {
            QRgb c = toneColour(tone & 0x7f);
            if (tone & kEdge) c = darker(c);
            for (int a = 0; a <= kLevels; ++a) {
                const int w = a * 256 / kLevels;
                t[tone * (kLevels + 1) + a] = qRgb(qRed(bg) - ((qRed(bg) - qRed(c)) * w >> 8),
                                                   qGreen(bg) - ((qGreen(bg) - qGreen(c)) * w >> 8),
                                                   qBlue(bg) - ((qBlue(bg) - qBlue(c)) * w >> 8));
            }
        }
        return t;
    }();
    return table;
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

std::size_t TimelineRaster::rasterLane(const TimelineLane& lane, const TimelineData& data,
                                       Column* out, int width) {
    const double slack = data.nsPerPixel();
    const auto [first, last] = lane.visible(data.viewStart - slack, data.viewEnd + slack);
    const double scale = data.width / data.span();
    const double origin = data.viewStart;
    for (std::size_t k = first; k < last; ++k) {
        double x0 = (lane.start[k] - origin) * scale, x1 = (lane.end[k] - origin) * scale;
        const bool wide = x1 - x0 >= 5;
        const std::uint8_t parity = std::uint8_t(lane.wave[k] & 1);
        x0 = std::max(x0, 0.0);
        x1 = std::min(x1, double(width));
        if (x0 >= width) continue;
        const int c0 = int(x0);
        const int c1 = std::min(width - 1, int(std::ceil(x1)) - 1);
        auto add = [&](Column& col, double share) {
            const int units = std::max(1, int(share * kUnit));  // zero length still shows
            if (units * 2 >= col.coverage) col.flags = std::uint8_t((col.flags & kEdge) | parity);
            col.coverage = std::uint16_t(std::min(65535, col.coverage + units));
        };
        if (c1 <= c0) {  // the zoomed-out case: the whole block inside one column
            add(out[c0], x1 - x0);
        } else {
            for (int c = c0; c <= c1; ++c)
                add(out[c], std::min(x1, double(c + 1)) - std::max(x0, double(c)));
        }
        if (wide && x0 > 0) out[c0].flags |= kEdge;
        if (wide && c1 > c0 && x1 < width) out[c1].flags |= kEdge;
    }
    return last - first;
}

void TimelineRaster::render(QImage& image, const PreparedRun& prepared, const TimelineData& data,
                            double playhead) {
    const QRgb bg = palette::background().rgb();
    const QRgb separator = palette::gridLine().rgb();
    const int W = image.width(), H = image.height();
    const auto& lanes = prepared.lanes;
    m_rasterized = false;
    if (W <= 0 || H <= 0 || lanes.rows.empty()) {
        image.fill(bg);
        return;
    }

    const Key key{&prepared, data.viewStart, data.viewEnd, W, H};
    const bool rasterize = !(key == m_key);
    if (rasterize) {
        m_columns.resize(lanes.lanes.size() * std::size_t(W));
        m_pixels.resize(std::size_t(H) * std::size_t(W));
        m_rowKind.assign(std::size_t(H), RowKind::Background);
        m_key = key;
        m_rasterized = true;
    }
    std::atomic<std::size_t> visited = 0;
    const std::size_t rows = lanes.rows.size();
    const std::uint32_t slotCount = std::max<std::uint32_t>(1, lanes.maxSlots);
    m_rowHeight = double(H) / double(rows);
    const bool separators = m_rowHeight >= 4;
    const double laneH = m_rowHeight / slotCount;
    const std::vector<QRgb>& table = colourTable();
    const int minLevel = int(0.35 * kLevels);  // a block narrower than a pixel still shows

    // Rows are independent: each thread handles whole SM rows.
    parallelRows(int(rows), [&](int rowBegin, int rowEnd) {
        std::vector<Split> splits(slotCount);
        std::size_t seen = 0;
        for (std::size_t row = std::size_t(rowBegin); row < std::size_t(rowEnd); ++row) {
            const TimelineRow& r = lanes.rows[row];
            const int yBegin = int(std::ceil(row * m_rowHeight));
            const int yEnd = std::min(H, int(std::ceil((row + 1) * m_rowHeight)));
            if (yBegin >= yEnd) continue;
            if (rasterize) {
                // Coverage of the row's lanes, then each pixel row's merge of them.
                Column* out = &m_columns[std::size_t(r.firstLane) * W];
                std::fill_n(out, std::size_t(r.laneCount) * W, Column{0, 0});
                for (std::uint32_t s = 0; s < r.laneCount; ++s)
                    seen +=
                        rasterLane(lanes.lanes[r.firstLane + s], data, out + std::size_t(s) * W, W);
                for (int y = yBegin; y < yEnd; ++y) {
                    RowKind& kind = m_rowKind[std::size_t(y)];
                    kind = RowKind::Background;
                    if (separators && y == yEnd - 1) {
                        kind = RowKind::Separator;
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
                    kind = RowKind::Blocks;
                    // Mean coverage of the lanes (empty slots count as empty),
                    // colour of the widest.
                    const float scale = float(kLevels) / (kUnit * float(s1 - s0));
                    const int full = int(kUnit);
                    const Column* lane0 = out + std::size_t(s0) * W;
                    Pixel* px = &m_pixels[std::size_t(y) * W];
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
                        px[x] = best == 0 ? Pixel{0, 0, 0, 0}
                                          : Pixel{std::uint8_t(std::clamp(int(float(cov) * scale),
                                                                          minLevel, kLevels)),
                                                  lane0[std::size_t(bestLane) * W + x].flags,
                                                  std::uint8_t(s0 + bestLane), 0};
                    }
                }
            }
            // Per frame: only the state colours move with the playhead.
            for (std::uint32_t s = 0; s < r.laneCount; ++s)
                splits[s] = splitLane(lanes.lanes[r.firstLane + s], data, playhead, W);
            for (int y = yBegin; y < yEnd; ++y) {
                auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
                const RowKind kind = m_rowKind[std::size_t(y)];
                if (kind != RowKind::Blocks) {
                    std::fill_n(line, W, kind == RowKind::Separator ? separator : bg);
                    continue;
                }
                const Pixel* px = &m_pixels[std::size_t(y) * W];
                for (int x = 0; x < W; ++x) {
                    const Pixel p = px[x];
                    if (p.level == 0) {
                        line[x] = bg;
                        continue;
                    }
                    const Split& sp = splits[p.lane];
                    const int state =
                        x < sp.running ? kDone : (x < sp.waiting ? kRunning : kWaiting);
                    line[x] =
                        table[(state | (p.flags & (kParity | kEdge))) * (kLevels + 1) + p.level];
                }
            }
        }
        visited += seen;
    });
    if (rasterize) m_visited = visited;
}

}  // namespace ws
