#pragma once
// Reading one traced warp instruction back out of a launch's struct-of-arrays
// records, and naming it by the kernel expression it comes from (found by
// matching its addresses against the access model).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/access/bank_conflicts.h"
#include "core/run/run.h"

namespace ws {

WarpAccess sharedAccessAt(const SharedAccessRecords& r, std::size_t i);
std::array<std::uint64_t, 32> globalAddressesAt(const GlobalAccessRecords& r, std::size_t i);

// Record indexes of one block (all blocks when `block` is empty), ordered by
// warp, then instruction: the order the views step through.
std::vector<std::size_t> sharedRecordsOf(const SharedAccessRecords& r,
                                         std::optional<std::uint32_t> block);
std::vector<std::size_t> globalRecordsOf(const GlobalAccessRecords& r,
                                         std::optional<std::uint32_t> block);

// Blocks with records, in order of first appearance.
std::vector<std::uint32_t> tracedBlocks(const Launch& launch);

// The source expression of a traced instruction, or "" when the model knows
// no access with exactly these addresses.
std::string sharedInstructionText(const Run& run, const Launch& launch, std::size_t record);
std::string globalInstructionText(const Run& run, const Launch& launch, std::size_t record);

// Why `run` has no traced shared-memory accesses (`shared`) or global-memory
// requests to show, in a sentence for the banks or coalescing view: an
// experiment whose catalog entry records none says so and names those that
// do (the reductions use shared memory but record only their trees' steps);
// one that records them says why this run has none.
std::string missingAccessesText(const Run& run, bool shared);

}  // namespace ws
