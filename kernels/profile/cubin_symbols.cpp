#include "kernels/profile/cubin_symbols.h"

#include <elf.h>

#include <cstring>
#include <string>

namespace ws::profile {
namespace {

template <typename T>
std::optional<T> readAt(std::span<const std::uint8_t> bytes, std::uint64_t offset) {
    if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return std::nullopt;
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof(T));
    return value;
}

// A NUL-terminated string at `offset` equal to `name`, read within bounds.
bool stringEquals(std::span<const std::uint8_t> bytes, std::uint64_t offset,
                  std::string_view name) {
    if (offset >= bytes.size()) return false;
    const char* text = reinterpret_cast<const char*>(bytes.data() + offset);
    const std::size_t room = bytes.size() - offset;
    return strnlen(text, room) == name.size() &&
           name.compare(0, name.size(), text, name.size()) == 0;
}

// The sections of a 64-bit ELF file, each header read within bounds.
class ElfSections {
public:
    explicit ElfSections(std::span<const std::uint8_t> file) : file_(file) {
        const auto header = readAt<Elf64_Ehdr>(file, 0);
        if (!header || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 ||
            header->e_ident[EI_CLASS] != ELFCLASS64 || header->e_shentsize != sizeof(Elf64_Shdr))
            return;
        header_ = header;
    }
    bool valid() const { return header_.has_value(); }
    std::uint32_t count() const { return header_ ? header_->e_shnum : 0; }
    std::optional<Elf64_Shdr> at(std::uint32_t index) const {
        if (!header_) return std::nullopt;
        return readAt<Elf64_Shdr>(file_,
                                  header_->e_shoff + std::uint64_t(index) * sizeof(Elf64_Shdr));
    }
    // True where section `s` is named `name` in the section-name table.
    bool named(const Elf64_Shdr& s, std::string_view name) const {
        const auto names = at(header_->e_shstrndx);
        return names && stringEquals(file_, names->sh_offset + s.sh_name, name);
    }

private:
    std::span<const std::uint8_t> file_;
    std::optional<Elf64_Ehdr> header_;
};

struct FoundSymbol {
    std::uint32_t index = 0;  // in its symbol table
    Elf64_Sym symbol{};
};

// The first symbol named `name`, of type `type` (any type where it is -1).
std::optional<FoundSymbol> findSymbol(std::span<const std::uint8_t> cubin,
                                      const ElfSections& sections, std::string_view name,
                                      int type) {
    for (std::uint32_t s = 0; s < sections.count(); ++s) {
        const auto symbols = sections.at(s);
        if (!symbols || symbols->sh_type != SHT_SYMTAB || symbols->sh_entsize != sizeof(Elf64_Sym))
            continue;
        const auto strings = sections.at(symbols->sh_link);
        if (!strings) return std::nullopt;
        std::uint32_t index = 0;
        for (std::uint64_t at = 0; at + sizeof(Elf64_Sym) <= symbols->sh_size;
             at += sizeof(Elf64_Sym), ++index) {
            const auto symbol = readAt<Elf64_Sym>(cubin, symbols->sh_offset + at);
            if (!symbol || (type >= 0 && ELF64_ST_TYPE(symbol->st_info) != type)) continue;
            if (stringEquals(cubin, strings->sh_offset + symbol->st_name, name))
                return FoundSymbol{index, *symbol};
        }
    }
    return std::nullopt;
}

// The `.nv.info` attributes: records of a format byte, an attribute byte and
// two more bytes that are either the value or, for EIFMT_SVAL, the size of
// the value that follows. EIATTR_REGCOUNT is an SVAL of (symbol index,
// registers).
constexpr std::uint8_t kFormatSizedValue = 0x04;        // EIFMT_SVAL
constexpr std::uint8_t kAttributeRegisterCount = 0x2f;  // EIATTR_REGCOUNT

std::optional<std::uint32_t> registerCount(std::span<const std::uint8_t> cubin,
                                           const Elf64_Shdr& info, std::uint32_t symbol) {
    if (info.sh_offset > cubin.size() || cubin.size() - info.sh_offset < info.sh_size)
        return std::nullopt;
    const std::uint64_t end = info.sh_offset + info.sh_size;
    for (std::uint64_t at = info.sh_offset; at + 4 <= end;) {
        const std::uint8_t format = cubin[at], attribute = cubin[at + 1];
        if (format != kFormatSizedValue) {
            at += 4;
            continue;
        }
        const auto size = readAt<std::uint16_t>(cubin, at + 2);
        if (!size || at + 4 + *size > end) return std::nullopt;
        if (attribute == kAttributeRegisterCount && *size == 8) {
            const auto index = readAt<std::uint32_t>(cubin, at + 4);
            const auto value = readAt<std::uint32_t>(cubin, at + 8);
            if (index && value && *index == symbol) return *value;
        }
        at += 4 + *size;
    }
    return std::nullopt;
}

// From compute capability 8.0 on, each block's shared window starts with
// 1 KiB the system reserves; a cubin built so marks it with this symbol, and
// the function's `.nv.shared` section then begins with those bytes (a kernel
// with a 4,224-byte tile has a section of 5,248).
constexpr std::string_view kReservedSharedSymbol = ".nv.reservedSmem.offset0";
constexpr std::uint32_t kReservedSharedBytes = 1024;

}  // namespace

std::optional<FunctionExtent> findFunctionExtent(std::span<const std::uint8_t> cubin,
                                                 std::string_view name) {
    const ElfSections sections(cubin);
    if (!sections.valid()) return std::nullopt;
    const auto found = findSymbol(cubin, sections, name, STT_FUNC);
    if (!found) return std::nullopt;
    const auto code = sections.at(found->symbol.st_shndx);
    if (!code) return std::nullopt;
    const std::uint64_t bytes = found->symbol.st_size ? found->symbol.st_size : code->sh_size;
    return FunctionExtent{code->sh_offset + found->symbol.st_value, bytes};
}

std::optional<FunctionResources> findFunctionResources(std::span<const std::uint8_t> cubin,
                                                       std::string_view name) {
    const ElfSections sections(cubin);
    if (!sections.valid()) return std::nullopt;
    const auto found = findSymbol(cubin, sections, name, STT_FUNC);
    if (!found) return std::nullopt;
    const std::string sharedName = ".nv.shared." + std::string(name);
    std::optional<std::uint32_t> registers;
    std::uint32_t shared = 0;
    for (std::uint32_t s = 0; s < sections.count(); ++s) {
        const auto section = sections.at(s);
        if (!section) return std::nullopt;
        if (!registers && sections.named(*section, ".nv.info"))
            registers = registerCount(cubin, *section, found->index);
        else if (sections.named(*section, sharedName))
            shared = std::uint32_t(section->sh_size);
    }
    if (!registers) return std::nullopt;
    // The reserved kilobyte is the system's, not the kernel's: the occupancy
    // rules add it to every block (core/device/occupancy.cpp).
    if (findSymbol(cubin, sections, kReservedSharedSymbol, -1))
        shared = shared > kReservedSharedBytes ? shared - kReservedSharedBytes : 0;
    return FunctionResources{*registers, shared};
}

}  // namespace ws::profile
