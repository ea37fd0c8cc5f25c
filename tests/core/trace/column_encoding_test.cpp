// Varint and delta columns: every value of every type comes back, the
// smallest form is chosen, and damaged bytes are refused with the byte.
#include "core/trace/column_encoding.h"

#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <random>

namespace ws {
namespace {

template <typename T>
std::vector<T> decoded(const EncodedColumn& column) {
    std::vector<T> values;
    std::string error;
    if (column.encoding == ColumnEncoding::Raw) {
        values.resize(column.bytes.size() / sizeof(T));
        std::memcpy(values.data(), column.bytes.data(), column.bytes.size());
        return values;
    }
    EXPECT_TRUE(decodeColumn(column.encoding, column.bytes, values, error)) << error;
    return values;
}

template <typename T>
void expectRoundTrip(const std::vector<T>& values) {
    const EncodedColumn column = encodeColumn(values);
    EXPECT_EQ(decoded<T>(column), values);
    EXPECT_LE(column.bytes.size(), values.size() * sizeof(T));
}

template <typename T>
std::vector<T> extremes() {
    using L = std::numeric_limits<T>;
    return {L::min(), L::max(), T(0), T(1), T(L::max() - 1), T(L::min() + 1), L::max(), L::min()};
}

TEST(ColumnEncoding, ExtremesOfEveryTypeRoundTrip) {
    expectRoundTrip(extremes<std::uint8_t>());
    expectRoundTrip(extremes<std::uint32_t>());
    expectRoundTrip(extremes<std::int32_t>());
    expectRoundTrip(extremes<std::uint64_t>());
    expectRoundTrip(extremes<std::int64_t>());
    expectRoundTrip(std::vector<std::uint32_t>{});
}

TEST(ColumnEncoding, RandomWalksAndNoiseRoundTrip) {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 200; ++trial) {
        const std::size_t n = rng() % 300;
        std::vector<std::uint64_t> u64;
        std::vector<std::int64_t> i64;
        std::vector<std::uint32_t> u32;
        std::vector<std::int32_t> i32;
        std::vector<std::uint8_t> u8;
        std::uint64_t walk = rng();
        const int bits = int(rng() % 64) + 1;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t noise = bits == 64 ? rng() : rng() & ((1ull << bits) - 1);
            walk += trial % 2 ? noise : -noise;
            u64.push_back(walk);
            i64.push_back(std::int64_t(walk));
            u32.push_back(std::uint32_t(walk));
            i32.push_back(std::int32_t(noise));
            u8.push_back(std::uint8_t(noise));
        }
        expectRoundTrip(u64);
        expectRoundTrip(i64);
        expectRoundTrip(u32);
        expectRoundTrip(i32);
        expectRoundTrip(u8);
    }
}

TEST(ColumnEncoding, PicksTheSmallestForm) {
    std::vector<std::uint32_t> counting(1000);
    for (std::uint32_t i = 0; i < 1000; ++i) counting[i] = 100000 + i;
    EncodedColumn c = encodeColumn(counting);
    EXPECT_EQ(c.encoding, ColumnEncoding::Delta);
    EXPECT_EQ(c.bytes.size(), 3u + 999u);  // 100000 takes 3 bytes, each step of 1 one

    std::vector<std::uint32_t> small = {3, 100, 7, 0, 127, 5};
    c = encodeColumn(small);
    EXPECT_EQ(c.encoding, ColumnEncoding::Varint);
    EXPECT_EQ(c.bytes.size(), 6u);

    std::vector<std::uint32_t> wide = {0xffffffffu, 0x80000000u, 0xfffffff0u, 0x12345678u};
    c = encodeColumn(wide);
    EXPECT_EQ(c.encoding, ColumnEncoding::Raw);
    EXPECT_EQ(c.bytes.size(), 16u);

    std::vector<std::int64_t> negative = {-1, -2, -3, 1};
    c = encodeColumn(negative);
    EXPECT_EQ(c.encoding, ColumnEncoding::Varint);  // zigzag: one byte each
    EXPECT_EQ(c.bytes.size(), 4u);
}

TEST(ColumnEncoding, DeltasWrapAroundTheTypesWidth) {
    // From 0xffffffff to 0 is a step of +1 modulo 2^32: one byte, not five.
    std::vector<std::uint32_t> wrap = {0xfffffff0u, 0xfffffff8u, 0xffffffffu, 0, 8, 16, 24, 32};
    const EncodedColumn c = encodeColumn(wrap);
    EXPECT_EQ(c.encoding, ColumnEncoding::Delta);
    EXPECT_EQ(decoded<std::uint32_t>(c), wrap);
    std::vector<std::int64_t> extreme = {std::numeric_limits<std::int64_t>::min(),
                                         std::numeric_limits<std::int64_t>::max(),
                                         0,
                                         0,
                                         0,
                                         0};
    EXPECT_EQ(decoded<std::int64_t>(encodeColumn(extreme)), extreme);
}

template <typename T>
std::string errorOf(ColumnEncoding e, std::vector<std::uint8_t> bytes) {
    std::vector<T> values;
    std::string error;
    EXPECT_FALSE(decodeColumn(e, bytes, values, error));
    return error;
}

TEST(ColumnEncoding, DamagedBytesAreRefusedWithTheByte) {
    EXPECT_EQ(errorOf<std::uint32_t>(ColumnEncoding::Varint, {0x01, 0x81}),
              "its last varint, at byte 1 of 2, has no final byte");
    EXPECT_EQ(errorOf<std::uint32_t>(ColumnEncoding::Varint, {0x01, 0xff, 0xff, 0xff, 0xff, 0x10}),
              "the varint at byte 1 is larger than 32 bits");
    EXPECT_EQ(errorOf<std::uint8_t>(ColumnEncoding::Delta, {0x80, 0x02}),
              "the varint at byte 0 is larger than 8 bits");
    EXPECT_EQ(errorOf<std::uint64_t>(ColumnEncoding::Varint,
                                     {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}),
              "the varint at byte 0 is larger than 64 bits");
    EXPECT_EQ(errorOf<std::uint64_t>(ColumnEncoding::Varint, std::vector<std::uint8_t>(20, 0x80)),
              "its last varint, at byte 19 of 20, has no final byte");
    EXPECT_EQ(errorOf<std::int32_t>(ColumnEncoding(7), {0x00}),
              "encoding 7 is not 1 (varint) or 2 (delta)");
    // The largest 64-bit varint is accepted.
    std::vector<std::uint64_t> values;
    std::string error;
    EXPECT_TRUE(decodeColumn(
        ColumnEncoding::Varint,
        std::vector<std::uint8_t>{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01},
        values, error));
    EXPECT_EQ(values, std::vector<std::uint64_t>{~0ull});
}

}  // namespace
}  // namespace ws
