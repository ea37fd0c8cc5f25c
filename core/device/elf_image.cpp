#include "core/device/elf_image.h"

#include <cstring>

namespace ws {

namespace {

// The ELF64 layout (the System V gABI), as offsets into each record.
constexpr std::size_t kHeaderBytes = 64;
constexpr std::size_t kSectionHeaderBytes = 64;
constexpr std::size_t kSymbolBytes = 24;
constexpr std::size_t kRelBytes = 16;
constexpr std::size_t kRelaBytes = 24;
constexpr std::uint8_t kClass64 = 2;
constexpr std::uint8_t kLittleEndian = 1;
constexpr std::uint32_t kSymbolTable = 2;  // SHT_SYMTAB
constexpr std::uint32_t kRela = 4;         // SHT_RELA
constexpr std::uint32_t kNoBits = 8;       // SHT_NOBITS
constexpr std::uint32_t kRel = 9;          // SHT_REL
constexpr std::uint8_t kFunctionType = 2;  // STT_FUNC

template <typename T>
T readAt(std::span<const std::uint8_t> bytes, std::size_t offset) {
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof(T));
    return value;  // the host is little-endian, like every cubin
}

// The bytes [offset, offset + size) of `file`, or nothing where they are not all in it.
std::optional<std::span<const std::uint8_t>> within(std::span<const std::uint8_t> file,
                                                    std::uint64_t offset, std::uint64_t size) {
    if (offset > file.size() || size > file.size() - offset) return std::nullopt;
    return file.subspan(std::size_t(offset), std::size_t(size));
}

// The NUL-terminated string at `offset` of a string table; "" where it runs off it.
std::string stringAt(std::span<const std::uint8_t> table, std::uint64_t offset) {
    if (offset >= table.size()) return {};
    const char* text = reinterpret_cast<const char*>(table.data() + offset);
    const std::size_t room = table.size() - std::size_t(offset);
    const std::size_t length = strnlen(text, room);
    return length < room ? std::string(text, length) : std::string();
}

}  // namespace

Result<ElfImage> ElfImage::read(std::span<const std::uint8_t> file) {
    static constexpr std::uint8_t kMagic[4] = {0x7f, 'E', 'L', 'F'};
    if (file.size() < kHeaderBytes || std::memcmp(file.data(), kMagic, 4) != 0)
        return makeError("not an ELF file");
    if (file[4] != kClass64 || file[5] != kLittleEndian)
        return makeError("not a 64-bit little-endian ELF file");
    const auto sectionsAt = readAt<std::uint64_t>(file, 40);
    const auto entryBytes = readAt<std::uint16_t>(file, 58);
    const auto count = readAt<std::uint16_t>(file, 60);
    const auto namesIndex = readAt<std::uint16_t>(file, 62);
    if (count > 0 && entryBytes != kSectionHeaderBytes)
        return makeError("its section headers are " + std::to_string(entryBytes) +
                         " bytes, not 64");
    const auto table = within(file, sectionsAt, std::uint64_t(count) * kSectionHeaderBytes);
    if (!table) return makeError("its section headers lie past the end of the file");
    ElfImage image;
    std::vector<std::uint32_t> nameOffsets;
    for (std::uint32_t i = 0; i < count; ++i) {
        const auto header = table->subspan(i * kSectionHeaderBytes, kSectionHeaderBytes);
        Section s;
        s.type = readAt<std::uint32_t>(header, 4);
        s.link = readAt<std::uint32_t>(header, 40);
        s.info = readAt<std::uint32_t>(header, 44);
        s.size = readAt<std::uint64_t>(header, 32);
        if (s.type != kNoBits) {
            const auto bytes =
                within(file, readAt<std::uint64_t>(header, 24), readAt<std::uint64_t>(header, 32));
            if (!bytes)
                return makeError("section " + std::to_string(i) + " lies past the end of the file");
            s.bytes = *bytes;
        }
        nameOffsets.push_back(readAt<std::uint32_t>(header, 0));
        image.m_sections.push_back(std::move(s));
    }
    if (count > 0 && namesIndex >= count)
        return makeError("its section names are in section " + std::to_string(namesIndex) +
                         ", of " + std::to_string(count));
    for (std::uint32_t i = 0; i < count; ++i)
        image.m_sections[i].name = stringAt(image.m_sections[namesIndex].bytes, nameOffsets[i]);
    return image;
}

std::optional<std::uint32_t> ElfImage::sectionNamed(std::string_view name) const {
    for (std::uint32_t i = 0; i < m_sections.size(); ++i)
        if (m_sections[i].name == name) return i;
    return std::nullopt;
}

std::optional<ElfImage::Symbol> ElfImage::symbolAt(const Section& table,
                                                   std::uint64_t index) const {
    if (index >= table.bytes.size() / kSymbolBytes) return std::nullopt;
    const auto entry = table.bytes.subspan(std::size_t(index) * kSymbolBytes, kSymbolBytes);
    Symbol s;
    if (table.link < m_sections.size())
        s.name = stringAt(m_sections[table.link].bytes, readAt<std::uint32_t>(entry, 0));
    s.type = entry[4] & 0xf;
    s.section = readAt<std::uint16_t>(entry, 6);
    s.value = readAt<std::uint64_t>(entry, 8);
    s.size = readAt<std::uint64_t>(entry, 16);
    s.index = index;
    return s;
}

std::optional<ElfImage::Symbol> ElfImage::functionNamed(std::string_view name) const {
    for (const Section& table : m_sections) {
        if (table.type != kSymbolTable) continue;
        for (std::uint64_t i = 0; i < table.bytes.size() / kSymbolBytes; ++i)
            if (auto s = symbolAt(table, i); s && s->type == kFunctionType && s->name == name)
                return s;
    }
    return std::nullopt;
}

bool ElfImage::hasSymbol(std::string_view name) const {
    for (const Section& table : m_sections) {
        if (table.type != kSymbolTable) continue;
        for (std::uint64_t i = 0; i < table.bytes.size() / kSymbolBytes; ++i)
            if (auto s = symbolAt(table, i); s && s->name == name) return true;
    }
    return false;
}

std::vector<ElfImage::Relocation> ElfImage::relocationsOf(std::uint32_t target) const {
    std::vector<Relocation> out;
    for (const Section& r : m_sections) {
        if ((r.type != kRela && r.type != kRel) || r.info != target) continue;
        if (r.link >= m_sections.size() || m_sections[r.link].type != kSymbolTable) continue;
        const std::size_t bytes = r.type == kRela ? kRelaBytes : kRelBytes;
        for (std::size_t at = 0; at + bytes <= r.bytes.size(); at += bytes) {
            const auto entry = r.bytes.subspan(at, bytes);
            const auto symbol = symbolAt(m_sections[r.link], readAt<std::uint64_t>(entry, 8) >> 32);
            if (!symbol) continue;
            Relocation rel{readAt<std::uint64_t>(entry, 0), *symbol, 0, r.type == kRela};
            if (rel.hasAddend) rel.addend = readAt<std::int64_t>(entry, 16);
            out.push_back(std::move(rel));
        }
    }
    return out;
}

}  // namespace ws
