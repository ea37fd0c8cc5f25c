// The wgmma kernel's places, checked on the CPU (no GPU needed): the
// kernel's own layout functions (kernels/tensorcore/tensorcore_wgmma_layout.h)
// fill an emulated shared memory the way its cp.async copies do, its
// descriptors are decoded the way the PTX ISA describes them (bit fields,
// canonical layouts of "Shared Memory Matrix Layout", the 128-byte swizzle
// on the byte address), the m64n128k16 products are formed from the bytes
// those descriptors reach, the accumulators land in the registers the
// ISA's fragment layout of matrix D gives each thread, and the kernel's
// epilogue stores them. The C that comes out must equal the exact product
// at sizes with partial tiles and a partial last phase; and a layout bent
// in any one of several ways must fail, so that the check is known to see.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/tensorcore/bf16_reference.h"
#include "kernels/tensorcore/tensorcore_wgmma_layout.h"
#include "tests/kernels/tensorcore/wgmma_hardware.h"

namespace ws {
namespace {

namespace wg = tensorcore::wgmma;
using namespace wgmma_hardware;

// One way to bend the layout, to see the emulation fail.
enum class Bend {
    None,
    BOffsetsSwapped,      // B's leading and stride byte offsets exchanged
    StoresUnswizzled,     // chunks stored without the XOR the hardware undoes
    AStepOf64Bytes,       // A's k16 step advanced by 64 bytes, not 32
    AccumulatorRowsOff,   // the epilogue's second row 4 below the first, not 8
    BothHalvesAtColumn0,  // B's second 64 columns stored over the first
};

struct Shared {
    std::vector<std::uint8_t> bytes;
    std::vector<int> writes;  // per byte, in the phase being filled
    float bf16At(std::uint32_t address) const {
        std::uint16_t bits;
        std::memcpy(&bits, &bytes.at(address), 2);
        return floatFromBf16(bits);
    }
};

struct Emulated {
    std::vector<float> c;  // n x n, NaN where nothing was stored
    std::string trouble;   // a broken rule of the hardware, first one seen
};

// The whole kernel on the CPU for n x n BF16 inputs, with `bend` applied.
Emulated emulate(std::uint32_t n, Bend bend) {
    const auto a = makeBf16MatmulInput(n, 1, MatmulOperand::A);
    const auto b = makeBf16MatmulInput(n, 1, MatmulOperand::B);
    Emulated out;
    out.c.assign(std::size_t(n) * n, std::numeric_limits<float>::quiet_NaN());
    auto note = [&](const std::string& s) {
        if (out.trouble.empty()) out.trouble = s;
    };
    // The dynamic buffer starts off the 1024-byte pattern (as it may); the
    // kernel rounds up inside its slack.
    const std::uint32_t raw = 0x210;
    const std::uint32_t base =
        (raw + wg::kSwizzleAlign - 1) & ~std::uint32_t(wg::kSwizzleAlign - 1);
    Shared sm;
    sm.bytes.assign(raw + wg::kSharedBytes, 0xAB);
    sm.writes.assign(sm.bytes.size(), 0);
    if (base + wg::kStages * wg::kStageBytes > raw + wg::kSharedBytes) note("stages overflow");

    const int tilesM = int((n + wg::kBm - 1) / wg::kBm), tilesN = int((n + wg::kBn - 1) / wg::kBn);
    const int phases = int((n + wg::kBk - 1) / wg::kBk);
    const int in = int(n);
    for (int by = 0; by < tilesM; ++by)
        for (int bx = 0; bx < tilesN; ++bx) {
            const int rowBase = by * wg::kBm, colBase = bx * wg::kBn;
            std::vector<float> acc(std::size_t(wg::kThreads) * wg::kAccumulators, 0.0f);
            for (int kt = 0; kt < phases; ++kt) {
                const std::uint32_t aTile = base + (kt % wg::kStages) * wg::kStageBytes;
                const std::uint32_t bTile = aTile + wg::kStageABytes;
                std::fill(sm.writes.begin(), sm.writes.end(), 0);
                // The copies of every thread (loadStage).
                auto copy = [&](std::uint32_t dst, const std::vector<std::uint16_t>& m, int row,
                                int col) {
                    const bool inside = row < in && col < in;
                    for (int e = 0; e < 8; ++e) {
                        const std::uint16_t v =
                            inside ? m[std::size_t(row) * n + std::size_t(col + e)] : 0;
                        std::memcpy(&sm.bytes.at(dst + 2 * e), &v, 2);
                        sm.writes.at(dst + 2 * e) += 1;
                        sm.writes.at(dst + 2 * e + 1) += 1;
                    }
                };
                for (int t = 0; t < wg::kThreads; ++t)
                    for (int i = 0; i < wg::kCopies; ++i) {
                        const wg::TileChunk ca = wg::aChunkOf(t, i);
                        std::uint32_t aOff = wg::aTileOffset(ca.row, ca.chunk);
                        if (bend == Bend::StoresUnswizzled) aOff = ca.row * 128 + ca.chunk * 16;
                        copy(aTile + aOff, a, rowBase + ca.row, kt * wg::kBk + ca.chunk * 8);
                        const wg::TileChunk cb = wg::bChunkOf(t, i);
                        std::uint32_t bOff = wg::bTileOffset(cb.row, cb.chunk);
                        if (bend == Bend::StoresUnswizzled)
                            bOff = (cb.chunk / 8) * 8192 + cb.row * 128 + (cb.chunk % 8) * 16;
                        if (bend == Bend::BothHalvesAtColumn0)
                            bOff = wg::bTileOffset(cb.row, cb.chunk % 8);
                        copy(bTile + bOff, b, kt * wg::kBk + cb.row, colBase + cb.chunk * 8);
                    }
                // Every byte of the stage written once, nothing outside it.
                for (std::uint32_t x = 0; x < sm.writes.size(); ++x) {
                    const bool inStage = x >= aTile && x < aTile + wg::kStageBytes;
                    if (sm.writes[x] != (inStage ? 1 : 0)) {
                        note("byte " + std::to_string(x) + " written " +
                             std::to_string(sm.writes[x]) + " times in phase " +
                             std::to_string(kt));
                        break;
                    }
                }
                // Four m64n128k16 a warpgroup.
                for (int group = 0; group < wg::kWarpgroups; ++group)
                    for (int step = 0; step < wg::kBk / 16; ++step) {
                        std::uint64_t ad = wg::aDescriptor(aTile, group, step);
                        std::uint64_t bd = wg::bDescriptor(aTile, step);
                        if (bend == Bend::AStepOf64Bytes)
                            ad = wg::descriptor(aTile + group * 8192 + step * 64,
                                                wg::kALeadingBytes, wg::kAStrideBytes);
                        if (bend == Bend::BOffsetsSwapped)
                            bd = wg::descriptor(bTile + step * 2048, wg::kBStrideBytes,
                                                wg::kBLeadingBytes);
                        const Descriptor da = decode(ad), db = decode(bd);
                        if (da.swizzle != 1 || db.swizzle != 1) note("not the 128-byte swizzle");
                        if (da.baseOffset != 0 || db.baseOffset != 0) note("base offset set");
                        // The pattern the swizzle repeats starts on 1024 bytes
                        // (base offset 0): bits 7-9 of every start are zero.
                        if (((da.start >> 7) & 7) != 0 || ((db.start >> 7) & 7) != 0)
                            note("a start off the 1024-byte pattern");
                        float aVal[64][16], bVal[16][wg::kInstrN];
                        for (int m = 0; m < 64; ++m)
                            for (int k = 0; k < 16; ++k) {
                                const std::uint32_t x = addressOfA(da, m, k);
                                if (x < aTile || x + 2 > aTile + wg::kStageABytes)
                                    note("A read outside its tile");
                                aVal[m][k] = sm.bf16At(x);
                            }
                        for (int k = 0; k < 16; ++k)
                            for (int c = 0; c < wg::kInstrN; ++c) {
                                const std::uint32_t x = addressOfB(db, k, c);
                                if (x < bTile || x + 2 > bTile + wg::kStageBBytes)
                                    note("B read outside its tile");
                                bVal[k][c] = sm.bf16At(x);
                            }
                        for (int t = 0; t < 128; ++t)
                            for (int v = 0; v < wg::kAccumulators; ++v) {
                                const int m = fragmentRow(t, v), c = fragmentCol(t, v);
                                float sum = 0;
                                for (int k = 0; k < 16; ++k) sum += aVal[m][k] * bVal[k][c];
                                acc[std::size_t(group * 128 + t) * wg::kAccumulators + v] += sum;
                            }
                    }
            }
            // The epilogue, as the kernel writes it.
            for (int group = 0; group < wg::kWarpgroups; ++group)
                for (int t = 0; t < 128; ++t) {
                    const float* r = &acc[std::size_t(group * 128 + t) * wg::kAccumulators];
                    for (int j = 0; j < wg::kAccumulators / 4; ++j) {
                        const int row = rowBase + group * 64 + wg::accRow(t, 4 * j);
                        const int col = colBase + wg::accCol(t, 4 * j);
                        const int down = bend == Bend::AccumulatorRowsOff ? 4 : 8;
                        if (col >= in) continue;
                        auto store = [&](int rr, float x, float y) {
                            out.c[std::size_t(rr) * n + col] = x;
                            out.c[std::size_t(rr) * n + col + 1] = y;
                        };
                        if (row < in) store(row, r[4 * j], r[4 * j + 1]);
                        if (row + down < in) store(row + down, r[4 * j + 2], r[4 * j + 3]);
                    }
                }
        }
    return out;
}

TEST(WgmmaLayout, DescriptorFieldsSitWhereThePtxIsaPutsThem) {
    // Start 0x12340, leading 8192, stride 1024, 128-byte swizzle.
    const std::uint64_t d = wg::descriptor(0x12340, 8192, 1024);
    EXPECT_EQ(d & 0x3FFF, 0x12340u >> 4);
    EXPECT_EQ((d >> 16) & 0x3FFF, 8192u >> 4);
    EXPECT_EQ((d >> 32) & 0x3FFF, 1024u >> 4);
    EXPECT_EQ((d >> 49) & 7, 0u);
    EXPECT_EQ(d >> 62, 1u);
    EXPECT_EQ(d, (std::uint64_t(1) << 62) | (std::uint64_t(64) << 32) | (std::uint64_t(512) << 16) |
                     0x1234u);
    // Nothing in the bits the format leaves empty.
    EXPECT_EQ(d & ((std::uint64_t(3) << 14) | (std::uint64_t(3) << 30) | (std::uint64_t(7) << 46) |
                   (std::uint64_t(0x3FF) << 52)),
              0u);
    // The kernel's: A's stride 1024 and leading "1", B's leading 8192 and stride 1024.
    const std::uint32_t tile = 0x400;
    const Descriptor a = decode(wg::aDescriptor(tile, 1, 3));
    EXPECT_EQ(a.start, tile + 64 * 128 + 3 * 32);
    EXPECT_EQ(a.leading, 16u);
    EXPECT_EQ(a.stride, 1024u);
    const Descriptor b = decode(wg::bDescriptor(tile, 2));
    EXPECT_EQ(b.start, tile + 16384 + 2 * 2048);
    EXPECT_EQ(b.leading, 8192u);
    EXPECT_EQ(b.stride, 1024u);
}

TEST(WgmmaLayout, TheKernelsEpilogueOwnsTheFragmentsPlaces) {
    // Every (row, column) of the 64 x 128 accumulator held by exactly one
    // (thread, register), and the header's places are the ISA's.
    std::vector<int> owners(64 * 128, 0);
    for (int t = 0; t < 128; ++t)
        for (int v = 0; v < wg::kAccumulators; ++v) {
            EXPECT_EQ(wg::accRow(t, v), fragmentRow(t, v)) << t << " " << v;
            EXPECT_EQ(wg::accCol(t, v), fragmentCol(t, v)) << t << " " << v;
            ++owners[fragmentRow(t, v) * 128 + fragmentCol(t, v)];
        }
    for (int x = 0; x < 64 * 128; ++x) ASSERT_EQ(owners[x], 1) << x;
    // Thread 37 (warp 1, lane 5): rows 17 and 25, columns 2, 3, 10, 11, ...
    EXPECT_EQ(wg::accRow(37, 0), 17);
    EXPECT_EQ(wg::accRow(37, 2), 25);
    EXPECT_EQ(wg::accCol(37, 0), 2);
    EXPECT_EQ(wg::accCol(37, 5), 11);
    EXPECT_EQ(wg::accCol(37, 63), 123);
}

TEST(WgmmaLayout, TheEmulatedKernelComputesTheExactProduct) {
    // 136 = 128 + 8: a partial tile of 8 rows and columns, phases 64, 64, 8;
    // 200: a partial tile of 72, phases 64, 64, 64, 8.
    for (std::uint32_t n : {136u, 200u}) {
        const Emulated e = emulate(n, Bend::None);
        EXPECT_TRUE(e.trouble.empty()) << "n=" << n << ": " << e.trouble;
        EXPECT_EQ(wrongEntries(n, e.c), 0u) << "n=" << n;
    }
}

TEST(WgmmaLayout, EveryBentLayoutIsCaught) {
    const std::uint32_t n = 136;
    for (auto [bend, name] : {std::pair{Bend::BOffsetsSwapped, "B offsets swapped"},
                              {Bend::StoresUnswizzled, "stores unswizzled"},
                              {Bend::AStepOf64Bytes, "A step of 64 bytes"},
                              {Bend::AccumulatorRowsOff, "accumulator rows 4 apart"},
                              {Bend::BothHalvesAtColumn0, "B's halves on one another"}}) {
        const Emulated e = emulate(n, bend);
        EXPECT_TRUE(!e.trouble.empty() || wrongEntries(n, e.c) > 0) << name << " went unseen";
    }
}

}  // namespace
}  // namespace ws
