#include "core/basics/set0_check.h"

namespace ws {

Status checkSet0Launch(std::uint64_t grid, std::uint64_t block) {
    // blockIdx.x runs to grid - 1; __mul24 reads bit 23 as the sign.
    constexpr std::uint64_t k23 = 1u << 23;
    if (grid > k23)
        return makeError("set0: grid=" + std::to_string(grid) +
                         " blocks; __mul24 multiplies only the low 24 bits of blockIdx.x as a "
                         "signed number, so the grid must stay within 2^23 = 8388608 blocks "
                         "(use larger blocks)");
    if (block >= k23)
        return makeError("set0: block=" + std::to_string(block) + " does not fit in 23 bits");
    if (grid * block > (std::uint64_t(1) << 32))
        return makeError("set0: " + std::to_string(grid * block) +
                         " threads overflow the 32-bit index of the seed's uint");
    return {};
}

Verification verifySet0(std::span<const std::uint32_t> values) {
    Verification v;
    v.checked = true;
    std::uint64_t wrong = 0, first = 0;
    for (std::uint64_t i = 0; i < values.size(); ++i)
        if (values[i] != 0 && wrong++ == 0) first = i;
    v.expected = "all " + std::to_string(values.size()) + " elements 0";
    v.actual = wrong == 0 ? v.expected
                          : std::to_string(wrong) + " elements not zeroed, first Val2[" +
                                std::to_string(first) + "] = " + std::to_string(values[first]);
    v.absError = double(wrong);
    v.passed = wrong == 0;
    v.note =
        "the buffer was filled with 0xFF bytes before each launch; every element must be "
        "0 afterwards: compared exactly";
    return v;
}

}  // namespace ws
