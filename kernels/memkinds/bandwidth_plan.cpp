#include "kernels/memkinds/bandwidth_plan.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "kernels/memkinds/device_rules.h"

namespace ws::memkinds {

namespace {

using U128 = unsigned __int128;

// Sum of floor((a i + b) / m) for i in [0, n): the Euclid-like reduction
// (AtCoder Library's floor_sum), in 128 bits.
U128 floorSum(std::uint64_t n, std::uint64_t m, std::uint64_t a, std::uint64_t b) {
    U128 sum = 0;
    while (true) {
        if (a >= m) {
            sum += U128(n) * (n - 1) / 2 * (a / m);
            a %= m;
        }
        if (b >= m) {
            sum += U128(n) * (b / m);
            b %= m;
        }
        const U128 yMax = U128(a) * n + b;
        if (yMax < m) break;
        n = std::uint64_t(yMax / m);
        b = std::uint64_t(yMax % m);
        std::swap(m, a);
    }
    return sum;
}

constexpr std::uint64_t kMultiplier = 2654435761u;

// Sum of bandwidthWord(i) for i in [0, n): the word is
// ((i A) mod 2^32) >> 7 = floor(i A / 2^7) - 2^25 floor(i A / 2^32).
std::uint64_t wordPrefix(std::uint64_t n) {
    const U128 high = floorSum(n, std::uint64_t(1) << 7, kMultiplier, 0);
    const U128 wraps = floorSum(n, std::uint64_t(1) << 32, kMultiplier, 0);
    return std::uint64_t(high - (wraps << 25));
}

// Per block, the slices it reads: `full` rounds of all of them, then
// `rest` more from its first; prefix sums over the slices give each block's
// total in two lookups.
template <typename SliceValue>
std::uint64_t overLaunch(const BandwidthPlan& p, SliceValue value) {
    std::vector<std::uint64_t> prefix(std::size_t(p.slices) + 1, 0);
    for (std::uint32_t s = 0; s < p.slices; ++s) prefix[s + 1] = prefix[s] + value(s);
    const std::uint64_t whole = prefix[p.slices];
    auto range = [&](std::uint32_t from, std::uint32_t count) {
        if (from + count <= p.slices) return prefix[from + count] - prefix[from];
        return (whole - prefix[from]) + prefix[from + count - p.slices];
    };
    const std::uint64_t full = p.passes / p.slices;
    const std::uint32_t rest = p.passes % p.slices;
    std::uint64_t total = 0;
    for (std::uint32_t b = 0; b < p.grid; ++b) total += full * whole + range(b % p.slices, rest);
    return total;
}

}  // namespace

BandwidthPlan planBandwidth(std::uint64_t workingSetBytes, std::uint32_t grid, std::uint32_t block,
                            std::uint64_t targetBytes) {
    BandwidthPlan p;
    p.vectors = workingSetBytes / kVectorBytes;
    p.grid = std::max<std::uint32_t>(grid, 1);
    p.block = std::max<std::uint32_t>(block, 1);
    const std::uint64_t bySize = p.vectors / (4 * std::uint64_t(p.block));
    p.slices = std::uint32_t(std::clamp<std::uint64_t>(bySize, 1, p.grid));
    p.sliceVectors = p.vectors / p.slices;
    const std::uint64_t perPass = std::uint64_t(p.grid) * p.sliceVectors * kVectorBytes;
    const std::uint64_t passes = perPass ? (targetBytes + perPass - 1) / perPass : 1;
    p.passes = std::uint32_t(std::clamp<std::uint64_t>(passes, 1, 1u << 24));
    return p;
}

std::uint64_t planBytesRead(const BandwidthPlan& p) {
    return overLaunch(p, [&](std::uint32_t s) { return p.sliceEnd(s) - p.sliceBegin(s); }) *
           kVectorBytes;
}

std::uint64_t planWordSum(const BandwidthPlan& p) {
    const std::uint64_t words = kVectorBytes / 4;
    return overLaunch(p, [&](std::uint32_t s) {
        return bandwidthWordSum(p.sliceBegin(s) * words, p.sliceEnd(s) * words);
    });
}

std::uint64_t bandwidthWordSum(std::uint64_t begin, std::uint64_t end) {
    if (end <= begin) return 0;
    return wordPrefix(end) - wordPrefix(begin);
}

std::uint64_t sharedBlockSum(std::uint32_t passes) {
    return bandwidthWordSum(0, kSharedReadBytes / 4) * passes;
}

}  // namespace ws::memkinds
