#include "widgets/tensorcore/pipeline_layout.h"

#include <algorithm>
#include <cmath>

namespace ws {

PipelineWindow PipelineWindow::clampedTo(int steps) const {
    PipelineWindow w = *this;
    w.count = std::clamp(w.count, std::min(kFewest, std::max(1, steps)), std::max(1, steps));
    w.first = std::clamp(w.first, 0, std::max(0, steps - w.count));
    return w;
}

PipelineWindow PipelineWindow::following(int step, int steps) const {
    if (contains(step) || step < 0) return clampedTo(steps);
    PipelineWindow w = *this;
    w.first = step - w.count / 4;
    return w.clampedTo(steps);
}

PipelineWindow PipelineWindow::zoomed(double factor, int anchor, int steps) const {
    PipelineWindow w = *this;
    const double share = count > 0 ? double(anchor - first) / double(count) : 0;
    w.count = int(std::lround(double(count) / factor));
    if (w.count == count) w.count += factor > 1 ? -1 : 1;  // a step at least
    w = w.clampedTo(steps);
    w.first = anchor - int(std::lround(share * double(w.count)));
    return w.clampedTo(steps);
}

std::pair<double, double> windowSpan(const PipelineBlock& block, const PipelineWindow& w) {
    if (block.slotTimes.empty()) return {0, 1};
    const int last = int(block.slotTimes.size()) - 1;
    const int a = std::clamp(w.first, 0, last);
    const int b = std::clamp(w.first + w.count - 1, a, last);
    double t0 = block.slotTimes[std::size_t(a)].producerWait, t1 = t0;
    for (int i = a; i <= b; ++i) {
        const PipelineSlot& s = block.slotTimes[std::size_t(i)];
        t0 = std::min({t0, s.producerWait, s.wait[0], s.wait[1]});
        t1 = std::max(t1, s.lastReleased());
    }
    if (t1 <= t0) t1 = t0 + 1;
    return {t0, t1};
}

double PipelineBand::x(double ns) const {
    return producer.left() + (ns - t0) / (t1 - t0) * producer.width();
}

QRectF PipelineBand::span(const QRectF& lane, double from, double to) const {
    const double a = std::max(lane.left(), x(from)), b = std::min(lane.right(), x(to));
    if (b <= a) return {};
    return QRectF(a, lane.top(), b - a, lane.height());
}

QRectF PipelineBand::stageRow(std::uint32_t stage, std::uint32_t stages) const {
    const double h = loads.height() / std::max(1u, stages);
    return QRectF(loads.left(), loads.top() + h * stage, loads.width(), h);
}

PipelineLayout PipelineLayout::fit(const QRectF& area, int blocks, double line, double labels,
                                   double legendHeight) {
    PipelineLayout l;
    l.summary = QRectF(area.left(), area.top(), area.width(), line);
    l.ring = QRectF(area.left() + labels, l.summary.bottom() + line * 0.3, area.width() - labels,
                    line * 2.2);
    l.legend = QRectF(area.left(), area.bottom() - legendHeight, area.width(), legendHeight);
    const double top = l.ring.bottom() + line * 0.5;
    const double room = l.legend.top() - line * 0.3 - top;
    const int n = std::max(1, blocks);
    const double band = room / n;
    // Each band: its header line, then lanes sharing what is left; the loads
    // row a little thinner than the lanes of warpgroups.
    const double gap = std::min(line * 0.6, band * 0.06);
    const double lanes = std::max(4.0, band - line - gap);
    const double lane = lanes * 0.27, loads = lanes - 3 * lane;
    for (int b = 0; b < n; ++b) {
        PipelineBand pb;
        const double y = top + band * b;
        const double left = area.left() + labels, width = area.width() - labels;
        pb.header = QRectF(area.left(), y, area.width(), line);
        pb.producer = QRectF(left, pb.header.bottom(), width, lane);
        pb.loads = QRectF(left, pb.producer.bottom(), width, loads);
        pb.consumers[0] = QRectF(left, pb.loads.bottom(), width, lane);
        pb.consumers[1] = QRectF(left, pb.consumers[0].bottom(), width, lane);
        l.bands.push_back(pb);
    }
    return l;
}

int PipelineLayout::bandsThatFit(const QRectF& area, int blocks, double line, double legendHeight) {
    // fit's vertical budget: summary, ring and gaps above the bands; each
    // band a header, a gap and lanes of which three are 0.27 of the room,
    // which must be a line and a tenth each.
    const double room = area.height() - legendHeight - line * (1 + 0.3 + 2.2 + 0.5 + 0.3);
    const double band = line + line * 0.6 + 1.1 * line / 0.27;
    return std::clamp(int(room / band), 1, std::max(1, blocks));
}

QRectF PipelineLayout::stageBox(std::uint32_t s, std::uint32_t stages) const {
    const double w = ring.width() / std::max(1u, stages);
    return QRectF(ring.left() + w * s, ring.top(), w, ring.height()).adjusted(3, 0, -3, 0);
}

}  // namespace ws
