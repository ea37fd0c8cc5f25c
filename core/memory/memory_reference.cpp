#include "core/memory/memory_reference.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <sstream>

namespace ws {

namespace {

// splitmix64: a cheap, well-mixed hash of (seed, index).
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

template <typename T>
std::size_t firstMismatch(std::span<const T> src, std::span<const T> dst, std::size_t width,
                          std::size_t height) {
    if (src.size() != width * height || dst.size() != width * height) return 0;
    for (std::size_t x = 0; x < width; ++x) {
        const T* row = dst.data() + x * height;  // dst row x holds src column x
        for (std::size_t y = 0; y < height; ++y)
            if (std::memcmp(&row[y], &src[x + y * width], sizeof(T)) != 0) return x * height + y;
    }
    return dst.size();
}

std::string formatDouble(double v) {
    std::ostringstream out;
    out.precision(10);
    out << v;
    return out.str();
}

}  // namespace

std::vector<std::uint8_t> makeImageU8(std::size_t width, std::size_t height, std::uint64_t seed) {
    std::vector<std::uint8_t> image(width * height);
    const std::size_t span = std::max<std::size_t>(width, 1);
    for (std::size_t y = 0; y < height; ++y)
        for (std::size_t x = 0; x < width; ++x) {
            const unsigned checker = ((x / 32 + y / 32) % 2) * 96;
            const unsigned gradient = unsigned(x * 127 / span);
            const unsigned noise = unsigned(mix(seed ^ (y * width + x)) & 31);
            image[y * width + x] = std::uint8_t(checker + gradient + noise);
        }
    return image;
}

std::vector<float> makeMatrixF32(std::size_t width, std::size_t height, std::uint64_t seed) {
    std::vector<float> m(width * height);
    const std::uint64_t key = mix(seed);
    for (std::size_t i = 0; i < m.size(); ++i)
        m[i] = float(mix(key ^ i) >> 40) * 0x1.0p-24f;  // 24 random bits: exact in a float
    return m;
}

std::size_t firstTransposeMismatch(std::span<const std::uint8_t> src,
                                   std::span<const std::uint8_t> dst, std::size_t width,
                                   std::size_t height) {
    return firstMismatch(src, dst, width, height);
}

std::size_t firstTransposeMismatch(std::span<const float> src, std::span<const float> dst,
                                   std::size_t width, std::size_t height) {
    return firstMismatch(src, dst, width, height);
}

std::vector<double> columnSumsReference(std::span<const std::uint8_t> src, std::size_t width,
                                        std::size_t height) {
    std::vector<double> sums(width, 0.0);
    for (std::size_t y = 0; y < height; ++y)
        for (std::size_t x = 0; x < width; ++x) sums[x] += src[x + y * width];
    return sums;
}

std::vector<double> rowSumsReference(std::span<const std::uint8_t> src, std::size_t width,
                                     std::size_t height) {
    std::vector<double> sums(height, 0.0);
    for (std::size_t y = 0; y < height; ++y) {
        std::uint64_t s = 0;
        for (std::size_t x = 0; x < width; ++x) s += src[x + y * width];
        sums[y] = double(s);
    }
    return sums;
}

double integerFloatSumTolerance(double maxSum, std::uint64_t depth) {
    constexpr double kExactIntegers = 16777216.0;  // 2^24
    if (maxSum <= kExactIntegers) return 0.0;
    return double(depth) * 0x1.0p-24 * maxSum;
}

Verification verifySums(std::span<const double> expected, std::span<const float> actual,
                        std::uint64_t depth, const std::string& what) {
    Verification v;
    v.checked = true;
    if (expected.size() != actual.size()) {
        v.passed = false;
        v.note = what + ": expected " + std::to_string(expected.size()) + " sums, got " +
                 std::to_string(actual.size());
        return v;
    }
    double maxSum = 0;
    for (double e : expected) maxSum = std::max(maxSum, std::abs(e));
    v.tolerance = integerFloatSumTolerance(maxSum, depth);
    std::size_t worst = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const double err = std::abs(double(actual[i]) - expected[i]);
        if (!(err <= v.absError)) {  // NaN also lands here
            v.absError = std::isnan(err) ? INFINITY : err;
            worst = i;
        }
    }
    v.passed = v.absError <= v.tolerance;
    if (!expected.empty()) {
        v.expected = what + "[" + std::to_string(worst) + "] = " + formatDouble(expected[worst]);
        v.actual = what + "[" + std::to_string(worst) + "] = " + formatDouble(actual[worst]);
    }
    v.note = v.tolerance == 0
                 ? "uint8 inputs: every partial sum is an integer <= " + formatDouble(maxSum) +
                       " <= 2^24, which a float holds exactly, so any order must be exact"
                 : "sums above 2^24 round: bound depth * 2^-24 * max sum with depth " +
                       std::to_string(depth);
    if (!v.passed)
        v.note += "; worst error " + formatDouble(v.absError) + " at " + what + "[" +
                  std::to_string(worst) + "] exceeds " + formatDouble(v.tolerance);
    return v;
}

Status parseTileShape(const std::string& tile, std::uint32_t& rows, std::uint32_t& cols) {
    rows = cols = 0;
    if (tile == "none") return {};
    const auto x = tile.find('x');
    if (x == std::string::npos) return makeError("tile '" + tile + "' is not ROWSxCOLS");
    auto parse = [](std::string_view s, std::uint32_t& out) {
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        return ec == std::errc() && end == s.data() + s.size() && out > 0 && out <= 1024;
    };
    const std::string_view text(tile);
    if (!parse(text.substr(0, x), rows) || !parse(text.substr(x + 1), cols))
        return makeError("tile '" + tile + "' must be ROWSxCOLS with 1..1024 each");
    return {};
}

Result<ProbePattern> bankProbePattern(std::uint32_t stride, std::uint32_t width,
                                      std::uint32_t padding, const std::string& tile,
                                      const std::string& pattern) {
    if (!isSupportedWidth(width))
        return makeError("width " + std::to_string(width) + " is not 1, 2, 4, 8 or 16 bytes");
    std::uint32_t rows = 0, cols = 0;
    if (Status s = parseTileShape(tile, rows, cols); !s) return makeError(s.error());
    if (rows == 0 && padding != 0)
        return makeError("padding pads the rows of a tile: choose a tile shape too");
    // Misaligned 8- and 16-byte accesses fault, so padding keeps every row aligned.
    if (padding % std::min<std::uint32_t>(width, 4) != 0 || (width > 4 && padding % width != 0))
        return makeError("padding " + std::to_string(padding) + " bytes would misalign " +
                         std::to_string(width) + "-byte elements; use a multiple of " +
                         std::to_string(width > 4 ? width : std::min<std::uint32_t>(width, 4)));
    ProbePattern p;
    if (rows == 0) {
        if (pattern != "stride") return makeError("pattern " + pattern + " needs a tile shape");
        p.access = stridedAccess(stride, width);
    } else if (pattern == "stride") {
        p.access = stridedTileAccess(stride, cols, width, padding);
    } else if (pattern == "column") {
        p.access = tileColumnAccess(rows, cols, width, padding);
    } else {
        return makeError("pattern '" + pattern + "' is not stride or column");
    }
    std::uint32_t end = 0;
    for (std::uint32_t lane = 0; lane < 32; ++lane)
        if (p.access.activeMask >> lane & 1u) end = std::max(end, p.access.address[lane] + width);
    if (rows != 0) end = std::max(end, rows * (cols * width + padding));
    p.sharedBytes = (end + 15) / 16 * 16;  // whole 16-byte words: the probe zeroes them
    return p;
}

}  // namespace ws
