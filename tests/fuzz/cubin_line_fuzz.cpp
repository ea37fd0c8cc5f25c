// readCubinLineTable and the DWARF reader under it must return an error,
// never crash, hang or run out of memory, on any bytes; what they accept must
// keep every inline chain finite. Seeded with the test cubins
// (tests/core/device/line_tables), whose kernels' names are tried.
#include <cstddef>
#include <cstdint>
#include <span>

#include "core/device/cubin_line_table.h"
#include "core/device/dwarf_line_program.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    (void)ws::decodeDwarfLines(bytes);  // the bytes as a line section of their own
    for (const char* function :
         {"_Z7inlinedPKfPfi", "_Z5twiceILi4EEvPfi", "_Z4deepPKfPfi", "_Z6linkedPfi"}) {
        for (const char* section : {".debug_line", ".nv_debug_line_sass"}) {
            const auto table = ws::readCubinLineTable(bytes, function, section);
            if (!table) continue;
            for (std::uint64_t pc = 0; pc < 0x1000; pc += 16)
                if (const auto s = table->sourceAt(pc);
                    s && s->calls.size() > ws::CubinLineTable::kMostInlineDepth)
                    __builtin_trap();
        }
    }
    return 0;
}
