#include "core/device/cubin_line_table.h"

#include <algorithm>
#include <map>

#include "core/device/dwarf_line_program.h"
#include "core/device/elf_image.h"

namespace ws {

namespace {

// Where a sequence's code lies in its section, once its address is relocated.
struct Placed {
    std::uint64_t base = 0;  // the section address of the sequence's set_address
};

std::optional<Placed> placeOf(const DwarfLineSequence& s,
                              const std::map<std::uint64_t, ElfImage::Relocation>& relocations,
                              std::uint32_t functionSection) {
    if (!s.setAddressAt) return std::nullopt;
    const auto r = relocations.find(*s.setAddressAt);
    if (r == relocations.end() || r->second.symbol.section != functionSection) return std::nullopt;
    const ElfImage::Relocation& rel = r->second;
    // RELA: symbol + addend, the bytes written there ignored; REL: symbol + those bytes.
    return Placed{rel.symbol.value + (rel.hasAddend ? std::uint64_t(rel.addend) : s.setAddress)};
}

Result<CubinLineTable> tableOf(const DwarfLineSequence& s, const Placed& placed,
                               const DwarfLinePrograms& programs, std::uint64_t start) {
    CubinLineTable t;
    t.files = programs.units[s.unit].files;
    t.functionStart = start;
    t.end = placed.base + (s.end - s.setAddress);
    std::vector<std::size_t> depth;
    for (std::size_t i = 0; i < s.rows.size(); ++i) {
        const DwarfLineRow& d = s.rows[i];
        CubinLineRow row{placed.base + (d.address - s.setAddress), {d.file, d.line}, d.callRow};
        const std::string where = "row " + std::to_string(i + 1) + " of its sequence";
        if (!t.rows.empty() && row.address < t.rows.back().address)
            return makeError("its line table goes back in address at " + where);
        // ptxas emits a call's row before the rows of the code it inlined,
        // which also keeps every chain finite.
        if (row.callRow > i)
            return makeError("its line table's " + where + " names call row " +
                             std::to_string(row.callRow) + ", not an earlier one");
        depth.push_back(row.callRow == 0 ? 0 : depth[row.callRow - 1] + 1);
        if (depth.back() > CubinLineTable::kMostInlineDepth)
            return makeError("its line table's " + where + " is inlined more than " +
                             std::to_string(CubinLineTable::kMostInlineDepth) + " calls deep");
        t.rows.push_back(std::move(row));
    }
    return t;
}

}  // namespace

const CubinLineRow* CubinLineTable::rowAt(std::uint64_t pcOffset) const {
    if (pcOffset > ~std::uint64_t(0) - functionStart) return nullptr;
    const std::uint64_t at = functionStart + pcOffset;
    if (at >= end) return nullptr;
    const auto after =
        std::upper_bound(rows.begin(), rows.end(), at,
                         [](std::uint64_t a, const CubinLineRow& row) { return a < row.address; });
    return after == rows.begin() ? nullptr : &*std::prev(after);
}

std::vector<CubinLine> CubinLineTable::callsOf(const CubinLineRow& row) const {
    std::vector<CubinLine> calls;
    for (std::uint32_t call = row.callRow;
         call != 0 && call <= rows.size() && calls.size() < kMostInlineDepth;
         call = rows[call - 1].callRow)
        calls.push_back(rows[call - 1].place);
    return calls;
}

std::optional<CubinSource> CubinLineTable::sourceAt(std::uint64_t pcOffset) const {
    const CubinLineRow* row = rowAt(pcOffset);
    if (!row) return std::nullopt;
    return CubinSource{row->place, callsOf(*row)};
}

std::string CubinLineTable::pathOf(CubinLine line) const {
    return line.file >= 1 && line.file <= files.size() ? files[line.file - 1] : std::string();
}

Result<CubinLineTable> readCubinLineTable(std::span<const std::uint8_t> cubin,
                                          std::string_view function, std::string_view section) {
    const auto elf = ElfImage::read(cubin);
    if (!elf) return makeError("the cubin is unreadable: " + elf.error());
    const auto f = elf->functionNamed(function);
    if (!f) return makeError("the cubin has no function " + std::string(function));
    const auto index = elf->sectionNamed(section);
    if (!index)
        return makeError("the cubin has no " + std::string(section) +
                         " section (it was built without -lineinfo)");
    const auto programs = decodeDwarfLines(elf->sections()[*index].bytes);
    if (!programs) return makeError(programs.error());
    std::map<std::uint64_t, ElfImage::Relocation> relocations;
    for (auto& r : elf->relocationsOf(*index)) relocations.emplace(r.offset, std::move(r));
    for (const DwarfLineSequence& s : programs->sequences) {
        const auto placed = placeOf(s, relocations, f->section);
        if (!placed) continue;
        const std::uint64_t end = placed->base + (s.end - s.setAddress);
        if (f->value < placed->base || f->value >= end) continue;
        return tableOf(s, *placed, *programs, f->value);
    }
    return makeError("its line table has no rows for " + std::string(function));
}

}  // namespace ws
