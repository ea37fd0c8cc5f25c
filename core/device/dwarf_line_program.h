#pragma once
// A DWARF line program (a `.debug_line` section, versions 2 to 4) run into
// its rows, with the extension ptxas writes for inlined code. ptxas (CUDA 13)
// writes version 2 over SASS addresses, one sequence per function, and before
// the rows of inlined code the extended opcode 0x90 with two ULEB128
// operands, which stay in force until the next 0x90 or the sequence's end:
//
//   - the call row: the 1-based number, within the sequence, of the row that
//     holds the call this code was inlined through (a row ptxas emits at the
//     call's own file and line for this purpose); 0 for code not inlined.
//     That row has its own call row where the call was itself inlined, so the
//     chain leads out to a line of the function's own body.
//   - the offset in `.debug_str` of the inlined function's (mangled) name.
//     Only within the cubin ptxas wrote: nvlink joins the `.debug_str` of
//     the cubins it links without moving these offsets, so in a
//     device-linked cubin they point into the first one's strings.
//
// (tests/core/device/cubin_line_table_test.cpp checks this against the
// PTX's `.loc ... inlined_at` on cubins compiled here.) Every length is
// checked against the section, so a hostile section returns an error.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/common/result.h"

namespace ws {

struct DwarfLineRow {
    std::uint64_t address = 0;
    std::uint32_t file = 1;  // the file register: 1 is the unit's first file, 0 none
    std::uint32_t line = 1;
    std::uint32_t callRow = 0;          // NVIDIA 0x90, first operand
    std::uint64_t inlinedFunction = 0;  // NVIDIA 0x90, second operand
};

struct DwarfLineSequence {
    std::size_t unit = 0;  // index into DwarfLinePrograms::units
    // Where the sequence's DW_LNE_set_address operand lies in the section (a
    // relocation there says which function's code it covers) and the value
    // written there; nothing where the sequence sets no address.
    std::optional<std::uint64_t> setAddressAt;
    std::uint64_t setAddress = 0;
    std::vector<DwarfLineRow> rows;  // in program order; the end_sequence row is not one
    std::uint64_t end = 0;           // the address of its end_sequence
};

struct DwarfLineUnit {
    std::uint16_t version = 0;
    // Its file table, entry 1 first (DW_LNE_define_file adds to it): each
    // name joined to its directory unless the name is absolute or has none.
    std::vector<std::string> files;
};

struct DwarfLinePrograms {
    std::vector<DwarfLineUnit> units;
    std::vector<DwarfLineSequence> sequences;
};

Result<DwarfLinePrograms> decodeDwarfLines(std::span<const std::uint8_t> section);

}  // namespace ws
