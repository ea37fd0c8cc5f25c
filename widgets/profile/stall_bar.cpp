#include "widgets/profile/stall_bar.h"

#include "widgets/profile/stall_colours.h"
#include "widgets/view/palette.h"

namespace ws {

std::vector<StallBarSegment> stallBarSegments(const StallCounts& counts, std::uint64_t full,
                                              const QRectF& area) {
    std::vector<StallBarSegment> out;
    if (full == 0 || area.width() <= 0) return out;
    const double perSample = area.width() / double(full);
    double x = area.left();
    for (std::size_t i = 0; i < counts.reasons.size(); ++i) {
        const double w = double(counts.reasons[i].samples) * perSample;
        out.push_back({i, QRectF(x, area.top(), w, area.height())});
        x += w;
    }
    return out;
}

void drawStallBar(QPainter& p, const StallCounts& counts, std::uint64_t full, const QRectF& area,
                  const std::vector<std::string>& reasonNames) {
    p.save();
    p.setPen(Qt::NoPen);
    for (const StallBarSegment& s : stallBarSegments(counts, full, area)) {
        const std::uint32_t reason = counts.reasons[s.reason].reason;
        p.setBrush(reason < reasonNames.size() ? stallReasonColour(reasonNames[reason])
                                               : palette::mutedText());
        // At least a hair wide: a reason with a handful of samples beside
        // hundreds still shows that it is there.
        QRectF r = s.rect;
        if (r.width() < 1) r.setWidth(1);
        p.drawRect(r);
    }
    p.restore();
}

int stallBarReasonAt(const StallCounts& counts, std::uint64_t full, const QRectF& area, double x) {
    for (const StallBarSegment& s : stallBarSegments(counts, full, area))
        if (x >= s.rect.left() && x < s.rect.right() + 1) return int(s.reason);
    return -1;
}

}  // namespace ws
