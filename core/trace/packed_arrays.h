#pragma once
// Record arrays travel as CBOR byte strings holding little-endian packed
// elements: one memcpy per array on the usual hosts instead of one CBOR item
// per value, which keeps a million-block trace compact and quick to load.
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace ws {

namespace packed_detail {

template <typename T>
using Bits = std::conditional_t<
    sizeof(T) == 8, std::uint64_t,
    std::conditional_t<sizeof(T) == 4, std::uint32_t,
                       std::conditional_t<sizeof(T) == 2, std::uint16_t, std::uint8_t>>>;

template <typename T>
T byteswapValue(T v) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);
    if constexpr (sizeof(T) == 1) return v;
    auto bits = std::bit_cast<Bits<T>>(v);
    Bits<T> out = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) {
        out = (out << 8) | (bits & 0xff);
        bits >>= 8;
    }
    return std::bit_cast<T>(out);
}

}  // namespace packed_detail

template <typename T>
std::vector<std::uint8_t> packLittleEndian(const std::vector<T>& values) {
    static_assert(std::is_trivially_copyable_v<T>);
    std::vector<std::uint8_t> bytes(values.size() * sizeof(T));
    if constexpr (std::endian::native == std::endian::little) {
        if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
    } else {
        for (std::size_t i = 0; i < values.size(); ++i) {
            T v = packed_detail::byteswapValue(values[i]);
            std::memcpy(bytes.data() + i * sizeof(T), &v, sizeof(T));
        }
    }
    return bytes;
}

// False when the byte count is not a whole number of elements.
template <typename T>
bool unpackLittleEndian(const std::vector<std::uint8_t>& bytes, std::vector<T>& values) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (bytes.size() % sizeof(T) != 0) return false;
    values.resize(bytes.size() / sizeof(T));
    if (!values.empty()) std::memcpy(values.data(), bytes.data(), bytes.size());
    if constexpr (std::endian::native != std::endian::little) {
        for (auto& v : values) v = packed_detail::byteswapValue(v);
    }
    return true;
}

}  // namespace ws
