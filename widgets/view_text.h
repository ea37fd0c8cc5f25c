#pragma once
// How views write numbers: durations with a unit that suits their size for
// labels, and exact integers with digit grouping for tooltips.
#include <QString>
#include <cstdint>
#include <vector>

namespace ws {

QString formatDuration(double ns);     // "350 ns", "12.4 µs", "1.25 ms"
QString formatExactNs(double ns);      // "12,345 ns"
QString groupDigits(long long value);  // "1,000,000"
QString formatCount(double value);     // "1 M", "16 k" for axis-like labels
// A tick step of 1, 2 or 5 times a power of ten, at least `minStep`.
double niceStep(double minStep);
// The multiples of `step` in [viewStart, viewEnd], increasing, at most
// kMaxTicks. Far along a very long (or damaged) trace a fine step is below
// the resolution of a double (at 1e17 ns, 16 ns): adding it would not move
// t and a plain `t += step` loop would never end; such ticks coincide and are
// given once.
inline constexpr int kMaxTicks = 512;
std::vector<double> tickTimes(double viewStart, double viewEnd, double step);

}  // namespace ws
