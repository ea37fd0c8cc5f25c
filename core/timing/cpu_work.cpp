#include "core/timing/cpu_work.h"

#include <algorithm>
#include <array>
#include <vector>

#include "core/timing/cpu_timing.h"

namespace ws {

std::uint32_t cpuSum(std::span<const std::int32_t> values) {
    std::uint32_t s = 0;
    for (std::int32_t v : values) s += std::uint32_t(v);  // vectorised by the compiler
    return s;
}

float cpuSum(std::span<const float> values) {
    std::array<float, 8> lanes{};
    const std::size_t whole = values.size() / 8 * 8;
    for (std::size_t i = 0; i < whole; i += 8)
        for (std::size_t k = 0; k < 8; ++k) lanes[k] += values[i + k];
    float s = 0;
    for (std::size_t i = whole; i < values.size(); ++i) s += values[i];
    for (float l : lanes) s += l;
    return s;
}

Affine cpuCompose(std::span<const Affine> values) {
    // Four in-order chains over consecutive quarters, combined in order:
    // independent multiplies keep the pipeline full.
    const std::size_t q = values.size() / 4;
    std::array<Affine, 4> part{affineIdentity(), affineIdentity(), affineIdentity(),
                               affineIdentity()};
    for (std::size_t i = 0; i < q; ++i)
        for (std::size_t k = 0; k < 4; ++k) part[k] = combine(part[k], values[k * q + i]);
    Affine r = combine(combine(part[0], part[1]), combine(part[2], part[3]));
    for (std::size_t i = 4 * q; i < values.size(); ++i) r = combine(r, values[i]);
    return r;
}

namespace {

// Runs `serial` on each thread's contiguous chunk and joins the partials in order.
template <typename V, typename R, typename Serial, typename Join>
R inChunks(std::span<const V> values, int threads, R identity, Serial serial, Join join) {
    std::vector<R> partial(std::size_t(std::max(1, threads)), identity);
    parallelChunks(values.size(), threads, [&](std::uint64_t b, std::uint64_t e, int t) {
        partial[std::size_t(t)] = serial(values.subspan(b, e - b));
    });
    R r = identity;
    for (const R& p : partial) r = join(r, p);
    return r;
}

}  // namespace

std::uint32_t cpuSumParallel(std::span<const std::int32_t> values, int threads) {
    return inChunks(
        values, threads, std::uint32_t(0), [](auto s) { return cpuSum(s); },
        [](std::uint32_t a, std::uint32_t b) { return a + b; });
}

float cpuSumParallel(std::span<const float> values, int threads) {
    return inChunks(
        values, threads, 0.0f, [](auto s) { return cpuSum(s); },
        [](float a, float b) { return a + b; });
}

Affine cpuComposeParallel(std::span<const Affine> values, int threads) {
    return inChunks(
        values, threads, affineIdentity(), [](auto s) { return cpuCompose(s); },
        [](Affine a, Affine b) { return combine(a, b); });
}

void cpuAddParallel(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
                    std::span<std::int32_t> c, int threads) {
    parallelChunks(c.size(), threads, [&](std::uint64_t begin, std::uint64_t end, int) {
        for (std::uint64_t i = begin; i < end; ++i) c[i] = a[i] + b[i];
    });
}

void cpuZeroParallel(std::span<std::uint32_t> values, int threads) {
    parallelChunks(values.size(), threads, [&](std::uint64_t begin, std::uint64_t end, int) {
        for (std::uint64_t i = begin; i < end; ++i) values[i] = 0;
    });
}

template <typename T>
void cpuTransposeParallel(std::span<const T> src, std::span<T> dst, std::size_t width,
                          std::size_t height, int threads) {
    parallelChunks(height, threads, [&](std::uint64_t y0, std::uint64_t y1, int) {
        cpuTransposeRows(src, dst, width, height, y0, y1);
    });
}
template void cpuTransposeParallel(std::span<const std::uint8_t>, std::span<std::uint8_t>,
                                   std::size_t, std::size_t, int);
template void cpuTransposeParallel(std::span<const float>, std::span<float>, std::size_t,
                                   std::size_t, int);

void cpuColumnSums(std::span<const std::uint8_t> src, std::size_t width, std::size_t height,
                   std::span<std::uint32_t> sums, std::size_t x0, std::size_t x1) {
    for (std::size_t x = x0; x < x1; ++x) sums[x] = 0;
    for (std::size_t y = 0; y < height; ++y) {
        const std::uint8_t* row = src.data() + y * width;
        for (std::size_t x = x0; x < x1; ++x) sums[x] += row[x];
    }
}

void cpuRowSums(std::span<const std::uint8_t> src, std::size_t width, std::span<std::uint32_t> sums,
                std::size_t y0, std::size_t y1) {
    for (std::size_t y = y0; y < y1; ++y) {
        std::uint32_t s = 0;
        const std::uint8_t* row = src.data() + y * width;
        for (std::size_t x = 0; x < width; ++x) s += row[x];
        sums[y] = s;
    }
}

}  // namespace ws
