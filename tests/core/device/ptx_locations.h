#pragma once
// What the PTX says of each of its lines: the source place its last `.loc`
// gave and, for inlined code, the `inlined_at` chain behind it. The ground
// truth cubin_line_table_test holds the cubin's line table to: a
// `.loc F L C, function_name ..., inlined_at F2 L2 C2` is code of F:L inlined
// through the call at F2:L2, and that call's own place is the last
// `.loc F2 L2 C2` of the function, with its own `inlined_at` where it has one.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ws::test {

struct PtxPlace {
    std::string file;  // as the `.file` directive names it
    std::uint32_t line = 0;
    bool operator==(const PtxPlace&) const = default;
};

// For each line of the PTX (line 1 at index 0), the place in force there
// followed by the calls it was inlined through, innermost first; empty where
// no `.loc` of the function came before it.
std::vector<std::vector<PtxPlace>> ptxChains(std::string_view ptx);

}  // namespace ws::test
