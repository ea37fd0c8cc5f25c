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

struct NpyHeader {
    ElementType type = ElementType::Float;
    std::vector<std::uint64_t> shape;
    std::uint64_t count = 0;       // the product of the shape
    std::uint64_t dataOffset = 0;  // where the elements begin in the file
    std::uint64_t dataBytes() const { return count * elementSize(type); }
};

struct NpyArray {
    NpyHeader header;
    HostBuffer data;  // header.count elements, as the file holds them
};

// NumPy's own bound on a header (numpy.load's max_header_size): a file
// with a longer one is refused unread.
inline constexpr std::size_t kMaxNpyHeaderBytes = 10000;

// The header of the file whose first bytes are `bytes` (the whole header
// must be among them). `name` only names the file in messages:
// "a.npy: its header has no 'shape'".
Result<NpyHeader> parseNpyHeader(std::string_view bytes, const std::string& name);

// A whole file in memory: its header, and exactly the data its shape needs.
Result<NpyArray> parseNpy(std::string_view bytes, const std::string& name);

// From disk: the header alone (to be held to a buffer before any data is
// read), then the data straight into a buffer, its size checked first.
Result<NpyHeader> readNpyHeader(const std::filesystem::path& path);
Result<HostBuffer> readNpyData(const std::filesystem::path& path, const NpyHeader& header);

// "float32", as NumPy calls the element type.
std::string numpyTypeName(ElementType type);

}  // namespace ws::kernelfile
