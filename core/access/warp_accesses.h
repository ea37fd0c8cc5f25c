#pragma once
// One warp's memory instructions as a model states them, with the address
// every lane uses: the global accesses (for sectors and coalescing) and the
// shared ones (for banks). The memory lab's kernels (core/memory/
// memory_access_model.h) and the matrix multiply kernels (core/matmul/
// matmul_access_model.h) each model theirs in these terms, so the views
// draw both alike.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/access/bank_conflicts.h"

namespace ws {

struct ModelledGlobal {
    std::string what;  // the source expression, e.g. "dst[y + x * height] = v"
    bool isWrite = false;
    std::uint32_t widthBytes = 1;
    std::uint32_t activeMask = 0;
    std::array<std::uint64_t, 32> address{};  // byte offsets from the buffer start
};

struct ModelledShared {
    std::string what;
    bool isStore = false;
    WarpAccess access;
};

struct ModelledWarp {
    std::vector<ModelledGlobal> global;
    std::vector<ModelledShared> shared;
};

}  // namespace ws
