#pragma once
// A horizontal bar of stall samples split by reason, longest reason first
// from the left, each segment in its reason's colour: the lines and the
// instructions of the stalls view draw theirs alike, and a tooltip finds the
// reason under the pointer with the same geometry.
#include <QPainter>
#include <QRectF>
#include <string>
#include <vector>

#include "core/profile/stall_lines.h"

namespace ws {

struct StallBarSegment {
    std::size_t reason = 0;  // index into StallCounts::reasons
    QRectF rect;
};

// The segments of `counts` in `area`, whose whole width stands for `full`
// samples (the hottest line's, or a line's own for its instructions).
std::vector<StallBarSegment> stallBarSegments(const StallCounts& counts, std::uint64_t full,
                                              const QRectF& area);
void drawStallBar(QPainter& p, const StallCounts& counts, std::uint64_t full, const QRectF& area,
                  const std::vector<std::string>& reasonNames);
// The reason (index into counts.reasons) drawn at x, or -1.
int stallBarReasonAt(const StallCounts& counts, std::uint64_t full, const QRectF& area, double x);

}  // namespace ws
