#include "core/matmul/matmul_cpu.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstring>
#include <vector>

#include "core/common/parallel_for.h"

// Built with -O3 (core/CMakeLists.txt). On x86-64 the register tile is also
// compiled for AVX2 + FMA and picked at run time where the CPU has them.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define WS_HAS_AVX2_CLONE 1
#else
#define WS_HAS_AVX2_CLONE 0
#endif

namespace ws {

void cpuNaiveMatmul(const float* a, const float* b, float* c, std::uint32_t n) {
    // host_matmul of seed 004, with its braces and row lengths put right.
    for (std::uint32_t i = 0; i < n; i++) {
        for (std::uint32_t j = 0; j < n; j++) {
            double s = 0.0;
            for (std::uint32_t k = 0; k < n; k++)
                s += a[std::size_t(i) * n + k] * b[std::size_t(k) * n + j];
            c[std::size_t(i) * n + j] = float(s);
        }
    }
}

namespace {

constexpr std::size_t kKc = 256;  // rows of a B block
constexpr std::size_t kNc = 512;  // columns of a B block: 256 x 512 floats = 512 KB, in L2
constexpr std::size_t kMc = 64;   // rows of C a thread takes at a time
constexpr std::size_t kMr = 4, kNr = 16;

// C[4][16] += A[4][kc] * Bpanel[kc][16]: the 64 sums stay in vector registers
// (GCC/Clang vector types, so this does not hang on the auto-vectorizer)
// while a column of A is broadcast and 16 packed floats of B stream past.
using Vec8 = float __attribute__((vector_size(32)));

[[gnu::always_inline]] inline void registerTileBody(const float* a, std::size_t lda,
                                                    const float* panel, float* c, std::size_t ldc,
                                                    std::size_t kc, std::size_t cols) {
    Vec8 acc[kMr][2] = {};
    for (std::size_t k = 0; k < kc; ++k) {
        Vec8 b0, b1;
        std::memcpy(&b0, panel + k * kNr, sizeof b0);
        std::memcpy(&b1, panel + k * kNr + 8, sizeof b1);
        for (std::size_t r = 0; r < kMr; ++r) {
            const float ar = a[r * lda + k];
            acc[r][0] += ar * b0;
            acc[r][1] += ar * b1;
        }
    }
    for (std::size_t r = 0; r < kMr; ++r)
        for (std::size_t j = 0; j < cols; ++j) c[r * ldc + j] += acc[r][j / 8][j % 8];
}

void registerTilePortable(const float* a, std::size_t lda, const float* panel, float* c,
                          std::size_t ldc, std::size_t kc, std::size_t cols) {
    registerTileBody(a, lda, panel, c, ldc, kc, cols);
}

#if WS_HAS_AVX2_CLONE
__attribute__((target("avx2,fma"))) void registerTileAvx2(const float* a, std::size_t lda,
                                                          const float* panel, float* c,
                                                          std::size_t ldc, std::size_t kc,
                                                          std::size_t cols) {
    registerTileBody(a, lda, panel, c, ldc, kc, cols);
}
#endif

using TileFunction = void (*)(const float*, std::size_t, const float*, float*, std::size_t,
                              std::size_t, std::size_t);

TileFunction registerTile() {
#if WS_HAS_AVX2_CLONE
    static const TileFunction chosen =
        __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? registerTileAvx2
                                                                        : registerTilePortable;
    return chosen;
#else
    return registerTilePortable;
#endif
}

// The last rows of C when fewer than 4 remain.
void edgeRows(const float* a, std::size_t lda, const float* panel, float* c, std::size_t ldc,
              std::size_t kc, std::size_t rows, std::size_t cols) {
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t k = 0; k < kc; ++k) {
            const float ar = a[r * lda + k];
            for (std::size_t j = 0; j < cols; ++j) c[r * ldc + j] += ar * panel[k * kNr + j];
        }
}

// B[k0 .. k0 + kc)[j0 .. j1) as panels of 16 columns, each kc x 16 contiguous
// (zero-padded): rows of B n floats apart would fall into a few cache sets.
void packB(const float* b, std::size_t n, std::size_t k0, std::size_t kc, std::size_t j0,
           std::size_t j1, float* packed) {
    for (std::size_t j = j0, p = 0; j < j1; j += kNr, ++p) {
        const std::size_t cols = std::min(kNr, j1 - j);
        float* panel = packed + p * kc * kNr;
        for (std::size_t k = 0; k < kc; ++k) {
            const float* row = b + (k0 + k) * n + j;
            for (std::size_t q = 0; q < kNr; ++q) panel[k * kNr + q] = q < cols ? row[q] : 0.0f;
        }
    }
}

void rowPanel(const float* a, const float* b, float* c, std::size_t n, std::size_t i0,
              std::size_t i1, std::vector<float>& packed) {
    std::fill(c + i0 * n, c + i1 * n, 0.0f);
    const TileFunction tile = registerTile();
    for (std::size_t k0 = 0; k0 < n; k0 += kKc) {
        const std::size_t kc = std::min(kKc, n - k0);
        for (std::size_t j0 = 0; j0 < n; j0 += kNc) {
            const std::size_t j1 = std::min(n, j0 + kNc);
            packB(b, n, k0, kc, j0, j1, packed.data());
            for (std::size_t i = i0; i < i1; i += kMr) {
                const std::size_t rows = std::min(kMr, i1 - i);
                const float* ai = a + i * n + k0;
                for (std::size_t j = j0, p = 0; j < j1; j += kNr, ++p) {
                    const std::size_t cols = std::min(kNr, j1 - j);
                    const float* panel = packed.data() + p * kc * kNr;
                    float* cij = c + i * n + j;
                    if (rows == kMr)
                        tile(ai, n, panel, cij, n, kc, cols);
                    else
                        edgeRows(ai, n, panel, cij, n, kc, rows, cols);
                }
            }
        }
    }
}

}  // namespace

int cpuBlockedMatmul(const float* a, const float* b, float* c, std::uint32_t n, int threads) {
    const std::size_t size = n;
    const std::size_t panels = (size + kMc - 1) / kMc;
    // Panels handed out one at a time: a thread that drew short panels takes more.
    std::atomic<std::size_t> next{0};
    const int workers =
        int(std::min<std::size_t>(std::size_t(threads <= 0 ? hardwareThreads() : threads), panels));
    return parallelFor(
        std::size_t(workers),
        [&](std::size_t, std::size_t) {
            std::vector<float> packed(kKc * (kNc + kNr));
            for (std::size_t p = next++; p < panels; p = next++)
                rowPanel(a, b, c, size, p * kMc, std::min(size, (p + 1) * kMc), packed);
        },
        workers);
}

}  // namespace ws
