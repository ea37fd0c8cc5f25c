#include "core/program/elf_section.h"

#include <fstream>
#include <iterator>

#include "core/device/elf_image.h"

namespace ws::program {

Result<std::optional<std::vector<std::uint8_t>>> readElfSection(const std::filesystem::path& file,
                                                                const std::string& name) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return makeError("cannot read " + file.string());
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
    if (bytes.size() < 4 || bytes[0] != 0x7f || bytes[1] != 'E' || bytes[2] != 'L' ||
        bytes[3] != 'F')
        return makeError(file.string() + ": not an ELF file (a program built by nvcc is one)");
    auto image = ElfImage::read(bytes);
    if (!image) return makeError(file.string() + ": " + image.error());
    const auto index = image->sectionNamed(name);
    if (!index) return std::optional<std::vector<std::uint8_t>>();
    const auto& section = image->sections()[*index].bytes;
    return std::optional<std::vector<std::uint8_t>>(
        std::vector<std::uint8_t>(section.begin(), section.end()));
}

}  // namespace ws::program
