#pragma once
// One section of an ELF file read from disk, through core/device/elf_image.h:
// a program's .nv_fatbin, where nvcc keeps its kernels' cubins and PTX.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include "core/common/result.h"

namespace ws::program {

// The section's bytes; nullopt where the file has no such section. Errors
// name the file and what is wrong with it ("not an ELF file", "its section
// table lies past its end").
Result<std::optional<std::vector<std::uint8_t>>> readElfSection(const std::filesystem::path& file,
                                                                const std::string& name);

}  // namespace ws::program
