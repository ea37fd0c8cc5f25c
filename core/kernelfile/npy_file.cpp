#include "core/kernelfile/npy_file.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <optional>

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

namespace {

// The header is a Python dict literal, {'descr': '<f4', 'fortran_order':
// False, 'shape': (3, 4), }, read by hand: a regex over it would recurse
// once per character.
std::size_t valueOf(std::string_view header, std::string_view key) {
    for (const char quote : {'\'', '"'}) {
        const std::string quoted = std::string(1, quote) + std::string(key) + quote;
        std::size_t at = header.find(quoted);
        if (at == std::string_view::npos) continue;
        at += quoted.size();
        while (at < header.size() && std::isspace(static_cast<unsigned char>(header[at]))) ++at;
        if (at >= header.size() || header[at] != ':') continue;
        ++at;
        while (at < header.size() && std::isspace(static_cast<unsigned char>(header[at]))) ++at;
        // A key with nothing after its colon has no value.
        if (at < header.size()) return at;
    }
    return std::string_view::npos;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

}  // namespace

Result<NpyHeader> parseNpyHeader(std::string_view bytes, const std::string& name) {
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
    if (headerLength > kMaxNpyHeaderBytes)
        return fail("its header is " + std::to_string(headerLength) + " bytes, more than the " +
                    std::to_string(kMaxNpyHeaderBytes) + " NumPy itself reads");
    if (bytes.size() - headerStart < headerLength)
        return fail("its header promises " + std::to_string(headerLength) +
                    " bytes and the file ends before them");
    const std::string_view header = bytes.substr(headerStart, headerLength);

    NpyHeader h;
    h.dataOffset = headerStart + headerLength;
    const std::size_t descrAt = valueOf(header, "descr");
    if (descrAt == std::string_view::npos) return fail("its header has no 'descr'");
    if (header[descrAt] == '[')
        return fail(
            "holds a structured array (fields of several types); save each field as "
            "its own array");
    const char quote = header[descrAt];
    const std::size_t descrEnd =
        quote == '\'' || quote == '"' ? header.find(quote, descrAt + 1) : std::string_view::npos;
    if (descrEnd == std::string_view::npos) return fail("its header's 'descr' is not a text");
    const std::string descr(header.substr(descrAt + 1, descrEnd - descrAt - 1));
    const auto type = typeOfDescr(descr);
    if (!type) {
        if (!descr.empty() && descr[0] == '>')
            return fail("holds big-endian '" + descr + "' elements; save it with .astype('<" +
                        descr.substr(1) + "')");
        return fail("holds '" + descr +
                    "' elements; a buffer is int8 ... uint64, float32 or float64 "
                    "(NumPy's '<i4', '<f4', ...)");
    }
    h.type = *type;

    const std::size_t orderAt = valueOf(header, "fortran_order");
    if (orderAt == std::string_view::npos) return fail("its header has no 'fortran_order'");
    const bool fortran = header.substr(orderAt, 4) == "True";
    if (!fortran && header.substr(orderAt, 5) != "False")
        return fail("its header's 'fortran_order' is neither True nor False");

    const std::size_t shapeAt = valueOf(header, "shape");
    if (shapeAt == std::string_view::npos || header[shapeAt] != '(')
        return fail("its header has no 'shape'");
    const std::size_t shapeEnd = header.find(')', shapeAt);
    if (shapeEnd == std::string_view::npos) return fail("its header's 'shape' is not closed");
    const std::string_view dims = header.substr(shapeAt + 1, shapeEnd - shapeAt - 1);
    const std::string shown(dims);
    h.count = 1;
    std::size_t from = 0;
    while (from <= dims.size()) {
        const std::size_t comma = std::min(dims.find(',', from), dims.size());
        const std::string_view piece = trimmed(dims.substr(from, comma - from));
        const bool last = comma == dims.size();
        from = comma + 1;
        // A trailing comma, as in (3,), leaves an empty last piece.
        if (piece.empty() && last && !h.shape.empty()) break;
        if (piece.empty() && last && trimmed(dims).empty()) break;  // (): one element
        if (piece.empty() || piece.find_first_not_of("0123456789") != std::string_view::npos)
            return fail("its shape (" + shown + ") is not a list of whole numbers");
        if (piece.size() > 15)
            return fail("a dimension of " + std::string(piece) + " is too large");
        const std::uint64_t n = std::stoull(std::string(piece));
        h.shape.push_back(n);
        if (n != 0 && h.count > (std::uint64_t(1) << 48) / n)
            return fail("its shape (" + shown + ") has too many elements");
        h.count *= n;
        if (last) break;
    }
    if (fortran && h.shape.size() > 1)
        return fail("is in Fortran order; save it with np.ascontiguousarray");
    return h;
}

Result<NpyArray> parseNpy(std::string_view bytes, const std::string& name) {
    auto header = parseNpyHeader(bytes, name);
    if (!header) return makeError(header.error());
    const std::uint64_t want = header->dataBytes();
    const std::uint64_t have = bytes.size() - header->dataOffset;
    if (have != want)
        return makeError(name + ": its shape needs " + std::to_string(want) +
                         " bytes of data, and it holds " + std::to_string(have));
    NpyArray array{*header, HostBuffer(want)};
    if (want) std::memcpy(array.data.data(), bytes.data() + header->dataOffset, want);
    return array;
}

Result<NpyHeader> readNpyHeader(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError("cannot read " + path.string());
    std::string prefix(12 + kMaxNpyHeaderBytes, '\0');
    in.read(prefix.data(), std::streamsize(prefix.size()));
    prefix.resize(std::size_t(in.gcount()));
    return parseNpyHeader(prefix, path.filename().string());
}

Result<HostBuffer> readNpyData(const std::filesystem::path& path, const NpyHeader& header) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    if (error) return makeError("cannot read " + path.string() + ": " + error.message());
    const std::uint64_t want = header.dataBytes();
    if (size < header.dataOffset || size - header.dataOffset != want)
        return makeError(path.filename().string() + ": its shape needs " + std::to_string(want) +
                         " bytes of data, and it holds " +
                         std::to_string(size < header.dataOffset ? 0 : size - header.dataOffset));
    std::ifstream in(path, std::ios::binary);
    HostBuffer data(want);
    in.seekg(std::streamoff(header.dataOffset));
    if (!in || !in.read(reinterpret_cast<char*>(data.data()), std::streamsize(want)))
        return makeError("cannot read " + path.string() + ": it ended early");
    return data;
}

}  // namespace ws::kernelfile
