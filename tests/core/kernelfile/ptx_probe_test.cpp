// The probes go into the kernel's PTX and nowhere else: one parameter more,
// every exit through the exit probe, other functions and kernels as they were.
#include "core/kernelfile/ptx_probe.h"

#include <gtest/gtest.h>

#include "core/kernelfile/probe_records.h"
#include "core/run/record_table.h"

namespace ws::kernelfile {
namespace {

const std::string kPtx = R"(//
.version 8.8
.target sm_90
.address_size 64

.visible .func helper(.param .b32 x)
{
	ret;
}

	// .globl	_Z3addPfi
.visible .entry _Z3addPfi(
	.param .u64 _Z3addPfi_param_0,
	.param .u32 _Z3addPfi_param_1
)
.maxntid 256, 1, 1
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<4>;
	// { a comment with braces }
	ld.param.u32 	%r1, [_Z3addPfi_param_1];
	setp.ge.s32 	%p1, %r1, 4;
	@%p1 ret;
	{ // a scoped block
	.reg .b32 %inner;
	}
	ret;

}
.visible .entry _Z5emptyv()
{
	exit;
}
)";

TEST(PtxProbe, AddsTheParameterAndSendsEveryExitThroughTheProbe) {
    auto probed = insertProbes(kPtx, "_Z3addPfi", ProbeLevel::Warps);
    ASSERT_TRUE(probed.ok()) << probed.error();
    const std::string& p = probed->ptx;
    EXPECT_EQ(probed->exits, 2);
    EXPECT_NE(
        p.find("\t.param .u32 _Z3addPfi_param_1,\n\t.param .u64 __warpscope_probe_records\n)"),
        std::string::npos)
        << p;
    EXPECT_NE(p.find("@%p1 bra $wsprobe_exit;"), std::string::npos);
    EXPECT_NE(p.find("bra.uni $wsprobe_exit;"), std::string::npos);
    EXPECT_NE(p.find("$wsprobe_exit:"), std::string::npos);
    EXPECT_NE(p.find("%globaltimer"), std::string::npos);
    // One 16-byte store at the entry and one at the exit: a whole sector.
    EXPECT_NE(p.find("st.global.v4.u32 [%wsprobe_d0], {"), std::string::npos);
    EXPECT_NE(p.find("st.global.v4.u32 [%wsprobe_d0+16], {"), std::string::npos);
    EXPECT_EQ(p.find("red.global"), std::string::npos);
    // The helper's ret and the other kernel's exit stay as written.
    EXPECT_NE(p.find(".visible .func helper(.param .b32 x)\n{\n\tret;\n}"), std::string::npos);
    EXPECT_NE(p.find(".visible .entry _Z5emptyv()\n{\n\texit;\n}"), std::string::npos);
    EXPECT_NE(p.find(".maxntid 256, 1, 1"), std::string::npos);
}

TEST(PtxProbe, AMarkBecomesItsProbeAndTheKernelTakesTheMarksBuffer) {
    std::string ptx = kPtx;
    const std::string at = "\tsetp.ge.s32 \t%p1, %r1, 4;\n";
    ASSERT_NE(ptx.find(at), std::string::npos);
    ptx.replace(ptx.find(at), at.size(),
                at + "\t// begin inline asm\n\t// warpscope-mark 7;\n\t// end inline asm\n");
    auto probed = insertProbes(ptx, "_Z3addPfi", ProbeLevel::Blocks);
    ASSERT_TRUE(probed.ok()) << probed.error();
    EXPECT_EQ(probed->marks, 1);
    const std::string& p = probed->ptx;
    EXPECT_NE(p.find("\t.param .u64 __warpscope_probe_records,\n\t.param .u64 "
                     "__warpscope_probe_marks\n)"),
              std::string::npos)
        << p;
    EXPECT_EQ(p.find("// warpscope-mark 7;"), std::string::npos);
    EXPECT_NE(p.find("or.b32 %wsprobe_r3, %wsprobe_r3, 7;"), std::string::npos);
    EXPECT_NE(p.find("atom.global.add.u32"), std::string::npos);
    EXPECT_NE(p.find("$wsprobe_mark_0:"), std::string::npos);
    // Without marks, no marks' parameter.
    auto plain = insertProbes(kPtx, "_Z3addPfi", ProbeLevel::Blocks);
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(plain->marks, 0);
    EXPECT_EQ(plain->ptx.find(kMarksParameter), std::string::npos);
    // A mark past 255 is refused.
    std::string wide = kPtx;
    wide.replace(wide.find(at), at.size(), at + "\t// warpscope-mark 300;\n");
    auto refused = insertProbes(wide, "_Z3addPfi", ProbeLevel::Blocks);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().find("WS_MARK(300): a mark is a number from 0 to 255"),
              std::string::npos);
}

TEST(ProbeRecords, MarksBecomeTheLaunchsMarksTableInTimeOrder) {
    Launch launch;
    launch.grid = {4, 1, 1};
    launch.block = {64, 1, 1};
    const MarksHead head{3, 2, {0, 0}};  // four shards of two
    // Shard 0 took three (room for two: one lost), shard 3 one.
    const std::vector<std::uint32_t> counts = {3, 0, 0, 1};
    std::vector<MarkRecord> records(8, MarkRecord{0, 0, 0, 0});
    records[0] = {0, 9, 100, 1};
    records[1] = {0, 9, 700, 1};
    records[6] = {3, (1u << 8) | 2, 500, 1};
    records[7] = {3, 4, 1, 0};  // past shard 3's count: not a mark
    std::uint64_t lost = 0;
    ASSERT_TRUE(marksFromRecords(head, counts, records, launch, lost).ok());
    EXPECT_EQ(lost, 1u);
    const RecordTable* marks = findTable(launch.tables, "marks");
    ASSERT_NE(marks, nullptr);
    ASSERT_EQ(marks->rows(), 3u);
    EXPECT_EQ((*marks->get<std::uint32_t>("block"))[0], 0u);  // the earliest first
    EXPECT_EQ((*marks->get<std::uint32_t>("mark"))[0], 9u);
    EXPECT_EQ((*marks->get<std::uint32_t>("warp"))[1], 1u);
    EXPECT_EQ((*marks->get<std::uint32_t>("mark"))[1], 2u);
    EXPECT_EQ((*marks->get<std::uint64_t>("timeNs"))[1], (1ull << 32) + 500);
    EXPECT_EQ((*marks->get<std::uint64_t>("timeNs"))[2], (1ull << 32) + 700);
    Launch small;
    small.grid = {2, 1, 1};
    const MarksHead one{3, 1, {0, 0}};
    EXPECT_FALSE(marksFromRecords(one, {0, 1, 0, 0}, {{}, {5, 0, 1, 0}, {}, {}}, small, lost).ok())
        << "block 5 is outside a launch of 2";
    EXPECT_FALSE(marksFromRecords(one, {0, 1, 0, 0}, {{}, {0, 0, 1, 0}, {}, {}}, launch, lost).ok())
        << "block 0 writes to shard 0, not 1";
    EXPECT_FALSE(marksFromRecords(one, {0}, {}, launch, lost).ok()) << "a buffer of the wrong size";
}

TEST(ProbeRecords, MarksShardsAreAPowerOfTwoNotAboveTheBlocks) {
    EXPECT_EQ(marksShards(marksHeadFor(1, 1u << 20)), 4u);
    EXPECT_EQ(marksShards(marksHeadFor(100, 1u << 20)), 64u);
    EXPECT_EQ(marksShards(marksHeadFor(65536, 1u << 20)), 65536u);
    EXPECT_EQ(marksShards(marksHeadFor(1u << 24, 1u << 20)), 65536u);
    EXPECT_EQ(marksHeadFor(65536, 1u << 20).shardCapacity, 16u);
    EXPECT_EQ(marksBufferUnits(marksHeadFor(100, 1u << 20)), 1 + 16 + 64 * (16384u));
}

TEST(PtxProbe, AKernelWithoutParametersGetsItsFirst) {
    auto probed = insertProbes(kPtx, "_Z5emptyv", ProbeLevel::Warps);
    ASSERT_TRUE(probed.ok()) << probed.error();
    EXPECT_EQ(probed->exits, 1);
    EXPECT_NE(probed->ptx.find(".entry _Z5emptyv(\n\t.param .u64 __warpscope_probe_records\n)"),
              std::string::npos)
        << probed->ptx;
}

TEST(PtxProbe, NamesWhatItCannotFind) {
    auto missing =
        insertProbes(kPtx, "_Z3add", ProbeLevel::Warps);  // a prefix of a kernel's name is not it
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("no .entry '_Z3add'"), std::string::npos);
    EXPECT_FALSE(insertProbes(".visible .entry k(\n.param .u32 a\n", "k", ProbeLevel::Warps).ok());
}

// A record as the probes write it; start 0 is a warp that never started,
// end 0 one that never ended.
ProbeRecord record(std::uint64_t start, std::uint64_t end, std::uint32_t sm) {
    return {std::uint32_t(start),     std::uint32_t(start >> 32),
            std::uint32_t(start * 2), sm,
            std::uint32_t(end),       std::uint32_t(end >> 32),
            std::uint32_t(end * 2),   end == 0 ? 0u : 1u};
}

TEST(ProbeRecords, BlocksSpanTheirWarps) {
    Launch launch;
    launch.grid = {2, 1, 1};
    launch.block = {40, 1, 1};  // two warps, the second partial
    const std::vector<ProbeRecord> records = {record(100, 200, 3), record(90, 250, 3),
                                              record(300, 310, 5), record(305, 400, 5)};
    ASSERT_TRUE(blocksFromProbeRecords(records, ProbeLevel::Warps, launch).ok());
    ASSERT_EQ(launch.blocks.size(), 2u);
    EXPECT_EQ(launch.blocks.startNs[0], 90u);
    EXPECT_EQ(launch.blocks.endNs[0], 250u);
    EXPECT_EQ(launch.blocks.sm[1], 5u);
    EXPECT_EQ(launch.blocks.startClock[1], 600);
    EXPECT_EQ(launch.blocks.endClock[1], 800);
    const RecordTable* warps = findTable(launch.tables, "warps");
    ASSERT_NE(warps, nullptr);
    EXPECT_EQ(warps->rows(), 4u);
}

TEST(ProbeRecords, TimesAreWholeAndClocksCrossTheirLow32Bits) {
    Launch launch;
    launch.grid = {1, 1, 1};
    launch.block = {32, 1, 1};
    // A start just below a 2^32 boundary of the timer and of the clock.
    ProbeRecord r = record(0x1'FFFF'FFF0ull, 0x2'0000'0010ull, 7);
    r.startClock = 0xFFFF'FF00u;
    r.endClock = 0x0000'0100u;
    ASSERT_TRUE(blocksFromProbeRecords({r}, ProbeLevel::Blocks, launch).ok());
    EXPECT_EQ(launch.blocks.startNs[0], 0x1'FFFF'FFF0ull);
    EXPECT_EQ(launch.blocks.endNs[0], 0x2'0000'0010ull);
    EXPECT_EQ(launch.blocks.endClock[0] - launch.blocks.startClock[0], 0x200);
    EXPECT_EQ(launch.blocks.sm[0], 7u);
}

TEST(ProbeRecords, WarpsOfABlockOnEitherSideOfAClockWrapShareOneAxis) {
    Launch launch;
    launch.grid = {1, 1, 1};
    launch.block = {64, 1, 1};
    ProbeRecord warp0 = record(1000, 2000, 4), warp1 = record(1010, 2100, 4);
    warp0.startClock = 0xFFFF'FFF0u;  // just before the wrap
    warp0.endClock = 0x0000'0100u;
    warp1.startClock = 0x0000'0010u;  // just after it: the later start
    warp1.endClock = 0x0000'0400u;    // and the later end
    ASSERT_TRUE(blocksFromProbeRecords({warp0, warp1}, ProbeLevel::Warps, launch).ok());
    EXPECT_EQ(launch.blocks.startClock[0], 0xFFFF'FFF0ll);
    EXPECT_EQ(launch.blocks.endClock[0] - launch.blocks.startClock[0], 0x410);
}

TEST(ProbeRecords, RefusesWhatTheProbesCannotHaveWritten) {
    Launch launch;
    launch.grid = {1, 1, 1};
    launch.block = {64, 1, 1};
    Status twoSms =
        blocksFromProbeRecords({record(1, 2, 0), record(1, 2, 1)}, ProbeLevel::Warps, launch);
    ASSERT_FALSE(twoSms.ok());
    EXPECT_NE(twoSms.error().find("block 0, warp 1 on SM 1"), std::string::npos) << twoSms.error();
    Launch again = Launch{};
    again.grid = {1, 1, 1};
    again.block = {64, 1, 1};
    EXPECT_FALSE(
        blocksFromProbeRecords({record(1, 2, 0), record(0, 0, 0)}, ProbeLevel::Warps, again).ok());
    EXPECT_FALSE(
        blocksFromProbeRecords({record(1, 2, 0)}, ProbeLevel::Warps, again).ok());  // a warp short
}

TEST(PtxProbe, AtTheBlocksLevelOnlyWarpZeroWrites) {
    auto blocks = insertProbes(kPtx, "_Z3addPfi", ProbeLevel::Blocks);
    auto warps = insertProbes(kPtx, "_Z3addPfi", ProbeLevel::Warps);
    ASSERT_TRUE(blocks.ok() && warps.ok());
    // Warp 0's test, at the entry and at the exit.
    EXPECT_NE(blocks->ptx.find("@%wsprobe_p1 bra $wsprobe_started;"), std::string::npos)
        << blocks->ptx;
    EXPECT_NE(blocks->ptx.find("@%wsprobe_p1 bra $wsprobe_done;"), std::string::npos);
    const std::string warpZero = "setp.ne.u32 %wsprobe_p1, %wsprobe_r3, 0;";
    EXPECT_NE(blocks->ptx.find(warpZero), std::string::npos);
    EXPECT_EQ(warps->ptx.find(warpZero), std::string::npos);
}

// A launch given a null address for the records writes none: the test
// before each probe's stores, at both levels.
TEST(PtxProbe, ANullRecordsAddressSkipsEveryProbe) {
    for (ProbeLevel level : {ProbeLevel::Blocks, ProbeLevel::Warps}) {
        auto probed = insertProbes(kPtx, "_Z3addPfi", level);
        ASSERT_TRUE(probed.ok());
        const std::string& ptx = probed->ptx;
        std::size_t tests = 0;
        for (std::size_t at = ptx.find("setp.eq.u64 %wsprobe_p1, %wsprobe_d0, 0;");
             at != std::string::npos;
             at = ptx.find("setp.eq.u64 %wsprobe_p1, %wsprobe_d0, 0;", at + 1))
            ++tests;
        EXPECT_EQ(tests, 2u) << "the entry's probe and the exit's";
        EXPECT_LT(ptx.find("setp.eq.u64 %wsprobe_p1, %wsprobe_d0, 0;"), ptx.find("st.global.v4"));
    }
}

TEST(ProbeRecords, AtTheBlocksLevelOneRecordIsOneBlock) {
    Launch launch;
    launch.grid = {3, 1, 1};
    launch.block = {256, 1, 1};
    EXPECT_EQ(probeRecordCount(launch.grid, launch.block, ProbeLevel::Blocks), 3u);
    EXPECT_EQ(probeRecordCount(launch.grid, launch.block, ProbeLevel::Warps), 24u);
    ASSERT_TRUE(blocksFromProbeRecords({record(1, 5, 0), record(2, 6, 1), record(3, 7, 2)},
                                       ProbeLevel::Blocks, launch)
                    .ok());
    EXPECT_EQ(launch.blocks.size(), 3u);
    EXPECT_EQ(launch.blocks.sm[2], 2u);
    EXPECT_EQ(findTable(launch.tables, "warps"), nullptr);  // no warps recorded
}

}  // namespace
}  // namespace ws::kernelfile
