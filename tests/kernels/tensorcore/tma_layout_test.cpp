// The TMA rungs' places and order, checked on the CPU (no GPU needed): the
// TMA unit's box writes emulated as the CUDA driver API describes them (a
// box of 64 x rows elements stored row after row, 128 bytes a row, under
// the 128-byte swizzle of the destination address, elements past the
// matrix as zeros), the stage read back through the kernel's descriptors
// as the PTX ISA decodes them, m64n256k16 products formed, the epilogue
// storing the accumulators: C must be the exact product at sizes with
// partial tiles. Then the persistent walk: every tile of C taken exactly
// once, clusters of two on two rows of one column; and the barriers'
// counts.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "core/matmul/bf16_reference.h"
#include "kernels/tensorcore/tensorcore_tma_layout.h"
#include "tests/kernels/tensorcore/wgmma_hardware.h"

namespace ws {
namespace {

namespace tm = tensorcore::tma;
namespace wg = tensorcore::wgmma;
using namespace wgmma_hardware;

// One box: `rows` rows of 64 BF16 from (x, y) of the n x n matrix `m`,
// written at `dst` as the TMA unit does with CU_TENSOR_MAP_SWIZZLE_128B.
void tmaBox(std::vector<std::uint8_t>& smem, std::uint32_t dst, const std::vector<std::uint16_t>& m,
            std::uint32_t n, int x, int y, int rows) {
    for (int r = 0; r < rows; ++r)
        for (int e = 0; e < 64; ++e) {
            const int row = y + r, col = x + e;
            const bool inside = row < int(n) && col < int(n);
            const std::uint16_t v = inside ? m[std::size_t(row) * n + std::size_t(col)] : 0;
            std::memcpy(&smem.at(swizzle128(dst + std::uint32_t(r * 128 + e * 2))), &v, 2);
        }
}

float bf16At(const std::vector<std::uint8_t>& smem, std::uint32_t address) {
    std::uint16_t bits;
    std::memcpy(&bits, &smem.at(address), 2);
    return floatFromBf16(bits);
}

// The kernel on the CPU: every tile, every phase through stage kt % 4.
std::vector<float> emulate(std::uint32_t n, std::string& trouble) {
    const auto a = makeBf16MatmulInput(n, 1, MatmulOperand::A);
    const auto b = makeBf16MatmulInput(n, 1, MatmulOperand::B);
    std::vector<float> c(std::size_t(n) * n, std::numeric_limits<float>::quiet_NaN());
    const std::uint32_t raw = 0x90;  // dynamic shared memory need not start aligned
    const std::uint32_t base =
        (raw + tm::kSwizzleAlign - 1) & ~std::uint32_t(tm::kSwizzleAlign - 1);
    std::vector<std::uint8_t> smem(raw + tm::kSharedBytes, 0xAB);
    if (base + tm::kStages * tm::kStageBytes > smem.size()) trouble = "stages overflow the slack";
    const int rowTiles = int((n + tm::kBm - 1) / tm::kBm),
              colTiles = int((n + tm::kBn - 1) / tm::kBn);
    const int phases = int((n + tm::kBk - 1) / tm::kBk);
    for (int tr = 0; tr < rowTiles; ++tr)
        for (int tc = 0; tc < colTiles; ++tc) {
            std::vector<float> acc(std::size_t(256) * tm::kAccumulators, 0.0f);
            for (int kt = 0; kt < phases; ++kt) {
                const std::uint32_t aTile =
                    base + std::uint32_t((kt % tm::kStages) * tm::kStageBytes);
                tmaBox(smem, aTile, a, n, kt * tm::kBk, tr * tm::kBm, tm::kBm);
                for (int j = 0; j < tm::kBBoxes; ++j)
                    tmaBox(smem, aTile + tm::bBoxOffset(j), b, n, tc * tm::kBn + j * 64,
                           kt * tm::kBk, tm::kBk);
                for (int group = 0; group < tm::kConsumers; ++group)
                    for (int step = 0; step < tm::kBk / 16; ++step) {
                        const Descriptor da = decode(tm::aDescriptor(aTile, group, step));
                        const Descriptor db = decode(tm::bDescriptor(aTile, step));
                        if (((da.start >> 7) & 7) != 0 || ((db.start >> 7) & 7) != 0)
                            trouble = "a descriptor starts off the 1024-byte pattern";
                        std::vector<float> av(64 * 16), bv(16 * tm::kInstrN);
                        for (int m = 0; m < 64; ++m)
                            for (int k = 0; k < 16; ++k) {
                                const std::uint32_t x = addressOfA(da, m, k);
                                if (x < aTile || x + 2 > aTile + tm::kStageABytes)
                                    trouble = "A read outside its tile";
                                av[m * 16 + k] = bf16At(smem, x);
                            }
                        for (int k = 0; k < 16; ++k)
                            for (int col = 0; col < tm::kInstrN; ++col) {
                                const std::uint32_t x = addressOfB(db, k, col);
                                if (x < aTile + tm::kStageABytes || x + 2 > aTile + tm::kStageBytes)
                                    trouble = "B read outside its tile";
                                bv[k * tm::kInstrN + col] = bf16At(smem, x);
                            }
                        for (int t = 0; t < 128; ++t)
                            for (int v = 0; v < tm::kAccumulators; ++v) {
                                const int m = fragmentRow(t, v), col = fragmentCol(t, v);
                                float sum = 0;
                                for (int k = 0; k < 16; ++k)
                                    sum += av[m * 16 + k] * bv[k * tm::kInstrN + col];
                                acc[std::size_t(group * 128 + t) * tm::kAccumulators + v] += sum;
                            }
                    }
            }
            for (int group = 0; group < tm::kConsumers; ++group)
                for (int t = 0; t < 128; ++t) {
                    const float* r = &acc[std::size_t(group * 128 + t) * tm::kAccumulators];
                    for (int j = 0; j < tm::kAccumulators / 4; ++j) {
                        const int row = tr * tm::kBm + group * 64 + wg::accRow(t, 4 * j);
                        const int col = tc * tm::kBn + wg::accCol(t, 4 * j);
                        if (col >= int(n)) continue;
                        auto store = [&](int rr, float x, float y) {
                            c[std::size_t(rr) * n + col] = x;
                            c[std::size_t(rr) * n + col + 1] = y;
                        };
                        if (row < int(n)) store(row, r[4 * j], r[4 * j + 1]);
                        if (row + 8 < int(n)) store(row + 8, r[4 * j + 2], r[4 * j + 3]);
                    }
                }
        }
    return c;
}

TEST(TmaLayout, TheEmulatedKernelComputesTheExactProduct) {
    // 264 = 256 + 8: row tiles of 128, 128, 8; column tiles of 256 and 8;
    // phases of 64 x 4 and 8.
    const std::uint32_t n = 264;
    std::string trouble;
    const auto c = emulate(n, trouble);
    EXPECT_TRUE(trouble.empty()) << trouble;
    EXPECT_EQ(wrongEntries(n, c), 0u);
}

TEST(TmaLayout, TheHeadersOffsetsAreWhereTheTmaUnitWrites) {
    // Element (row, 8 chunk) of A's box and (k, 8 chunk) of B's four boxes.
    for (int row = 0; row < tm::kBm; ++row)
        for (int chunk = 0; chunk < 8; ++chunk)
            ASSERT_EQ(tm::aTileOffset(row, chunk),
                      swizzle128(std::uint32_t(row * 128 + chunk * 16)));
    for (int k = 0; k < tm::kBk; ++k)
        for (int chunk = 0; chunk < tm::kBn / 8; ++chunk) {
            const std::uint32_t box = tm::bBoxOffset(chunk / 8) - tm::kStageABytes;
            ASSERT_EQ(tm::bTileOffset(k, chunk),
                      box + swizzle128(std::uint32_t(k * 128 + (chunk % 8) * 16)));
        }
    const Descriptor b = decode(tm::bDescriptor(0x400, 3));
    EXPECT_EQ(b.start, 0x400u + 16384 + 3 * 2048);
    EXPECT_EQ(b.leading, 8192u);  // the next box: 64 columns on
    EXPECT_EQ(b.stride, 1024u);   // the next 8 k-rows
    EXPECT_LE(tm::kSharedBytes, 227 * 1024);
}

TEST(TmaLayout, TheGroupedWalkTakesEveryTileOnceAndClustersShareAColumn) {
    for (int cluster : {1, 2})
        for (auto [rowTiles, colTiles] : {std::pair{64, 32}, {8, 4}, {65, 33}, {3, 1}, {17, 5}}) {
            SCOPED_TRACE("cluster " + std::to_string(cluster) + ", " + std::to_string(rowTiles) +
                         " x " + std::to_string(colTiles));
            std::set<std::pair<int, int>> seen;
            const int units = tm::unitCount(rowTiles, colTiles, cluster);
            for (int u = 0; u < units; ++u) {
                const tm::TileAt first = tm::groupedTile(u, 0, rowTiles, colTiles, cluster);
                for (int rank = 0; rank < cluster; ++rank) {
                    const tm::TileAt t = tm::groupedTile(u, rank, rowTiles, colTiles, cluster);
                    EXPECT_EQ(t.col, first.col);  // the pair shares B's column tile
                    EXPECT_EQ(t.row, first.row + rank);
                    ASSERT_GE(t.col, 0);
                    ASSERT_LT(t.col, colTiles);
                    if (t.row < rowTiles) EXPECT_TRUE(seen.insert({t.row, t.col}).second);
                }
            }
            EXPECT_EQ(int(seen.size()), rowTiles * colTiles);
        }
    // The first units go 16 rows down column 0, then column 1.
    EXPECT_EQ(tm::groupedTile(15, 0, 64, 32, 1).row, 15);
    EXPECT_EQ(tm::groupedTile(16, 0, 64, 32, 1).col, 1);
    EXPECT_EQ(tm::groupedTile(16, 0, 64, 32, 1).row, 0);
}

TEST(TmaLayout, AStageIsFreeAfterEveryConsumerWarpOfTheClusterReleasedIt) {
    EXPECT_EQ(tm::emptyArrivals(1), 8u);    // two warpgroups of four warps
    EXPECT_EQ(tm::emptyArrivals(2), 16u);   // and those of the other block
    EXPECT_EQ(tm::kStageBytes, 48 * 1024);  // the bytes the full barrier expects
    EXPECT_EQ(tm::kBBoxes % 2, 0);          // B's boxes split evenly over a pair
}

}  // namespace
}  // namespace ws
