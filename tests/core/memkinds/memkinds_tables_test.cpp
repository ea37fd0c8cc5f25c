// Every table of the lab: built and read back unchanged; a column missing or
// of another type, a non-positive time, an unknown enum value, working sets
// that do not increase and SMs measured twice are refused with the table, the
// row and the column named.
#include "core/memkinds/memkinds_tables.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace ws::memkinds {
namespace {

ws::Run runWith(RecordTable t) {
    ws::Run run;
    run.tables.push_back(std::move(t));
    return run;
}

template <typename T>
std::vector<T>& column(ws::Run& run, const char* name) {
    for (auto& c : run.tables[0].columns)
        if (c.name == name) return std::get<std::vector<T>>(c.data);
    throw std::runtime_error(name);
}

void expectError(const std::string& error, std::initializer_list<const char*> parts) {
    for (const char* p : parts) EXPECT_NE(error.find(p), std::string::npos) << error;
}

// A column replaced by one of another type, then removed: both refused.
template <typename Read>
void expectColumnChecked(const ws::Run& good, const char* name, Read read) {
    ws::Run wrong = good;
    for (auto& c : wrong.tables[0].columns)
        if (c.name == name) c.data = std::vector<std::int64_t>(c.size(), 1);
    auto r = read(wrong);
    ASSERT_FALSE(r.ok()) << name;
    expectError(r.error(), {good.tables[0].name.c_str(), name, "i64"});
    ws::Run missing = good;
    auto& cols = missing.tables[0].columns;
    cols.erase(
        std::remove_if(cols.begin(), cols.end(), [&](const Column& c) { return c.name == name; }),
        cols.end());
    auto m = read(missing);
    ASSERT_FALSE(m.ok()) << name;
    expectError(m.error(), {good.tables[0].name.c_str(), name});
}

std::vector<LatencyPoint> latencyPoints() {
    return {{1024, 128, 4096, 33.5, 18.0, 0, 0},
            {2048, 128, 4096, 33.9, 18.2, 512, 512},
            {1u << 30, 128, 4096, 650.0, 350.0, 96, 96}};
}

TEST(MemkindsTables, LatencyRoundTrip) {
    const auto points = latencyPoints();
    const ws::Run run = runWith(latencyTable(points));
    EXPECT_EQ(run.tables[0].name, "latency");
    auto back = readLatency(run);
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_EQ(back->size(), points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        EXPECT_EQ((*back)[i].workingSetBytes, points[i].workingSetBytes);
        EXPECT_EQ((*back)[i].strideBytes, points[i].strideBytes);
        EXPECT_EQ((*back)[i].loads, points[i].loads);
        EXPECT_EQ((*back)[i].cyclesPerLoad, points[i].cyclesPerLoad);
        EXPECT_EQ((*back)[i].nsPerLoad, points[i].nsPerLoad);
        EXPECT_EQ((*back)[i].finalIndex, points[i].finalIndex);
        EXPECT_EQ((*back)[i].expectedIndex, points[i].expectedIndex);
    }
    // The column names and types docs/trace-format.md lists.
    const RecordTable& t = run.tables[0];
    EXPECT_NE(t.get<std::uint64_t>("working_set_bytes"), nullptr);
    EXPECT_NE(t.get<std::uint32_t>("stride_bytes"), nullptr);
    EXPECT_NE(t.get<double>("cycles_per_load"), nullptr);
    EXPECT_NE(t.get<std::uint32_t>("expected_index"), nullptr);
}

TEST(MemkindsTables, LatencyRefusals) {
    const ws::Run good = runWith(latencyTable(latencyPoints()));
    for (const char* c : {"working_set_bytes", "stride_bytes", "loads", "cycles_per_load",
                          "ns_per_load", "final_index", "expected_index"})
        expectColumnChecked(good, c, readLatency);

    ws::Run bad = good;
    column<double>(bad, "cycles_per_load")[1] = 0;
    auto r = readLatency(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"table 'latency'", "row 1", "cycles_per_load", "positive"});

    bad = good;
    column<double>(bad, "ns_per_load")[2] = std::numeric_limits<double>::quiet_NaN();
    r = readLatency(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 2", "ns_per_load"});

    bad = good;
    column<std::uint64_t>(bad, "working_set_bytes")[2] = 2048;
    r = readLatency(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 2", "does not increase"});

    bad = good;
    column<std::uint32_t>(bad, "loads").pop_back();
    r = readLatency(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"table 'latency'", "loads"});

    EXPECT_TRUE(readLatency(ws::Run{})->empty());
}

TEST(MemkindsTables, SmLatencyRoundTripAndRefusals) {
    const std::vector<SmLatency> points = {
        {0, 210, 114, 64, 64}, {1, 281, 152, 64, 64}, {7, 212, 115, 64, 64}};
    const ws::Run good = runWith(smLatencyTable(points));
    EXPECT_EQ(good.tables[0].name, "l2-distance");
    auto back = readSmLatency(good);
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_EQ(back->size(), 3u);
    EXPECT_EQ((*back)[2].sm, 7u);
    EXPECT_EQ((*back)[1].cyclesPerLoad, 281);
    EXPECT_EQ((*back)[1].nsPerLoad, 152);
    EXPECT_EQ((*back)[0].finalIndex, 64u);
    for (const char* c : {"sm", "cycles_per_load", "ns_per_load", "final_index", "expected_index"})
        expectColumnChecked(good, c, readSmLatency);

    ws::Run bad = good;
    column<std::uint32_t>(bad, "sm")[2] = 1;
    auto r = readSmLatency(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"table 'l2-distance'", "row 2", "sm 1"});

    bad = good;
    column<double>(bad, "cycles_per_load")[0] = -3;
    r = readSmLatency(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 0", "cycles_per_load"});
}

// GB/s as the launcher writes it: bytes over milliseconds.
double rate(std::uint64_t bytes, double ms) { return double(bytes) / (ms * 1e6); }

TEST(MemkindsTables, BandwidthRoundTripAndRefusals) {
    const std::vector<BandwidthPoint> points = {
        {BandwidthLevel::Global, 16384, 1u << 30, 0.1, rate(1u << 30, 0.1), true},
        {BandwidthLevel::Shared, 16384, 1u << 30, 0.05, rate(1u << 30, 0.05), true},
        {BandwidthLevel::Global, 1u << 30, 1ull << 34, 6.0, rate(1ull << 34, 6.0), false},
        // The L2-only series starts again at the smallest set, as a run writes it.
        {BandwidthLevel::L2Only, 16384, 1u << 30, 0.2, rate(1u << 30, 0.2), true},
        {BandwidthLevel::L2Only, 32768, 1u << 30, 0.1, rate(1u << 30, 0.1), true}};
    const ws::Run good = runWith(bandwidthTable(points));
    auto back = readBandwidth(good);
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_EQ(back->size(), 5u);
    EXPECT_EQ((*back)[4].level, BandwidthLevel::L2Only);
    EXPECT_EQ((*back)[1].level, BandwidthLevel::Shared);
    EXPECT_EQ((*back)[2].bytesRead, 1ull << 34);
    EXPECT_EQ((*back)[2].ms, 6.0);
    EXPECT_EQ((*back)[0].gbPerS, rate(1u << 30, 0.1));
    EXPECT_FALSE((*back)[2].verified);
    EXPECT_TRUE((*back)[0].verified);
    EXPECT_NE(good.tables[0].get<std::uint8_t>("level"), nullptr);
    EXPECT_NE(good.tables[0].get<std::uint8_t>("verified"), nullptr);
    for (const char* c : {"level", "working_set_bytes", "bytes_read", "ms", "gb_per_s", "verified"})
        expectColumnChecked(good, c, readBandwidth);

    ws::Run bad = good;
    column<double>(bad, "ms")[1] = 0;
    auto r = readBandwidth(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"table 'bandwidth'", "row 1", "'ms'"});

    bad = good;
    column<std::uint8_t>(bad, "level")[0] = 3;
    r = readBandwidth(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 0", "level", "not a known value"});

    bad = good;  // a flag is 0 or 1
    column<std::uint8_t>(bad, "verified")[3] = 2;
    r = readBandwidth(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"table 'bandwidth', row 3: column 'verified' is 2, must be 0 or 1"});

    bad = good;  // the second global set no larger than the first
    column<std::uint64_t>(bad, "working_set_bytes")[2] = 16384;
    r = readBandwidth(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 2", "does not increase"});

    bad = good;  // a rate that is not its bytes over its time
    column<double>(bad, "gb_per_s")[4] *= 1.01;
    r = readBandwidth(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 4", "gb_per_s", "is not bytes_read / ms"});
}

TEST(MemkindsTables, ConstantRoundTripAndRefusals) {
    const std::vector<ConstantPoint> points = {{ConstantPath::Constant, 1, 4.1, true},
                                               {ConstantPath::Constant, 32, 130.5, true},
                                               {ConstantPath::ReadOnly, 32, 30.2, false}};
    const ws::Run good = runWith(constantTable(points));
    auto back = readConstant(good);
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_EQ(back->size(), 3u);
    EXPECT_EQ((*back)[2].path, ConstantPath::ReadOnly);
    EXPECT_EQ((*back)[1].distinct, 32u);
    EXPECT_EQ((*back)[1].cyclesPerLoad, 130.5);
    EXPECT_FALSE((*back)[2].verified);
    for (const char* c : {"path", "distinct", "cycles_per_load", "verified"})
        expectColumnChecked(good, c, readConstant);

    ws::Run bad = good;
    column<std::uint8_t>(bad, "path")[1] = 7;
    auto r = readConstant(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"table 'constant'", "row 1", "path"});

    bad = good;
    column<std::uint32_t>(bad, "distinct")[0] = 33;
    r = readConstant(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 0", "distinct"});

    bad = good;
    column<double>(bad, "cycles_per_load")[2] = std::numeric_limits<double>::infinity();
    r = readConstant(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 2", "cycles_per_load"});

    bad = good;
    column<std::uint8_t>(bad, "verified")[0] = 2;
    r = readConstant(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 0", "verified"});

    bad = good;  // one path and index count measured twice
    column<std::uint32_t>(bad, "distinct")[1] = 1;
    r = readConstant(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 1", "constant", "distinct 1", "twice"});
}

TEST(MemkindsTables, TexturePathsRoundTripAndRefusals) {
    const std::vector<TexturePathTiming> rows = {{TexturePath::Texture, 0.21, 1598.0, true},
                                                 {TexturePath::Global, 0.35, 958.7, true},
                                                 {TexturePath::ReadOnly, 0.30, 1118.5, true}};
    const ws::Run good = runWith(texturePathsTable(rows));
    EXPECT_EQ(good.tables[0].name, "texture-paths");
    auto back = readTexturePaths(good);
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_EQ(back->size(), 3u);
    EXPECT_EQ((*back)[1].path, TexturePath::Global);
    EXPECT_EQ((*back)[2].ms, 0.30);
    EXPECT_EQ((*back)[0].gbPerS, 1598.0);
    for (const char* c : {"path", "ms", "gb_per_s", "verified"})
        expectColumnChecked(good, c, readTexturePaths);

    ws::Run bad = good;
    column<double>(bad, "gb_per_s")[2] = 0;
    auto r = readTexturePaths(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"table 'texture-paths'", "row 2", "gb_per_s"});

    bad = good;
    column<std::uint8_t>(bad, "path")[2] = 0;
    r = readTexturePaths(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 2", "texture", "twice"});
}

TEST(MemkindsTables, LocalRoundTripAndRefusals) {
    const std::vector<LocalVariantTiming> rows = {{LocalKind::Registers, 40, 0, 0.5, true},
                                                  {LocalKind::LocalIndexed, 24, 128, 1.9, true},
                                                  {LocalKind::Spilled, 16, 96, 1.2, false}};
    const ws::Run good = runWith(localTable(rows));
    auto back = readLocal(good);
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_EQ(back->size(), 3u);
    EXPECT_EQ((*back)[1].kind, LocalKind::LocalIndexed);
    EXPECT_EQ((*back)[1].registersPerThread, 24u);
    EXPECT_EQ((*back)[1].localBytesPerThread, 128u);
    EXPECT_EQ((*back)[2].ms, 1.2);
    EXPECT_FALSE((*back)[2].verified);
    for (const char* c :
         {"kind", "registers_per_thread", "local_bytes_per_thread", "ms", "verified"})
        expectColumnChecked(good, c, readLocal);

    ws::Run bad = good;
    column<double>(bad, "ms")[0] = -1;
    auto r = readLocal(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"table 'local'", "row 0", "'ms'"});

    bad = good;
    column<std::uint8_t>(bad, "kind")[1] = 3;
    r = readLocal(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 1", "kind"});

    bad = good;  // one variant timed twice
    column<std::uint8_t>(bad, "kind")[2] = 0;
    r = readLocal(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"row 2", "registers", "twice"});
}

TEST(MemkindsTables, OccupancyRoundTripAndRefusals) {
    const std::vector<OccupancyPoint> points = {
        {128, 0, 256, 0, 2, 2}, {64, 0, 256, 0, 4, 4}, {32, 48, 256, 1024, 8, 7}};
    const ws::Run good = runWith(occupancyTable(points));
    auto back = readOccupancy(good);
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_EQ(back->size(), 3u);
    EXPECT_EQ((*back)[2].registersPerThread, 32u);
    EXPECT_EQ((*back)[2].localBytesPerThread, 48u);
    EXPECT_EQ((*back)[2].threadsPerBlock, 256u);
    EXPECT_EQ((*back)[2].sharedBytesPerBlock, 1024u);
    EXPECT_EQ((*back)[2].predictedBlocksPerSm, 8u);
    EXPECT_EQ((*back)[2].measuredBlocksPerSm, 7u);
    for (const char* c :
         {"registers_per_thread", "local_bytes_per_thread", "threads_per_block",
          "shared_bytes_per_block", "predicted_blocks_per_sm", "measured_blocks_per_sm"})
        expectColumnChecked(good, c, readOccupancy);

    ws::Run bad = good;
    column<std::uint32_t>(bad, "threads_per_block")[1] = 0;
    auto r = readOccupancy(bad);
    ASSERT_FALSE(r.ok());
    expectError(r.error(), {"table 'occupancy'", "row 1", "threads_per_block"});
}

TEST(MemkindsTables, EmptyTablesAndAbsentTablesReadEmpty) {
    EXPECT_TRUE(readSmLatency(runWith(smLatencyTable({})))->empty());
    EXPECT_TRUE(readBandwidth(ws::Run{})->empty());
    EXPECT_TRUE(readConstant(ws::Run{})->empty());
    EXPECT_TRUE(readTexturePaths(ws::Run{})->empty());
    EXPECT_TRUE(readLocal(ws::Run{})->empty());
    EXPECT_TRUE(readOccupancy(runWith(occupancyTable({})))->empty());
}

TEST(MemkindsTables, Names) {
    for (std::uint8_t i = 0; i <= std::uint8_t(LoadPath::Texture); ++i) {
        auto p = loadPathFromName(loadPathName(LoadPath(i)));
        ASSERT_TRUE(p.ok());
        EXPECT_EQ(*p, LoadPath(i));
    }
    EXPECT_STREQ(loadPathName(LoadPath::L2Only), "cg");
    EXPECT_STREQ(loadPathName(LoadPath::ReadOnly), "ldg");
    auto unknown = loadPathFromName("lds");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().find("lds"), std::string::npos);
    EXPECT_STREQ(constantPathName(ConstantPath::ReadOnly), "ldg");
    EXPECT_STREQ(texturePathName(TexturePath::Texture), "texture");
    EXPECT_STREQ(localKindName(LocalKind::LocalIndexed), "local-indexed");
    EXPECT_STREQ(localKindName(LocalKind::Spilled), "spilled");
}

}  // namespace
}  // namespace ws::memkinds
