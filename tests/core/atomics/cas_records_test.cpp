// Which blocks record their threads, the CAS tables read and rejected with
// what and where, and the statistics of a histogram.
#include "core/atomics/cas_records.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace ws {
namespace {

TEST(CasSample, SmallGridsAreTracedWhole) {
    const CasSample s = casSample(5, 32);
    EXPECT_EQ(s.blocks, (std::vector<std::uint32_t>{0, 1, 2, 3, 4}));
    for (std::uint32_t b = 0; b < 5; ++b) EXPECT_EQ(s.slotOf(b, 5), int(b));
    EXPECT_EQ(casSampleText(s, 5), "every block");
    EXPECT_TRUE(casSample(5, 0).blocks.empty());
}

TEST(CasSample, AsManyBlocksAsAskedFor) {
    // 196 blocks (the blog's size) and 16 asked: 15 strided and the last.
    const CasSample blog = casSample(196, 16);
    EXPECT_EQ(blog.blocks.size(), 16u);
    EXPECT_EQ(blog.blocks.back(), 195u);
    for (std::uint32_t grid : {2u, 3u, 5u, 9u, 17u, 100u, 196u, 4096u, 100000u})
        for (std::uint32_t count = 1; count < std::min(grid, 300u); ++count) {
            const CasSample s = casSample(grid, count);
            ASSERT_EQ(s.blocks.size(), count) << grid << " " << count;
            EXPECT_TRUE(std::is_sorted(s.blocks.begin(), s.blocks.end()));
            EXPECT_EQ(std::adjacent_find(s.blocks.begin(), s.blocks.end()), s.blocks.end());
            if (count > 1) EXPECT_EQ(s.blocks.back(), grid - 1) << grid << " " << count;
            // The kernel finds its slot by the stride alone: every strided block is a multiple.
            for (std::uint32_t i = 0; i + 1 < count; ++i)
                ASSERT_EQ(s.blocks[i], i * s.stride) << grid << " " << count;
            for (std::uint32_t i = 0; i < count; ++i)
                EXPECT_EQ(s.slotOf(s.blocks[i], grid), int(i)) << grid << " " << count;
        }
}

TEST(CasSample, LargeGridsEveryStridethBlockAndTheLast) {
    const CasSample s = casSample(100, 5);
    EXPECT_EQ(s.stride, 25u);
    EXPECT_EQ(s.blocks, (std::vector<std::uint32_t>{0, 25, 50, 75, 99}));
    EXPECT_EQ(s.slotOf(50, 100), 2);
    EXPECT_EQ(s.slotOf(99, 100), 4);
    EXPECT_EQ(s.slotOf(26, 100), -1);
    EXPECT_EQ(casSample(196, 1).blocks, (std::vector<std::uint32_t>{0}));
    const CasSample even = casSample(9, 4);  // stride 3: 0, 3, 6 and 8
    EXPECT_EQ(even.blocks, (std::vector<std::uint32_t>{0, 3, 6, 8}));
    EXPECT_NE(casSampleText(casSample(4096, 32), 4096).find("(32 of 4096"), std::string::npos);
}

Launch casLaunch() {
    Launch l;
    l.grid = {4, 1, 1};
    l.block = {64, 1, 1};
    RecordTable& t = addTable(l.tables, kCasThreadsTable);
    std::vector<std::uint32_t> block, thread, attempts, elements;
    for (std::uint32_t th = 0; th < 64; ++th) {
        block.push_back(3);
        thread.push_back(th);
        attempts.push_back(th == 5 ? 4 : th == 40 ? 1 : 0);
        elements.push_back(1);
    }
    t.add<std::uint32_t>("block") = block;
    t.add<std::uint32_t>("thread") = thread;
    t.add<std::uint32_t>("attempts") = attempts;
    t.add<std::uint32_t>("elements") = elements;
    RecordTable& w = addTable(l.tables, kCasWarpsTable);
    w.add<std::uint32_t>("block") = {3, 3};
    w.add<std::uint32_t>("warp") = {0, 1};
    w.add<std::uint64_t>("startNs") = {100, 110};
    w.add<std::uint64_t>("endNs") = {400, 200};
    w.add<std::uint32_t>("attemptsSum") = {4, 1};
    w.add<std::uint32_t>("attemptsMax") = {4, 1};
    RecordTable& h = addTable(l.tables, kCasHistogramTable);
    std::vector<std::uint32_t> bins(kCasHistogramBins);
    std::vector<std::uint64_t> counts(kCasHistogramBins);
    for (std::uint32_t i = 0; i < kCasHistogramBins; ++i) bins[i] = i;
    counts[0] = 250;
    counts[1] = 5;
    counts[63] = 1;
    h.add<std::uint32_t>("attempts") = bins;
    h.add<std::uint64_t>("threads") = counts;
    return l;
}

TEST(CasRecords, ReadsAConsistentLaunch) {
    auto r = readCasRecords(casLaunch(), 0);
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->warps.size(), 2u);
    EXPECT_EQ(r->thread.size(), 64u);
    const CasStatistics s = casStatistics(r->histogram);
    EXPECT_EQ(s.threads, 256u);
    EXPECT_EQ(s.threadsWithCas, 6u);
    EXPECT_EQ(s.maxAttempts, 63u);
    EXPECT_TRUE(s.maxIsLowerBound);
    EXPECT_DOUBLE_EQ(s.meanAttempts, (5.0 + 63.0) / 256.0);
}

TEST(CasRecords, CorruptTablesSayWhatAndWhere) {
    {
        Launch l = casLaunch();
        std::get<std::vector<std::uint32_t>>(l.tables[0].columns[1].data)[7] = 64;
        auto r = readCasRecords(l, 1);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error(),
                  "launch 2: table 'casThreads', row 7: thread 64 is not below the block size 64");
    }
    {
        Launch l = casLaunch();
        std::get<std::vector<std::uint32_t>>(l.tables[1].columns[1].data)[1] = 2;
        auto r = readCasRecords(l, 0);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().find("row 1: warp 2 is not below the block's 2 warps"),
                  std::string::npos);
    }
    {
        Launch l = casLaunch();
        std::get<std::vector<std::uint32_t>>(l.tables[1].columns[4].data)[0] = 5;
        auto r = readCasRecords(l, 0);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().find("disagree with its threads' 4 and 4"), std::string::npos);
    }
    {
        Launch l = casLaunch();
        std::get<std::vector<std::uint64_t>>(l.tables[1].columns[3].data)[1] = 50;
        auto r = readCasRecords(l, 0);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().find("startNs 110 is after endNs 50"), std::string::npos);
    }
    {
        Launch l = casLaunch();
        for (auto& c : l.tables[2].columns) std::visit([](auto& v) { v.pop_back(); }, c.data);
        auto r = readCasRecords(l, 0);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().find("has 63 bins, expected 64"), std::string::npos);
    }
    {
        Launch l = casLaunch();
        std::get<std::vector<std::uint32_t>>(l.tables[0].columns[0].data)[0] = 4;
        EXPECT_FALSE(readCasRecords(l, 0).ok());
    }
}

}  // namespace
}  // namespace ws
