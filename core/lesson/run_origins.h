#pragma once
// Where each run of a slide came from. A lesson presented with --traces DIR
// falls back, silently on the slide, to a trace beside the lesson or a
// bundled one where DIR lacks it, and a bundled run may have been measured
// on another GPU: a figure of it beside the slide's own read as one GPU's.
// `--check-lesson` and the speaker's notes list such runs.
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws::lesson {

struct RunOrigin {
    std::string role;          // "its run", "compare", "figures_from 'cublas'"
    std::string file;          // the trace it was read from; empty for a live run
    const Run* run = nullptr;  // null while it is not loaded
};

// One line per run that came from elsewhere than `tracesDir` (where one is
// given) or was measured on another GPU than `slideRun`: its role, the file
// and its GPU, and why it is listed, e.g.
//   figures_from 'cublas': /x/traces/matmul.wstrace, measured on NVIDIA H200
//   (not in h100; the slide's run: NVIDIA H100 80GB HBM3)
std::vector<std::string> runsFromElsewhere(const std::vector<RunOrigin>& runs, const Run* slideRun,
                                           const std::string& tracesDir);

}  // namespace ws::lesson
