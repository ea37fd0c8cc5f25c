#include "core/reduction/reduction_reference.h"

#include <charconv>
#include <cmath>

namespace ws {

namespace {

// Element i is a pure function of (seed, i) — splitmix64 of a counter — so
// any slice can be generated independently and the loop vectorizes.
inline std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;

inline std::uint64_t element(std::uint64_t key, std::size_t i) {
    return mix(key + (std::uint64_t(i) + 1) * kGolden);
}

// Lemire's multiply-shift: the top 32 bits scaled to [0, range).
inline std::uint32_t below(std::uint64_t bits, std::uint32_t range) {
    return std::uint32_t(((bits >> 32) * range) >> 32);
}

// Different element types draw from different streams of the same seed.
std::uint64_t streamKey(std::uint64_t seed, std::uint64_t stream) {
    return mix(seed ^ (stream * 0xD1B54A32D192ED03ULL));
}

}  // namespace

std::vector<std::int32_t> makeIntInput(std::size_t n, std::uint64_t seed) {
    std::vector<std::int32_t> out(n);
    const std::uint64_t key = streamKey(seed, 1);
    for (std::size_t i = 0; i < n; ++i) out[i] = std::int32_t(below(element(key, i), 10));
    return out;
}

std::vector<float> makeFloatInput(std::size_t n, std::uint64_t seed) {
    std::vector<float> out(n);
    const std::uint64_t key = streamKey(seed, 2);
    // 24 random bits: every value is an exact float in [0, 1).
    for (std::size_t i = 0; i < n; ++i) out[i] = float(element(key, i) >> 40) * 0x1.0p-24f;
    return out;
}

namespace {

// Neighbours f, g commute exactly when f.b * (g.a - 1) == g.b * (f.a - 1)
// (mod 97): compare g.a*f.b + g.b with f.a*g.b + f.b. With a <= 9 and b <= 9
// both sides are below 97, so the congruence is an equality of integers. b is
// always odd and a - 1 is even at even positions, odd at odd ones: one side
// is odd and the other even, so no pair of neighbours commutes and swapping
// any two neighbouring elements always changes the composition.
std::vector<Affine> readableMaps(std::size_t n, std::uint64_t key) {
    std::vector<Affine> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t bits = element(key, i);
        const std::uint32_t a = 2u + 2u * std::uint32_t(bits & 3) + (i % 2 == 0 ? 1u : 0u);
        out[i] = Affine{a, 1u + 2u * below(bits, 5)};
    }
    return out;
}

}  // namespace

std::vector<Affine> makeAffineInput(std::size_t n, std::uint64_t seed, AffineScheme scheme) {
    const std::uint64_t key = streamKey(seed, 3);
    if (scheme == AffineScheme::Mod97) return readableMaps(n, key);
    std::vector<Affine> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t bits = element(key, i);
        out[i] = Affine{1u + 2u * std::uint32_t(bits & 3), below(bits, 10)};
    }
    return out;
}

std::vector<Affine> makeAffineCheckInput(std::size_t n, std::uint64_t seed) {
    return readableMaps(n, streamKey(seed, 4));
}

std::uint32_t referenceSum(std::span<const std::int32_t> values) {
    std::uint32_t sum = 0;
    for (std::int32_t v : values) sum += std::uint32_t(v);
    return sum;
}

FloatReference referenceSum(std::span<const float> values) {
    // Neumaier's compensated sum in long double: exact for any input this
    // project generates (2^28 values of 24 bits fit in 64-bit mantissas with
    // room to spare), and robust for arbitrary signs.
    long double sum = 0, compensation = 0, magnitudes = 0;
    for (float f : values) {
        const long double x = f;
        const long double t = sum + x;
        if (std::fabs(sum) >= std::fabs(x))
            compensation += (sum - t) + x;
        else
            compensation += (x - t) + sum;
        sum = t;
        magnitudes += std::fabs(x);
    }
    return {double(sum + compensation), double(magnitudes)};
}

Affine referenceCompose(std::span<const Affine> values, AffineScheme scheme) {
    Affine acc = affineIdentity();
    if (scheme == AffineScheme::Mod97)
        for (const Affine& f : values) acc = combine(acc, f);
    else
        for (const Affine& f : values) acc = combineWrap32(acc, f);
    return acc;
}

double floatSumTolerance(double sumOfMagnitudes, std::uint64_t depth) {
    return double(depth) * 0x1.0p-24 * sumOfMagnitudes;
}

std::uint64_t reductionDepth(std::uint64_t n, std::uint64_t threadsPerBlock, std::uint64_t blocks) {
    if (n == 0) return 0;
    if (threadsPerBlock == 0) threadsPerBlock = 1;
    if (blocks == 0) blocks = 1;
    const std::uint64_t threads = threadsPerBlock * blocks;
    // Each thread folds its share in a loop...
    const std::uint64_t perThread = (n + threads - 1) / threads;
    // ...then the block's tree has ceil(log2(threads)) levels...
    std::uint64_t tree = 0;
    while ((std::uint64_t(1) << tree) < threadsPerBlock) ++tree;
    // ...and the partials merge. Bound it by a sequential chain: atomicAdd
    // merges in arrival order, one after another, which is the worst case of
    // every merge the kernels use (a second launch or the last block).
    const std::uint64_t merge = blocks - 1;
    return perThread + tree + merge;
}

std::string toText(std::uint32_t wrappedSum) { return std::to_string(wrappedSum); }

std::string toText(double value) {
    // Shortest text that reads back as the same double.
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    return ec == std::errc() ? std::string(buf, end) : std::string("?");
}

std::string toText(Affine map, AffineScheme scheme) {
    const std::string text = std::to_string(map.a) + "*x + " + std::to_string(map.b);
    return scheme == AffineScheme::Mod97 ? text + " mod 97" : text;
}

}  // namespace ws
