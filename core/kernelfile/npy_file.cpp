#include "core/kernelfile/npy_file.h"

#include <cstring>
#include <fstream>
#include <optional>
#include <regex>

namespace ws::kernelfile {

namespace {

constexpr std::string_view kMagic = "\x93NUMPY";

struct Descr {
    std::string_view text;
    ElementType type;
};

// NumPy's type strings: '<' little-endian, '|' one byte, '=' the writer's
// own order (every host warpscope runs on is little-endian).
std::optional<ElementType> typeOfDescr(std::string_view descr) {
    static constexpr Descr kKnown[] = {{"i1", ElementType::Int8},  {"u1", ElementType::UInt8},
                                       {"i2", ElementType::Int16}, {"u2", ElementType::UInt16},
                                       {"i4", ElementType::Int32}, {"u4", ElementType::UInt32},
                                       {"i8", ElementType::Int64}, {"u8", ElementType::UInt64},
                                       {"f4", ElementType::Float}, {"f8", ElementType::Double}};
    if (descr.size() != 3 || (descr[0] != '<' && descr[0] != '|' && descr[0] != '=')) return {};
    for (const Descr& d : kKnown)
        if (descr.substr(1) == d.text) {
            if (descr[0] == '|' && elementSize(d.type) != 1) return {};
            return d.type;
        }
    return {};
}

std::uint32_t littleEndian(std::string_view bytes, std::size_t at, std::size_t width) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < width; ++i)
        value |= std::uint32_t(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
    return value;
}

}  // namespace

std::string numpyTypeName(ElementType type) {
    switch (type) {
        case ElementType::Float:
            return "float32";
        case ElementType::Double:
            return "float64";
        default:
            return elementTypeName(type);
    }
}

Result<NpyArray> parseNpy(std::string_view bytes, const std::string& name) {
    auto fail = [&name](const std::string& what) { return makeError(name + ": " + what); };
    if (bytes.size() < 10 || bytes.substr(0, kMagic.size()) != kMagic)
        return fail("not a .npy file (it does not begin with \\x93NUMPY)");
    const int major = static_cast<unsigned char>(bytes[6]);
    if (major < 1 || major > 3)
        return fail(".npy format version " + std::to_string(major) + " (1 to 3 are read)");
    const std::size_t lengthWidth = major == 1 ? 2 : 4;
    if (bytes.size() < 8 + lengthWidth) return fail("its header is cut off");
    const std::uint64_t headerLength = littleEndian(bytes, 8, lengthWidth);
    const std::size_t headerStart = 8 + lengthWidth;
    if (bytes.size() - headerStart < headerLength)
        return fail("its header promises " + std::to_string(headerLength) +
                    " bytes and the file ends before them");
    const std::string header(bytes.substr(headerStart, headerLength));

    // The header is a Python dict literal: {'descr': '<f4', 'fortran_order':
    // False, 'shape': (3, 4), }
    static const std::regex descrKey(R"(['"]descr['"]\s*:\s*['"]([^'"]*)['"])");
    static const std::regex orderKey(R"(['"]fortran_order['"]\s*:\s*(True|False))");
    static const std::regex shapeKey(R"(['"]shape['"]\s*:\s*\(([^)]*)\))");
    std::smatch descr, order, shape;
    if (!std::regex_search(header, descr, descrKey)) return fail("its header has no 'descr'");
    if (!std::regex_search(header, order, orderKey))
        return fail("its header has no 'fortran_order'");
    if (!std::regex_search(header, shape, shapeKey)) return fail("its header has no 'shape'");

    NpyArray array;
    const auto type = typeOfDescr(descr[1].str());
    if (!type) {
        const std::string d = descr[1].str();
        if (!d.empty() && d[0] == '>')
            return fail("holds big-endian '" + d + "' elements; save it with .astype('<" +
                        d.substr(1) + "')");
        return fail("holds '" + d +
                    "' elements; a buffer is int8 ... uint64, float32 or float64 "
                    "(NumPy's '<i4', '<f4', ...)");
    }
    array.type = *type;
    static const std::regex dimension(R"(\s*(\d+)\s*(,|$))");
    const std::string dims = shape[1].str();
    array.count = 1;
    for (std::sregex_iterator it(dims.begin(), dims.end(), dimension), end; it != end; ++it) {
        const std::string digits = (*it)[1].str();
        if (digits.size() > 15) return fail("a dimension of " + digits + " is too large");
        const std::uint64_t n = std::stoull(digits);
        array.shape.push_back(n);
        if (n != 0 && array.count > (std::uint64_t(1) << 48) / n)
            return fail("its shape (" + dims + ") has too many elements");
        array.count *= n;
    }
    if (dims.find_first_not_of(" ,0123456789") != std::string::npos)
        return fail("its shape (" + dims + ") is not a list of whole numbers");
    if (order[1] == "True" && array.shape.size() > 1)
        return fail("is in Fortran order; save it with np.ascontiguousarray");

    const std::uint64_t want = array.count * elementSize(array.type);
    const std::uint64_t have = bytes.size() - headerStart - headerLength;
    if (have != want)
        return fail("its shape needs " + std::to_string(want) + " bytes of data, and it holds " +
                    std::to_string(have));
    array.data.resize(want);
    if (want) std::memcpy(array.data.data(), bytes.data() + headerStart + headerLength, want);
    return array;
}

Result<NpyArray> readNpy(const std::filesystem::path& path, std::uint64_t maxBytes) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    if (error) return makeError("cannot read " + path.string() + ": " + error.message());
    if (size > maxBytes)
        return makeError(path.string() + " is " + std::to_string(size) + " bytes, more than the " +
                         std::to_string(maxBytes) + " the buffers may hold");
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError("cannot read " + path.string());
    std::string bytes(size, '\0');
    if (!in.read(bytes.data(), std::streamsize(size)))
        return makeError("cannot read " + path.string() + ": it ended early");
    return parseNpy(bytes, path.filename().string());
}

}  // namespace ws::kernelfile
