// The TMA rungs' places and order, checked on the CPU (no GPU needed): the
// TMA unit's box writes emulated as the CUDA driver API describes them (a
// box of 64 x rows elements stored row after row, 128 bytes a row, under
// the 128-byte swizzle of the destination address, elements past the
// matrix as zeros), the stage read back through the kernel's descriptors
// as the PTX ISA decodes them, m64n256k16 products formed, the epilogue
// staging the accumulators through shared memory and storing them: C must
// be the exact product at sizes with partial tiles. Then the persistent
// walk: every tile of C taken exactly once, clusters of two on two rows of
// one column; and the barriers' counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "core/tensorcore/bf16_reference.h"
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
    if (base + tm::kStages * tm::kStageBytes + tm::kEpilogueBytes > smem.size())
        trouble = "stages and staging overflow the slack";
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
            // The staged epilogue (storeWarpgroupTileStaged): each warp's 16
            // rows, 32 columns at a time, into its staging part as the
            // fragment holds them, then read back 16 bytes a lane.
            for (int group = 0; group < tm::kConsumers; ++group)
                for (int warp = 0; warp < 4; ++warp)
                    for (int chunk = 0; chunk < tm::kAccumulators / 16; ++chunk) {
                        std::vector<float> staging(tm::kStagingBytes / 4,
                                                   std::numeric_limits<float>::quiet_NaN());
                        std::set<std::uint32_t> written;
                        auto put = [&](std::uint32_t offset, float x) {
                            if (offset + 4 > std::uint32_t(tm::kStagingBytes) ||
                                !written.insert(offset).second)
                                trouble = "two values staged in one place, or past the staging";
                            else
                                staging[offset / 4] = x;
                        };
                        for (int lane = 0; lane < 32; ++lane) {
                            const float* r = &acc[std::size_t(group * 128 + warp * 32 + lane) *
                                                  tm::kAccumulators];
                            for (int j = 0; j < 4; ++j) {
                                const int v = 16 * chunk + 4 * j, col = 8 * j + 2 * (lane % 4);
                                const int row = lane / 4;
                                put(tm::stagingOffset(row, col), r[v]);
                                put(tm::stagingOffset(row, col) + 4, r[v + 1]);
                                put(tm::stagingOffset(row + 8, col), r[v + 2]);
                                put(tm::stagingOffset(row + 8, col) + 4, r[v + 3]);
                            }
                        }
                        for (int lane = 0; lane < 32; ++lane) {
                            const int col = tc * tm::kBn + 32 * chunk + 4 * (lane % 8);
                            for (int i = 0; i < 4; ++i) {
                                const int row = 4 * i + lane / 8;
                                const int cRow = tr * tm::kBm + group * 64 + 16 * warp + row;
                                if (col >= int(n) || cRow >= int(n)) continue;
                                const std::uint32_t at = tm::stagingOffset(row, 4 * (lane % 8));
                                for (int e = 0; e < 4; ++e)
                                    c[std::size_t(cRow) * n + std::size_t(col + e)] =
                                        staging[at / 4 + std::uint32_t(e)];
                            }
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

// Shared-memory wavefronts of one warp's access: the most distinct 4-byte
// words that fall in one of the 32 banks.
int wavefronts(const std::vector<std::uint32_t>& byteAddresses, int width) {
    std::vector<std::set<std::uint32_t>> words(32);
    for (std::uint32_t a : byteAddresses)
        for (int w = 0; w < width / 4; ++w) {
            const std::uint32_t word = a / 4 + std::uint32_t(w);
            words[word % 32].insert(word);
        }
    std::size_t most = 0;
    for (const auto& b : words) most = std::max(most, b.size());
    return int(most);
}

TEST(TmaLayout, TheEpilogueStagingWritesAndReadsWithoutBankConflicts) {
    // A write: lane l's accumulator pair of columns 8 j + 2 (l % 4) of row
    // l / 4 (or 8 further); 256 bytes need two wavefronts at least.
    for (int j = 0; j < 4; ++j)
        for (int half = 0; half < 2; ++half) {
            std::vector<std::uint32_t> swizzled, plain;
            for (int lane = 0; lane < 32; ++lane) {
                const int row = lane / 4 + 8 * half, col = 8 * j + 2 * (lane % 4);
                swizzled.push_back(tm::stagingOffset(row, col));
                plain.push_back(std::uint32_t(row * 128 + col * 4));
            }
            EXPECT_EQ(wavefronts(swizzled, 8), 2);
            EXPECT_EQ(wavefronts(plain, 8), 8);  // what the swizzle saves
        }
    // A read: 16 bytes a lane, eight lanes a row; 512 bytes, four wavefronts.
    for (int i = 0; i < 4; ++i) {
        std::vector<std::uint32_t> reads;
        for (int lane = 0; lane < 32; ++lane)
            reads.push_back(tm::stagingOffset(4 * i + lane / 8, 4 * (lane % 8)));
        EXPECT_EQ(wavefronts(reads, 16), 4);
    }
    EXPECT_EQ(tm::kStagingBytes, tm::kStagingRows * 128);
}

TEST(TmaLayout, AStageIsFreeAfterEveryConsumerWarpOfTheClusterReleasedIt) {
    EXPECT_EQ(tm::emptyArrivals(1), 8u);    // two warpgroups of four warps
    EXPECT_EQ(tm::emptyArrivals(2), 16u);   // and those of the other block
    EXPECT_EQ(tm::kStageBytes, 48 * 1024);  // the bytes the full barrier expects
    EXPECT_EQ(tm::kBBoxes % 2, 0);          // B's boxes split evenly over a pair
}

}  // namespace
}  // namespace ws
