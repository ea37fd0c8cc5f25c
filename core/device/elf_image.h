#pragma once
// A 64-bit little-endian ELF file (a cubin) read within its bounds: its
// sections by name, its function symbols and the relocations that apply to a
// section. Written out field by field rather than through <elf.h>, so that
// core builds where the system has no such header; every offset and size the
// file states is checked before it is used, and a file that lies returns an
// error instead of reading past its end.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/result.h"

namespace ws {

class ElfImage {
public:
    struct Section {
        std::string name;
        std::uint32_t type = 0;
        std::uint32_t link = 0;  // a symbol table's strings, a relocation section's symbols
        std::uint32_t info = 0;  // the section a relocation section applies to
        std::span<const std::uint8_t> bytes;  // empty for a section without file bytes
        std::uint64_t size = 0;  // as stated: a SHT_NOBITS section (.nv.shared) has no bytes
    };
    struct Symbol {
        std::string name;
        std::uint8_t type = 0;      // STT_FUNC 2, STT_SECTION 3, ...
        std::uint32_t section = 0;  // index of the section it is defined in
        std::uint64_t value = 0;    // its offset in that section
        std::uint64_t size = 0;
        std::uint64_t index = 0;  // in its symbol table (what .nv.info's attributes name)
    };
    struct Relocation {
        std::uint64_t offset = 0;  // of the patched bytes in the section it applies to
        Symbol symbol;
        std::int64_t addend = 0;
        bool hasAddend = false;  // SHT_RELA; a SHT_REL relocation adds the bytes already there
    };

    static Result<ElfImage> read(std::span<const std::uint8_t> file);

    const std::vector<Section>& sections() const { return m_sections; }
    // The index of the first section named `name`.
    std::optional<std::uint32_t> sectionNamed(std::string_view name) const;
    // The first symbol of type STT_FUNC named `name`, from any symbol table.
    std::optional<Symbol> functionNamed(std::string_view name) const;
    // Whether any symbol table holds a symbol of any type named `name`.
    bool hasSymbol(std::string_view name) const;
    // Every relocation that applies to section `target`, by any relocation
    // section; entries whose symbol is out of range are left out.
    std::vector<Relocation> relocationsOf(std::uint32_t target) const;

private:
    std::optional<Symbol> symbolAt(const Section& table, std::uint64_t index) const;

    std::vector<Section> m_sections;
};

}  // namespace ws
