#pragma once
// Integer record arrays in fewer bytes (format version 3). Block ids count up
// by one, SM ids fit in a byte, timestamps move by a few hundred ns from one
// block to the next: written as LEB128 varints, either of the values or of
// their differences, they take a fraction of their fixed width. The writer
// keeps whichever of the three forms is smallest, so no array grows.
// docs/trace-format.md, "Packed arrays", is the specification.
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace ws {

enum class ColumnEncoding : std::uint8_t {
    Raw = 0,     // little-endian elements back to back (every version)
    Varint = 1,  // each value as a LEB128 varint, zigzagged for signed types
    Delta = 2,   // each value minus the one before (the first minus 0), zigzagged
};

template <typename T>
inline constexpr bool kEncodableColumn =
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::uint32_t> ||
    std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint64_t> ||
    std::is_same_v<T, std::int64_t>;

struct EncodedColumn {
    ColumnEncoding encoding = ColumnEncoding::Raw;
    std::vector<std::uint8_t> bytes;
};

// The smallest of the three forms; ties go to the simpler one (raw first).
template <typename T>
EncodedColumn encodeColumn(const std::vector<T>& values);

// Decodes a varint or delta array. On failure `error` says what is wrong and
// at which byte of the array, and `values` is left unspecified.
template <typename T>
bool decodeColumn(ColumnEncoding encoding, std::span<const std::uint8_t> bytes,
                  std::vector<T>& values, std::string& error);

}  // namespace ws
