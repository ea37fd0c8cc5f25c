#pragma once
// Pieces of the run panel as rich text: the kernel time as median and spread,
// the environment's badges (core/device/environment_badges.h) and what NVML saw.
#include <QString>

#include "core/run/run.h"

namespace ws {

// "Kernel time: 0.3500 ms ± 1.2 % (median ± CV of 20 launches, 0.3480 to
// 0.3610 ms)"; for a variant measured on the CPU, its time there; for a
// run whose time is no kernel's, what it is (`timedAs`, from the catalog).
QString kernelTimeHtml(const Timing& timing, bool onCpu = false, const QString& timedAs = {});
// One marked span per badge, each followed by its facts; empty without badges.
QString environmentBadgesHtml(const Run& run);
// What the run recorded of why it is slow (--why): samples and what sampling
// cost, counters and their passes, or the sentences that say why not; ""
// for a run that did not ask.
QString profileFactsHtml(const RunProfile& profile);
// The environment's facts, one per line; empty when nothing was recorded.
QString environmentFactsHtml(const GpuEnvironment& environment);

// A zero-width space: where a long word may wrap. The panel's plain text
// leaves it out.
inline constexpr QChar kWordBreak(0x200B);
// `text` with a break allowed after each '-' and "__" of its long words (a
// trace's file name, a GPU's UUID): unbroken, one such word held the run
// panel wider than a laptop's left column.
QString breakLongWords(const QString& text);

}  // namespace ws
