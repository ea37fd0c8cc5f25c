#pragma once
// set0 on the CPU: the index the seed computes with __mul24, which only
// multiplies the low 24 bits of its operands, the launches where that is
// still the true index, and the check of the array the GPU zeroed.
#include <cstdint>
#include <span>
#include <string>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

// __mul24(a, b): the low 32 bits of the product of the low 24 bits of each,
// taken as signed 24-bit numbers (bit 23 is the sign).
inline std::int32_t mul24(std::int32_t a, std::int32_t b) {
    auto low24 = [](std::int32_t x) {
        const std::int64_t v = x & 0xffffff;
        return v >= 0x800000 ? v - 0x1000000 : v;
    };
    return std::int32_t(std::uint32_t(std::uint64_t(low24(a) * low24(b)) & 0xffffffffu));
}

// Refuses a launch whose blockIdx.x or blockDim.x is not a positive signed
// 24-bit number, or whose threads overflow the 32-bit index, naming the limit.
Status checkSet0Launch(std::uint64_t grid, std::uint64_t block);

// Every element zero (the GPU buffer was filled with 0xFF bytes before).
Verification verifySet0(std::span<const std::uint32_t> values);

}  // namespace ws
