#pragma once
// The shared-memory bank conflicts the access model predicts one timed work
// of a memory-lab kernel to make: for every shared-memory instruction of
// every warp, the passes beyond those the access needs without a conflict
// (core/access/bank_conflicts.h), loads and stores apart, as the hardware
// counters l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st} count
// them. Set beside the counters (core/profile/counter_predictions.h).
#include <optional>
#include <string>

#include "core/run/run.h"

namespace ws {

struct SharedConflicts {
    double loads = 0;
    double stores = 0;
};

// Known: the bank probe, and the transposes whose tiles the model holds
// (naive and copy use no shared memory: none). Empty where the model does
// not describe the kernel's shared accesses (the 64-wide "best" transpose,
// partial tiles of several rows per thread).
std::optional<SharedConflicts> predictSharedConflicts(const std::string& experiment,
                                                      const ParamValues& params);

}  // namespace ws
