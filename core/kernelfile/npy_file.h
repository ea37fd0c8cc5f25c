#pragma once
// NumPy's .npy files (format versions 1.0 to 3.0): a kernel file's buffer
// may be filled from one and its output compared with one
// (docs/your-kernel.md). Little-endian, C-ordered arrays of the element types
// a buffer may have; anything else is refused with what it holds.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/result.h"
#include "core/kernelfile/buffer_contents.h"
#include "core/kernelfile/element_type.h"

namespace ws::kernelfile {

struct NpyArray {
    ElementType type = ElementType::Float;
    std::vector<std::uint64_t> shape;
    std::uint64_t count = 0;  // the product of the shape
    HostBuffer data;          // count elements, as the file holds them
};

// `name` only names the file in messages: "a.npy: its header has no 'shape'".
Result<NpyArray> parseNpy(std::string_view bytes, const std::string& name);

// Reads and parses the file; refuses one over `maxBytes` before reading it.
Result<NpyArray> readNpy(const std::filesystem::path& path, std::uint64_t maxBytes);

// "float32", as NumPy calls the element type.
std::string numpyTypeName(ElementType type);

}  // namespace ws::kernelfile
