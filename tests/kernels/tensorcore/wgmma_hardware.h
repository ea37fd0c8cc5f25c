#pragma once
// The hardware the wgmma kernels rely on, as the PTX ISA describes it and
// independent of the kernels' own headers, for the layout tests that
// emulate them on the CPU: matrix descriptors decoded, the 128-byte swizzle
// on byte addresses, the canonical K-major and MN-major layouts an operand
// is read through, the accumulator fragment of m64nNk16, and the entries of
// an emulated C that differ from the exact product.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/tensorcore/bf16_reference.h"

namespace ws::wgmma_hardware {

struct Descriptor {
    std::uint32_t start, leading, stride, baseOffset, swizzle;
};

inline Descriptor decode(std::uint64_t d) {
    return {std::uint32_t(d & 0x3FFF) << 4, std::uint32_t((d >> 16) & 0x3FFF) << 4,
            std::uint32_t((d >> 32) & 0x3FFF) << 4, std::uint32_t((d >> 49) & 7),
            std::uint32_t(d >> 62)};
}

// The 128-byte swizzle (Swizzle<3,4,3> on byte addresses): bits 4-6 of the
// address XOR bits 7-9.
inline std::uint32_t swizzle128(std::uint32_t address) {
    return address ^ (((address >> 7) & 7u) << 4);
}

// Byte address of A(m, k), m < 64, k < 16, K-major with 128-byte swizzle:
// ((8,m),(T,2k)):((8T,SBO),(1,T)), T = 8 BF16 in 16 bytes.
inline std::uint32_t addressOfA(const Descriptor& d, int m, int k) {
    return swizzle128(d.start + (m % 8) * 128 + (m / 8) * d.stride + (k % 8) * 2 + (k / 8) * 16);
}

// Byte address of B(k, n), k < 16, n < N, MN-major with 128-byte swizzle:
// ((T,8,m),(8,k)):((1,T,LBO),(8T,SBO)).
inline std::uint32_t addressOfB(const Descriptor& d, int k, int n) {
    return swizzle128(d.start + (n % 8) * 2 + ((n / 8) % 8) * 16 + (n / 64) * d.leading +
                      (k % 8) * 128 + (k / 8) * d.stride);
}

// The accumulator fragment of m64nNk16 with FP32 D (the ISA's figure for
// matrix D; CUTLASS's CLayout_64xN): thread t = (t0, t1, t2) = (t % 4,
// t / 4 % 8, t / 32), value v = (v0, v1, v2) = (v % 2, v / 2 % 2, v / 4):
// row t1 + 16 t2 + 8 v1, column 2 t0 + v0 + 8 v2.
inline int fragmentRow(int t, int v) { return (t / 4) % 8 + 16 * (t / 32) + 8 * ((v / 2) % 2); }
inline int fragmentCol(int t, int v) { return 2 * (t % 4) + v % 2 + 8 * (v / 4); }

// Entries of C that differ from the exact product (NaN: never stored).
inline std::uint64_t wrongEntries(std::uint32_t n, const std::vector<float>& c) {
    const auto a = widenBf16(makeBf16MatmulInput(n, 1, MatmulOperand::A));
    const auto b = widenBf16(makeBf16MatmulInput(n, 1, MatmulOperand::B));
    std::uint64_t wrong = 0;
    std::vector<double> row(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        std::fill(row.begin(), row.end(), 0.0);
        for (std::uint32_t k = 0; k < n; ++k) {
            const double x = a[std::size_t(i) * n + k];
            for (std::uint32_t j = 0; j < n; ++j) row[j] += x * b[std::size_t(k) * n + j];
        }
        for (std::uint32_t j = 0; j < n; ++j)
            if (!(double(c[std::size_t(i) * n + j]) == row[j])) ++wrong;
    }
    return wrong;
}

}  // namespace ws::wgmma_hardware
