#include "core/program/elf_section.h"

#include <cstring>
#include <fstream>

namespace ws::program {

namespace {

// The fields of ELF64's file head and section head that are read.
struct FileHead {
    std::uint64_t sectionsAt;
    std::uint16_t sectionBytes, sections, namesIndex;
};
struct SectionHead {
    std::uint32_t name;
    std::uint64_t offset, size;
};

template <typename T>
T at(const std::vector<char>& bytes, std::size_t offset) {
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof value);
    return value;
}

}  // namespace

Result<std::optional<std::vector<std::uint8_t>>> readElfSection(const std::filesystem::path& file,
                                                                const std::string& name) {
    const std::string where = file.string() + ": ";
    std::ifstream in(file, std::ios::binary);
    if (!in) return makeError("cannot read " + file.string());
    const auto readBytes = [&](std::uint64_t offset,
                               std::uint64_t size) -> Result<std::vector<char>> {
        std::vector<char> bytes(size);
        in.seekg(std::streamoff(offset));
        if (!in.read(bytes.data(), std::streamsize(size)))
            return makeError(where + std::to_string(size) + " bytes at " + std::to_string(offset) +
                             " lie past the file's end");
        return bytes;
    };
    auto head = readBytes(0, 64);
    if (!head || std::memcmp(head->data(),
                             "\x7f"
                             "ELF",
                             4) != 0)
        return makeError(where + "not an ELF file (a program built by nvcc is one)");
    if ((*head)[4] != 2 || (*head)[5] != 1)
        return makeError(where + "not a 64-bit little-endian ELF file");
    const FileHead f{at<std::uint64_t>(*head, 0x28), at<std::uint16_t>(*head, 0x3a),
                     at<std::uint16_t>(*head, 0x3c), at<std::uint16_t>(*head, 0x3e)};
    if (f.sectionBytes < 64 || f.namesIndex >= f.sections)
        return makeError(where + "its section table is malformed");
    auto table = readBytes(f.sectionsAt, std::uint64_t(f.sections) * f.sectionBytes);
    if (!table) return makeError(table.error());
    const auto sectionAt = [&](std::size_t i) {
        const std::size_t o = i * f.sectionBytes;
        return SectionHead{at<std::uint32_t>(*table, o), at<std::uint64_t>(*table, o + 0x18),
                           at<std::uint64_t>(*table, o + 0x20)};
    };
    const SectionHead names = sectionAt(f.namesIndex);
    constexpr std::uint64_t kMaxNames = 1 << 20;
    if (names.size > kMaxNames) return makeError(where + "its section names are malformed");
    auto nameBytes = readBytes(names.offset, names.size);
    if (!nameBytes) return makeError(nameBytes.error());
    for (std::size_t i = 0; i < f.sections; ++i) {
        const SectionHead s = sectionAt(i);
        if (s.name >= nameBytes->size()) continue;
        const char* sectionName = nameBytes->data() + s.name;
        if (strnlen(sectionName, nameBytes->size() - s.name) == nameBytes->size() - s.name ||
            name != sectionName)
            continue;
        constexpr std::uint64_t kMaxSection = 1ull << 32;
        if (s.size > kMaxSection) return makeError(where + name + " is larger than 4 GiB");
        auto bytes = readBytes(s.offset, s.size);
        if (!bytes) return makeError(bytes.error());
        return std::optional<std::vector<std::uint8_t>>(
            std::vector<std::uint8_t>(bytes->begin(), bytes->end()));
    }
    return std::optional<std::vector<std::uint8_t>>();
}

}  // namespace ws::program
