#pragma once
// How views write numbers: durations with a unit that suits their size for
// labels, and exact integers with digit grouping for tooltips.
#include <QFontMetrics>
#include <QString>
#include <cstdint>
#include <vector>

namespace ws {

QString formatDuration(double ns);  // "350 ns", "12.4 µs", "1.25 ms"
// An axis tick at `ns` in the unit formatDuration gives it, with the
// decimals its step needs: zoomed on one launch 401 us into a run, ticks
// 250 ns apart read "401.25 µs", where formatDuration wrote "401 µs" four
// times in a row.
QString formatTick(double ns, double step);
QString formatExactNs(double ns);      // "12,345 ns"
QString groupDigits(long long value);  // "1,000,000"
// Running text whose lines may break anywhere but between a number and its
// unit ("8" / "µs" on two lines of a projected slide) or inside a rate's
// slash ("GB/" / "s"): a no-break space joins the number and the unit, a
// word joiner follows the slash.
QString keepNumbersWithUnits(const QString& text);
QString formatCount(double value);  // "1 M", "16 k" for axis-like labels
// A tick step of 1, 2 or 5 times a power of ten, at least `minStep`.
double niceStep(double minStep);
// The step of a time axis whose labels (formatTick) keep `gap` pixels
// between them: at least a "000.00 µs" label apart, more where the labels
// of [viewStart, viewEnd] need more decimals.
double timeAxisStep(const QFontMetrics& fm, double nsPerPixel, double viewStart, double viewEnd,
                    int gap = 16);
// The multiples of `step` in [viewStart, viewEnd], increasing, at most
// kMaxTicks. Far along a very long (or damaged) trace a fine step is below
// the resolution of a double (at 1e17 ns, 16 ns): adding it would not move
// t and a plain `t += step` loop would never end; such ticks coincide and are
// given once.
inline constexpr int kMaxTicks = 512;
std::vector<double> tickTimes(double viewStart, double viewEnd, double step);

}  // namespace ws
