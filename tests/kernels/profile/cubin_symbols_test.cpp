// Finding a function's code in a cubin's symbol table, on ELF images built
// here byte by byte.
#include "kernels/profile/cubin_symbols.h"

#include <elf.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace ws::profile {
namespace {

// An ELF64 file: header, a 0x100-byte code section, a symbol table of a null
// symbol and the functions, its string table, and the section headers.
std::vector<std::uint8_t> elfWith(const std::vector<std::pair<std::string, Elf64_Sym>>& functions) {
    std::string strings(1, '\0');
    std::vector<Elf64_Sym> symbols(1);
    for (auto [name, symbol] : functions) {
        symbol.st_name = std::uint32_t(strings.size());
        strings += name + '\0';
        symbols.push_back(symbol);
    }
    const std::size_t codeAt = sizeof(Elf64_Ehdr), codeBytes = 0x100;
    const std::size_t symbolsAt = codeAt + codeBytes;
    const std::size_t stringsAt = symbolsAt + symbols.size() * sizeof(Elf64_Sym);
    const std::size_t sectionsAt = stringsAt + strings.size();
    std::vector<Elf64_Shdr> sections(4);
    sections[1] = {0, SHT_PROGBITS, 0, 0, codeAt, codeBytes, 0, 0, 16, 0};
    sections[2] = {0, SHT_SYMTAB,       0, 0, symbolsAt, symbols.size() * sizeof(Elf64_Sym), 3, 1,
                   8, sizeof(Elf64_Sym)};
    sections[3] = {0, SHT_STRTAB, 0, 0, stringsAt, strings.size(), 0, 0, 1, 0};
    Elf64_Ehdr header{};
    std::memcpy(header.e_ident, ELFMAG, SELFMAG);
    header.e_ident[EI_CLASS] = ELFCLASS64;
    header.e_ident[EI_DATA] = ELFDATA2LSB;  // as every cubin is
    header.e_shoff = sectionsAt;
    header.e_shentsize = sizeof(Elf64_Shdr);
    header.e_shnum = std::uint16_t(sections.size());
    std::vector<std::uint8_t> file(sectionsAt + sections.size() * sizeof(Elf64_Shdr));
    std::memcpy(file.data(), &header, sizeof header);
    std::memcpy(file.data() + symbolsAt, symbols.data(), symbols.size() * sizeof(Elf64_Sym));
    std::memcpy(file.data() + stringsAt, strings.data(), strings.size());
    std::memcpy(file.data() + sectionsAt, sections.data(), sections.size() * sizeof(Elf64_Shdr));
    return file;
}

Elf64_Sym function(std::uint64_t value, std::uint64_t size) {
    Elf64_Sym s{};
    s.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
    s.st_shndx = 1;
    s.st_value = value;
    s.st_size = size;
    return s;
}

TEST(CubinSymbols, FindsEachFunctionsCodeBySymbol) {
    const auto elf =
        elfWith({{"_Z5firstv", function(0, 0x40)}, {"_Z6secondv", function(0x40, 0xc0)}});
    const auto first = findFunctionExtent(elf, "_Z5firstv");
    ASSERT_TRUE(first);
    EXPECT_EQ(first->offset, sizeof(Elf64_Ehdr));
    EXPECT_EQ(first->bytes, 0x40u);
    const auto second = findFunctionExtent(elf, "_Z6secondv");
    ASSERT_TRUE(second);
    EXPECT_EQ(second->offset, sizeof(Elf64_Ehdr) + 0x40);
    EXPECT_EQ(second->bytes, 0xc0u);
}

TEST(CubinSymbols, ANameThatIsOnlyAPrefixIsNotFound) {
    const auto elf = elfWith({{"_Z5firstv", function(0, 0x40)}});
    EXPECT_FALSE(findFunctionExtent(elf, "_Z5first"));
    EXPECT_FALSE(findFunctionExtent(elf, "_Z5firstvv"));
}

TEST(CubinSymbols, AnObjectSymbolIsNotAFunction) {
    Elf64_Sym data = function(0, 8);
    data.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
    EXPECT_FALSE(findFunctionExtent(elfWith({{"table", data}}), "table"));
}

TEST(CubinSymbols, TruncatedOrForeignBytesFindNothing) {
    auto elf = elfWith({{"_Z5firstv", function(0, 0x40)}});
    for (std::size_t keep : {std::size_t(0), std::size_t(10), sizeof(Elf64_Ehdr), elf.size() - 1}) {
        std::vector<std::uint8_t> cut(elf.begin(), elf.begin() + std::ptrdiff_t(keep));
        EXPECT_FALSE(findFunctionExtent(cut, "_Z5firstv")) << keep << " bytes";
    }
    elf[1] = 'X';  // not ELF
    EXPECT_FALSE(findFunctionExtent(elf, "_Z5firstv"));
}

}  // namespace
}  // namespace ws::profile
