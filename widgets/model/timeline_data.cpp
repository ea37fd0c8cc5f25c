#include "widgets/model/timeline_data.h"

#include <algorithm>
#include <cmath>

namespace ws {

void TimelineData::setFullRange(double start, double end) {
    fullStart = start;
    fullEnd = end > start ? end : start + 1;
    showAll();
}

void TimelineData::showAll() {
    viewStart = fullStart;
    viewEnd = fullEnd;
}

void TimelineData::zoom(double factor, double anchorX) {
    if (factor <= 0) return;
    const double anchorT = mapXToTime(anchorX);
    const double fullSpan = fullEnd - fullStart;
    const double newSpan = std::clamp(span() / factor, std::min(minSpan, fullSpan), fullSpan);
    const double fraction = (anchorX - x0) / width;
    viewStart = anchorT - fraction * newSpan;
    viewEnd = viewStart + newSpan;
    clampToFull();
}

void TimelineData::pan(double dxPixels) {
    const double dt = dxPixels * nsPerPixel();
    viewStart += dt;
    viewEnd += dt;
    clampToFull();
}

void TimelineData::centerOn(double t) {
    const double s = span();
    viewStart = t - s / 2;
    viewEnd = t + s / 2;
    clampToFull();
}

void TimelineData::showRange(double start, double end) {
    const double spare = (end - start) / 20;
    const double fullSpan = fullEnd - fullStart;
    const double s = std::clamp(end - start + 2 * spare, std::min(minSpan, fullSpan), fullSpan);
    viewStart = (start + end) / 2 - s / 2;
    viewEnd = viewStart + s;
    clampToFull();
}

bool TimelineData::showsRange(double start, double end) const {
    TimelineData fitted = *this;
    fitted.showRange(start, end);
    const double tolerance = 1e-9 * std::max(1.0, fullEnd - fullStart);
    return std::abs(fitted.viewStart - viewStart) <= tolerance &&
           std::abs(fitted.viewEnd - viewEnd) <= tolerance;
}

void TimelineData::fitOrShowAll(double start, double end) {
    if (end > start && !showsRange(start, end))
        showRange(start, end);
    else
        showAll();
}

void TimelineData::clampToFull() {
    const double s = std::min(span(), fullEnd - fullStart);
    if (viewStart < fullStart) viewStart = fullStart;
    if (viewStart + s > fullEnd) viewStart = fullEnd - s;
    viewEnd = viewStart + s;
}

}  // namespace ws
