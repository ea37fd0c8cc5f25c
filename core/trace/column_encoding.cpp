#include "core/trace/column_encoding.h"

#include "core/trace/packed_arrays.h"

namespace ws {

namespace {

// Every value is handled as its W-bit pattern in a uint64 (W = the type's
// width), so differences wrap modulo 2^W and the signed and unsigned types of
// one width share one code path.
template <typename T>
constexpr unsigned kBits = sizeof(T) * 8;

template <typename T>
constexpr std::uint64_t kMask = kBits<T> == 64 ? ~std::uint64_t(0)
                                               : (std::uint64_t(1) << kBits<T>)-1;

// Longest varint of a W-bit number: 2 bytes for u8, 5 for 32 bits, 10 for 64.
template <typename T>
constexpr std::size_t kMaxVarintBytes = (kBits<T> + 6) / 7;

template <typename T>
std::uint64_t patternOf(T v) {
    return std::uint64_t(std::make_unsigned_t<T>(v));
}

template <typename T>
T fromPattern(std::uint64_t bits) {
    return T(std::make_unsigned_t<T>(bits & kMask<T>));
}

// Zigzag of a W-bit two's complement pattern: 0, -1, 1, -2 ... -> 0, 1, 2, 3 ...
template <typename T>
std::uint64_t zigzag(std::uint64_t bits) {
    constexpr unsigned shift = 64 - kBits<T>;
    const auto s = std::int64_t(bits << shift) >> shift;  // sign-extended
    return ((std::uint64_t(s) << 1) ^ std::uint64_t(s >> 63)) & kMask<T>;
}

std::uint64_t unzigzag(std::uint64_t u) { return (u >> 1) ^ (~(u & 1) + 1); }

template <typename T>
std::uint64_t varintValue(T v) {
    return std::is_signed_v<T> ? zigzag<T>(patternOf(v)) : patternOf(v);
}

std::size_t varintLength(std::uint64_t u) {
    std::size_t n = 1;
    while (u >= 0x80) {
        u >>= 7;
        ++n;
    }
    return n;
}

void appendVarint(std::vector<std::uint8_t>& out, std::uint64_t u) {
    while (u >= 0x80) {
        out.push_back(std::uint8_t(u | 0x80));
        u >>= 7;
    }
    out.push_back(std::uint8_t(u));
}

// What each form writes for element i, given the previous element's pattern.
template <typename T>
std::uint64_t deltaValue(T v, std::uint64_t previous) {
    return zigzag<T>((patternOf(v) - previous) & kMask<T>);
}

}  // namespace

template <typename T>
EncodedColumn encodeColumn(const std::vector<T>& values) {
    static_assert(kEncodableColumn<T>);
    std::size_t varintBytes = 0, deltaBytes = 0;
    std::uint64_t previous = 0;
    for (T v : values) {
        varintBytes += varintLength(varintValue(v));
        deltaBytes += varintLength(deltaValue(v, previous));
        previous = patternOf(v);
    }
    const std::size_t rawBytes = values.size() * sizeof(T);
    EncodedColumn out;
    if (rawBytes <= varintBytes && rawBytes <= deltaBytes) {
        out.bytes = packLittleEndian(values);
        return out;
    }
    out.encoding = varintBytes <= deltaBytes ? ColumnEncoding::Varint : ColumnEncoding::Delta;
    out.bytes.reserve(std::min(varintBytes, deltaBytes));
    previous = 0;
    for (T v : values) {
        appendVarint(out.bytes, out.encoding == ColumnEncoding::Varint ? varintValue(v)
                                                                       : deltaValue(v, previous));
        previous = patternOf(v);
    }
    return out;
}

template <typename T>
bool decodeColumn(ColumnEncoding encoding, std::span<const std::uint8_t> bytes,
                  std::vector<T>& values, std::string& error) {
    static_assert(kEncodableColumn<T>);
    if (encoding != ColumnEncoding::Varint && encoding != ColumnEncoding::Delta) {
        error = "encoding " + std::to_string(int(encoding)) + " is not 1 (varint) or 2 (delta)";
        return false;
    }
    // Every varint ends in a byte below 0x80, so counting those sizes the
    // array exactly before anything is allocated.
    std::size_t count = 0;
    for (std::uint8_t b : bytes) count += b < 0x80;
    if (!bytes.empty() && bytes.back() >= 0x80) {
        error = "its last varint, at byte " + std::to_string(bytes.size() - 1) + " of " +
                std::to_string(bytes.size()) + ", has no final byte";
        return false;
    }
    values.clear();
    values.reserve(count);
    std::uint64_t previous = 0;
    std::size_t at = 0;
    while (at < bytes.size()) {
        const std::size_t start = at;
        std::uint64_t u = 0;
        unsigned shift = 0;
        bool fits = true;
        for (;;) {
            const std::uint8_t b = bytes[at++];
            const std::uint64_t payload = b & 0x7f;
            if (at - start > kMaxVarintBytes<T> || (shift > 0 && (payload >> (64 - shift)) != 0))
                fits = false;
            else
                u |= payload << shift;
            shift += 7;
            if (b < 0x80) break;
        }
        if (!fits || (u & ~kMask<T>) != 0) {
            error = "the varint at byte " + std::to_string(start) + " is larger than " +
                    std::to_string(kBits<T>) + " bits";
            return false;
        }
        if (encoding == ColumnEncoding::Varint) {
            values.push_back(std::is_signed_v<T> ? fromPattern<T>(unzigzag(u)) : fromPattern<T>(u));
        } else {
            previous = (previous + unzigzag(u)) & kMask<T>;
            values.push_back(fromPattern<T>(previous));
        }
    }
    return true;
}

#define WS_COLUMN_TYPE(T)                                                                      \
    template EncodedColumn encodeColumn(const std::vector<T>&);                                \
    template bool decodeColumn(ColumnEncoding, std::span<const std::uint8_t>, std::vector<T>&, \
                               std::string&);
WS_COLUMN_TYPE(std::uint8_t)
WS_COLUMN_TYPE(std::uint32_t)
WS_COLUMN_TYPE(std::int32_t)
WS_COLUMN_TYPE(std::uint64_t)
WS_COLUMN_TYPE(std::int64_t)
#undef WS_COLUMN_TYPE

}  // namespace ws
