#include "kernels/profile/cubin_symbols.h"

#include <elf.h>

#include <cstring>

namespace ws::profile {
namespace {

template <typename T>
std::optional<T> readAt(std::span<const std::uint8_t> bytes, std::uint64_t offset) {
    if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return std::nullopt;
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof(T));
    return value;
}

}  // namespace

std::optional<FunctionExtent> findFunctionExtent(std::span<const std::uint8_t> cubin,
                                                 std::string_view name) {
    const auto header = readAt<Elf64_Ehdr>(cubin, 0);
    if (!header || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 ||
        header->e_ident[EI_CLASS] != ELFCLASS64 || header->e_shentsize != sizeof(Elf64_Shdr))
        return std::nullopt;
    auto section = [&](std::uint32_t index) {
        return readAt<Elf64_Shdr>(cubin,
                                  header->e_shoff + std::uint64_t(index) * sizeof(Elf64_Shdr));
    };
    for (std::uint32_t s = 0; s < header->e_shnum; ++s) {
        const auto symbols = section(s);
        if (!symbols || symbols->sh_type != SHT_SYMTAB || symbols->sh_entsize != sizeof(Elf64_Sym))
            continue;
        const auto strings = section(symbols->sh_link);
        if (!strings) return std::nullopt;
        for (std::uint64_t at = 0; at + sizeof(Elf64_Sym) <= symbols->sh_size;
             at += sizeof(Elf64_Sym)) {
            const auto symbol = readAt<Elf64_Sym>(cubin, symbols->sh_offset + at);
            if (!symbol || ELF64_ST_TYPE(symbol->st_info) != STT_FUNC) continue;
            const std::uint64_t nameAt = strings->sh_offset + symbol->st_name;
            if (nameAt >= cubin.size()) continue;
            const char* text = reinterpret_cast<const char*>(cubin.data() + nameAt);
            const std::size_t room = cubin.size() - nameAt;
            if (strnlen(text, room) != name.size() ||
                name.compare(0, name.size(), text, name.size()) != 0)
                continue;
            const auto code = section(symbol->st_shndx);
            if (!code) return std::nullopt;
            const std::uint64_t bytes = symbol->st_size ? symbol->st_size : code->sh_size;
            return FunctionExtent{code->sh_offset + symbol->st_value, bytes};
        }
    }
    return std::nullopt;
}

}  // namespace ws::profile
