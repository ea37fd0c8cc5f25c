#pragma once
// One function's source lines as its cubin's line table holds them, with the
// calls each inlined instruction came through. CUPTI's SASS-to-source
// correlation gives only the innermost line (for code inlined from a helper,
// the helper's line); the table also says which line of the kernel's own body
// made the call, so that a stall can be told on the line a student wrote.
// Read from the `.debug_line` section ptxas writes with -lineinfo
// (core/device/dwarf_line_program.h describes NVIDIA's extension). Pure C++
// over the cubin's bytes; hostile input returns an error.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/result.h"

namespace ws {

// A line of a file: `file` is an entry number of CubinLineTable::files, 1
// for its first; 0 (or past the table) where none is known.
struct CubinLine {
    std::uint32_t file = 0;
    std::uint32_t line = 0;
    bool operator==(const CubinLine&) const = default;
};

struct CubinLineRow {
    std::uint64_t address = 0;  // from the start of the function's section
    CubinLine place;
    // The row (an index into CubinLineTable::rows, plus 1) of the call this
    // row's code was inlined through; 0 for code that was not inlined.
    std::uint32_t callRow = 0;
};

// What one instruction's code is: its line and, for inlined code, the calls
// it came through, innermost first; the last call is a line of the function's
// own body (empty for code written in the function itself).
struct CubinSource {
    CubinLine place;
    std::vector<CubinLine> calls;
};

struct CubinLineTable {
    std::vector<std::string> files;   // as the compiler named them (directory joined)
    std::uint64_t functionStart = 0;  // the function's first instruction in its section
    std::uint64_t end = 0;            // where the rows' code ends in that section
    // The function's sequence: ascending addresses, every call row earlier
    // than the row naming it, chains at most kMostInlineDepth calls long.
    std::vector<CubinLineRow> rows;

    static constexpr std::size_t kMostInlineDepth = 64;

    // The row whose code holds the instruction `pcOffset` bytes into the
    // function: the last one at or before it (rows of no length, like the
    // call rows, hold no instruction). Null before the first row or at the end.
    const CubinLineRow* rowAt(std::uint64_t pcOffset) const;
    std::optional<CubinSource> sourceAt(std::uint64_t pcOffset) const;
    std::vector<CubinLine> callsOf(const CubinLineRow& row) const;
    // The file's path, "" where `file` names none.
    std::string pathOf(CubinLine line) const;
};

// The line table of function `function` (mangled) from `section` of the
// cubin: `.debug_line` (source lines) or `.nv_debug_line_sass` (lines of the
// PTX the cubin was built from, with no files). The sequence is the one
// whose DW_LNE_set_address is relocated against a symbol in the function's
// section and that covers the function's start.
Result<CubinLineTable> readCubinLineTable(std::span<const std::uint8_t> cubin,
                                          std::string_view function,
                                          std::string_view section = ".debug_line");

}  // namespace ws
