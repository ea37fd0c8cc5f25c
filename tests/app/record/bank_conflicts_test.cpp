// Bank analysis against cases worked out by hand, and the `banks` calculator.
#include "core/access/bank_conflicts.h"

#include <gtest/gtest.h>

#include <sstream>

#include "app/record/commands/record_commands.h"

namespace ws {
namespace {

TEST(BankConflicts, BankOfAddress) {
    EXPECT_EQ(bankOf(0), 0u);
    EXPECT_EQ(bankOf(3), 0u);
    EXPECT_EQ(bankOf(4), 1u);
    EXPECT_EQ(bankOf(124), 31u);
    EXPECT_EQ(bankOf(128), 0u);
}

TEST(BankConflicts, FourByteStrides) {
    // Stride s words: lanes i and i + 32/gcd(s,32) share a bank with different words.
    EXPECT_EQ(analyzeBanks(stridedAccess(1, 4)).passes, 1u);
    EXPECT_EQ(analyzeBanks(stridedAccess(2, 4)).passes, 2u);
    EXPECT_EQ(analyzeBanks(stridedAccess(4, 4)).passes, 4u);
    EXPECT_EQ(analyzeBanks(stridedAccess(16, 4)).passes, 16u);
    EXPECT_EQ(analyzeBanks(stridedAccess(32, 4)).passes, 32u);
    EXPECT_EQ(analyzeBanks(stridedAccess(33, 4)).passes, 1u);
}

TEST(BankConflicts, SameWordIsABroadcastNotAConflict) {
    auto a = analyzeBanks(stridedAccess(0, 4));
    EXPECT_EQ(a.passes, 1u);
    EXPECT_EQ(a.broadcastWords, 1u);
    EXPECT_EQ(a.phases[0].banks[0][0].lanes.size(), 32u);
}

TEST(BankConflicts, BytesWithinOneWordShareIt) {
    // Lanes 0..31 read bytes 0..31: words 0..7, four lanes each, banks 0..7.
    auto a = analyzeBanks(stridedAccess(1, 1));
    EXPECT_EQ(a.passes, 1u);
    EXPECT_EQ(a.broadcastWords, 8u);
    // Byte stride 128: every lane in bank 0, each in its own word.
    EXPECT_EQ(analyzeBanks(stridedAccess(128, 1)).passes, 32u);
}

TEST(BankConflicts, EightAndSixteenByteAccessesSplitIntoPhases) {
    auto eight = analyzeBanks(stridedAccess(1, 8));
    EXPECT_EQ(eight.phases.size(), 2u);
    EXPECT_EQ(eight.passes, 2u);
    EXPECT_EQ(eight.idealPasses, 2u);
    // Stride 2 of 8-byte elements: within a half-warp lanes i and i+8 meet.
    EXPECT_EQ(analyzeBanks(stridedAccess(2, 8)).passes, 4u);
    auto sixteen = analyzeBanks(stridedAccess(1, 16));
    EXPECT_EQ(sixteen.phases.size(), 4u);
    EXPECT_EQ(sixteen.passes, 4u);
}

TEST(BankConflicts, SeedUint8TileWithAndWithoutFourBytePadding) {
    // sbuf[16][16]: lane (tx,ty) reads sbuf[tx][ty]: words 4*tx; tx and tx+8 share a bank.
    EXPECT_EQ(analyzeBanks(tileColumnAccess(16, 16, 1, 0)).passes, 2u);
    // sbuf[16][16+4]: words 5*tx, all in different banks.
    EXPECT_EQ(analyzeBanks(tileColumnAccess(16, 16, 1, 4)).passes, 1u);
}

TEST(BankConflicts, FloatTile32WithAndWithoutPlusOne) {
    EXPECT_EQ(analyzeBanks(tileColumnAccess(32, 32, 4, 0)).passes, 32u);
    EXPECT_EQ(analyzeBanks(tileColumnAccess(32, 32, 4, 4)).passes, 1u);
    // The same through the strided view: column = stride 32 in a padded tile.
    EXPECT_EQ(analyzeBanks(stridedTileAccess(32, 32, 4, 0)).passes, 32u);
    EXPECT_EQ(analyzeBanks(stridedTileAccess(32, 32, 4, 4)).passes, 1u);
}

TEST(BankConflicts, InactiveLanesDoNotCount) {
    WarpAccess a = stridedAccess(32, 4);
    a.activeMask = 0x3;  // two lanes, both bank 0
    EXPECT_EQ(analyzeBanks(a).passes, 2u);
}

TEST(Sectors, CoalescedAndStrided) {
    std::array<std::uint64_t, 32> addr{};
    for (int i = 0; i < 32; ++i) addr[i] = 4u * i;
    auto c = countSectors(addr, 0xffffffffu, 4);
    EXPECT_EQ(c.sectors, 4u);
    EXPECT_EQ(c.lines, 1u);
    for (int i = 0; i < 32; ++i) addr[i] = 4096u * i;  // a column of a wide matrix
    c = countSectors(addr, 0xffffffffu, 4);
    EXPECT_EQ(c.sectors, 32u);
    EXPECT_EQ(c.idealSectors, 4u);
}

int banks(const record::BankQuery& q, std::string& out, std::string& err) {
    std::ostringstream o, e;
    int status = record::banksCommand(q, false, o, e);
    out = o.str();
    err = e.str();
    return status;
}

TEST(BanksCommand, EndsWithPasses) {
    record::BankQuery q;
    q.widthBytes = 4;
    q.stride = 2;
    std::string out, err;
    ASSERT_EQ(banks(q, out, err), 0) << err;
    EXPECT_NE(out.find("conflict, 2 words"), std::string::npos) << out;
    EXPECT_EQ(out.substr(out.rfind("passes:")), "passes: 2\n");
}

TEST(BanksCommand, ExplicitAddressesAndBroadcast) {
    record::BankQuery q;
    q.widthBytes = 4;
    q.addresses = {0, 0, 128, 4};
    std::string out, err;
    ASSERT_EQ(banks(q, out, err), 0) << err;
    EXPECT_NE(out.find("word 0 shared by lanes 0,1"), std::string::npos) << out;
    EXPECT_EQ(out.substr(out.rfind("passes:")), "passes: 2\n");
}

TEST(BanksCommand, RefusesBadInputWithTheReason) {
    record::BankQuery q;
    std::string out, err;
    q.widthBytes = 3;
    q.stride = 1;
    EXPECT_EQ(banks(q, out, err), 2);
    EXPECT_NE(err.find("not an access width"), std::string::npos);
    q.widthBytes = 4;
    q.stride.reset();
    q.paddingBytes = 4;
    EXPECT_EQ(banks(q, out, err), 2);
    EXPECT_NE(err.find("--tile"), std::string::npos);
    q.paddingBytes = 0;
    q.addresses = {2};
    EXPECT_EQ(banks(q, out, err), 2);
    EXPECT_NE(err.find("not aligned"), std::string::npos);
}

TEST(BanksCommand, RefusesAccessesNoWarpCanMake) {
    std::string out, err;
    record::BankQuery q;
    q.widthBytes = 16;
    q.stride = 100000000;  // lane 3 alone would be at 4.8 GB (and wrap at 32 bits)
    EXPECT_EQ(banks(q, out, err), 2);
    EXPECT_NE(err.find("past the 228 KiB"), std::string::npos) << err;
    q.stride = 400;  // lane 31 at 198,400: inside
    EXPECT_EQ(banks(q, out, err), 0) << err;
    q.stride.reset();
    q.tile = true;
    q.widthBytes = 4;
    q.tileRows = q.tileCols = 1024;
    q.paddingBytes = 4;
    EXPECT_EQ(banks(q, out, err), 2);
    EXPECT_NE(err.find("the 1024x1024 tile reaches byte"), std::string::npos) << err;
    q.tileRows = q.tileCols = 32;
    q.paddingBytes = 3;  // rows of 131 bytes: every other row misaligned
    EXPECT_EQ(banks(q, out, err), 2);
    EXPECT_NE(err.find("not a multiple of the 4-byte access"), std::string::npos) << err;
    q.paddingBytes = 4;
    EXPECT_EQ(banks(q, out, err), 0) << err;
    q.tile = false;
    q.paddingBytes = 0;
    q.addresses = {0, 233472};
    EXPECT_EQ(banks(q, out, err), 2);
    EXPECT_NE(err.find("lane 1's access reaches byte 233476"), std::string::npos) << err;
}

TEST(BanksCommand, ATileIsTwoWholeNumbersAndNothingElse) {
    using ws::record::parseTile;
    const auto good = parseTile("32x33");
    ASSERT_TRUE(good.ok()) << good.error();
    EXPECT_EQ(*good, (std::pair<std::uint32_t, std::uint32_t>{32, 33}));
    for (const char* bad : {"32x32junk", "x32", "32x", "32", "-1x32", "+4x4", "32 x 32", "4x4x4"}) {
        const auto r = parseTile(bad);
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_NE(r.error().find("is not ROWSxCOLS"), std::string::npos) << r.error();
    }
    // 2^32 + 1 does not wrap around to 1 row.
    const auto huge = parseTile("4294967297x32");
    ASSERT_FALSE(huge.ok());
    EXPECT_NE(huge.error().find("1..1024 each"), std::string::npos) << huge.error();
}

TEST(BanksCommand, TilePaddingFromTheSeed) {
    record::BankQuery q;
    q.widthBytes = 1;
    q.tile = true;
    q.tileRows = q.tileCols = 16;
    std::string out, err;
    ASSERT_EQ(banks(q, out, err), 0);
    EXPECT_EQ(out.substr(out.rfind("passes:")), "passes: 2\n");
    q.paddingBytes = 4;
    ASSERT_EQ(banks(q, out, err), 0);
    EXPECT_EQ(out.substr(out.rfind("passes:")), "passes: 1\n");
}

}  // namespace
}  // namespace ws
