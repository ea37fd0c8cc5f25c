// Every format version still loads, and written again in the newest one a
// trace holds exactly the same run; version 3's varint arrays, and how they
// are refused when damaged.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/run/synthetic_run.h"
#include "core/trace/column_encoding.h"
#include "core/trace/packed_arrays.h"
#include "core/trace/run_compare.h"
#include "core/trace/trace_io.h"
#include "core/trace/trace_upgrade.h"
#include "tests/core/support/rich_run.h"

namespace ws {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

fs::path dataDir() { return fs::path(std::getenv("WARPSCOPE_SOURCE_DIR")) / "tests/data"; }

std::string differences(const Run& a, const Run& b) {
    std::string text;
    for (const auto& d : runDifferences(a, b)) text += d + "\n";
    return text;
}

// Each earlier version has a folder of samples written by its own writer.
class OlderVersions : public ::testing::TestWithParam<int> {};

TEST_P(OlderVersions, LoadAndKeepEveryValueInTheNewestVersion) {
    const int version = GetParam();
    int loaded = 0;
    for (const auto& entry :
         fs::directory_iterator(dataDir() / ("traces-v" + std::to_string(version)))) {
        if (entry.path().extension() != ".wstrace") continue;
        SCOPED_TRACE(entry.path().filename().string());
        auto run = loadTrace(entry.path());
        ASSERT_TRUE(run) << run.error();
        EXPECT_EQ(run->formatVersion, version);
        EXPECT_FALSE(run->launches.empty());
        const auto bytes = encodeTrace(*run);
        auto again = decodeTrace(bytes);
        ASSERT_TRUE(again) << again.error();
        EXPECT_EQ(again->formatVersion, kTraceFormatVersion);
        EXPECT_TRUE(sameRun(*run, *again)) << differences(*run, *again);
        // Never larger but for the keys of later versions, written with
        // their defaults (a few hundred bytes).
        EXPECT_LT(bytes.size(), fs::file_size(entry.path()) + 1024);
        ++loaded;
    }
    EXPECT_GE(loaded, 3);
}

INSTANTIATE_TEST_SUITE_P(TraceVersions, OlderVersions, ::testing::Range(1, kTraceFormatVersion),
                         [](const auto& info) { return "v" + std::to_string(info.param); });

// Keys a version 1 file cannot have read as their defaults.
TEST(TraceVersion1, KeysAddedLaterReadAsTheirDefaults) {
    auto run = loadTrace(dataDir() / "traces-v1" /
                         "bank-probe__pattern-stride__width-4__stride-32.wstrace");
    ASSERT_TRUE(run) << run.error();
    EXPECT_TRUE(run->verification.passed);
    EXPECT_FALSE(run->environment.queried);
    EXPECT_TRUE(run->tables.empty());
    EXPECT_TRUE(run->operations.kind.empty());
}

TEST(TraceVersion3, EveryRecordKindRoundTripsExactly) {
    const ws::Run rich = test::makeRichRun();
    const auto bytes = encodeTrace(rich);
    auto back = decodeTrace(bytes);
    ASSERT_TRUE(back) << back.error();
    EXPECT_TRUE(sameRun(rich, *back)) << differences(rich, *back);
    EXPECT_EQ(encodeTrace(*back), bytes);
}

TEST(TraceVersion3, BlockRecordsTakeAFractionOfTheirWidth) {
    const ws::Run run = makeSyntheticRun(100'000, 132, 1);
    const auto bytes = encodeTrace(run);
    // 40 bytes per block raw; ids count up, SMs fit a byte, times move a little.
    EXPECT_LT(bytes.size(), 100'000u * 20);
    const auto doc = json::from_cbor(bytes);
    const auto& blocks = doc["launches"][0]["blocks"];
    EXPECT_EQ(blocks["block"][0], int(ColumnEncoding::Delta));
    EXPECT_EQ(blocks["block"][1].get_binary().size(), 100'000u);  // one byte per step of 1
    EXPECT_EQ(blocks["sm"][0], int(ColumnEncoding::Varint));
}

// A v3 document with one array edited in the CBOR.
template <typename Edit>
std::string errorAfter(Edit edit, int version = kTraceFormatVersion) {
    json doc = json::from_cbor(encodeTrace(test::makeRichRun()));
    doc["version"] = version;
    edit(doc["launches"][0]["blocks"]);
    auto r = decodeTrace(json::to_cbor(doc));
    return r ? "decoded" : r.error();
}

TEST(TraceVersion3, RawArraysStillRead) {
    json doc = json::from_cbor(encodeTrace(test::makeRichRun()));
    std::vector<std::uint32_t> ids(40);
    for (std::uint32_t i = 0; i < 40; ++i) ids[i] = 39 - i;
    doc["launches"][0]["blocks"]["block"] = json::binary(packLittleEndian(ids));
    auto run = decodeTrace(json::to_cbor(doc));
    ASSERT_TRUE(run) << run.error();
    EXPECT_EQ(run->launches[0].blocks.block, ids);
}

TEST(TraceVersion3, DamagedEncodedArraysSayWhatAndWhere) {
    EXPECT_EQ(errorAfter([](json& b) {
                  b["sm"] = json::array({7, json::binary({1})});
              }),
              "launch 1: blocks.sm: encoding 7 is not 1 (varint) or 2 (delta)");
    EXPECT_EQ(errorAfter([](json& b) {
                  b["sm"] = json::array({1, json::binary({1, 0x80})});
              }),
              "launch 1: blocks.sm: its last varint, at byte 1 of 2, has no final byte");
    EXPECT_EQ(errorAfter([](json& b) {
                  b["sm"] = json::array({1, json::binary({0xff, 0xff, 0xff, 0xff, 0x7f})});
              }),
              "launch 1: blocks.sm: the varint at byte 0 is larger than 32 bits");
    EXPECT_EQ(errorAfter([](json& b) { b["sm"] = json::array({1}); }),
              "launch 1: blocks.sm: expected an [encoding, byte string] pair, found an array of 1 "
              "items");
    EXPECT_EQ(errorAfter([](json& b) {
                  b["sm"] = json::array({"x", json::binary({1})});
              }),
              "launch 1: blocks.sm: expected an [encoding, byte string] pair, found [a text "
              "string, a byte string]");
    // Forty valid ids, one short.
    EXPECT_EQ(errorAfter([](json& b) {
                  b["sm"] = json::array({1, json::binary(std::vector<std::uint8_t>(39, 1))});
              }),
              "launch 1: blocks.sm has 39 values, blocks.block has 40");
    // Version 2 had no encoded arrays: such a file is not a version 2 file.
    EXPECT_EQ(errorAfter(
                  [](json& b) {
                      b["sm"] = json::array({1, json::binary({1})});
                  },
                  2),
              "launch 1: blocks.block: expected a byte string of packed values, found an array");
}

TEST(TraceVersion3, FloatArraysAreNeverEncoded) {
    json doc = json::from_cbor(encodeTrace(test::makeRichRun()));
    doc["timing"]["kernelSamplesMs"] = json::array({1, json::binary({1, 2, 3})});
    auto r = decodeTrace(json::to_cbor(doc));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(),
              "timing.kernelSamplesMs: encoding 1 is for integers, and f64 values are stored as "
              "they are");
}

class Upgrade : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = fs::temp_directory_path() / ("ws-upgrade-" + std::to_string(::getpid()));
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }
    std::size_t entries() const {
        return std::size_t(std::distance(fs::directory_iterator(m_dir), fs::directory_iterator()));
    }
    fs::path m_dir;
};

TEST_F(Upgrade, RewritesAnOlderFileWithTheSameRun) {
    const fs::path v1 = dataDir() / "traces-v1" /
                        "reduce-single-block-noncomm__n-10000__block-256__op-affine.wstrace";
    const fs::path copy = m_dir / v1.filename();
    fs::copy_file(v1, copy);
    fs::permissions(copy, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    auto upgraded = upgradeTraceFile(copy);
    ASSERT_TRUE(upgraded) << upgraded.error();
    EXPECT_TRUE(upgraded->rewritten);
    EXPECT_EQ(upgraded->fromVersion, 1);
    EXPECT_EQ(upgraded->oldBytes, fs::file_size(v1));
    EXPECT_EQ(upgraded->newBytes, fs::file_size(copy));
    EXPECT_LT(upgraded->newBytes, upgraded->oldBytes / 2);
    EXPECT_EQ(fs::status(copy).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    EXPECT_EQ(entries(), 1u);  // no temporary left behind
    auto before = loadTrace(v1);
    auto after = loadTrace(copy);
    ASSERT_TRUE(before && after);
    EXPECT_EQ(after->formatVersion, kTraceFormatVersion);
    EXPECT_TRUE(sameRun(*before, *after)) << differences(*before, *after);
    // A second upgrade finds nothing to do and leaves the file alone.
    const auto time = fs::last_write_time(copy);
    auto again = upgradeTraceFile(copy);
    ASSERT_TRUE(again) << again.error();
    EXPECT_FALSE(again->rewritten);
    EXPECT_EQ(fs::last_write_time(copy), time);
}

TEST_F(Upgrade, FollowsASymbolicLink) {
    const fs::path target = m_dir / "target.wstrace";
    fs::copy_file(dataDir() / "traces-v2" / "matmul__n-256__variant-warptile.wstrace", target);
    const fs::path link = m_dir / "link.wstrace";
    fs::create_symlink(target, link);
    auto upgraded = upgradeTraceFile(link);
    ASSERT_TRUE(upgraded) << upgraded.error();
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_EQ(loadTrace(target)->formatVersion, kTraceFormatVersion);
}

TEST_F(Upgrade, LeavesAFileThatDoesNotLoadAlone) {
    const fs::path bad = m_dir / "bad.wstrace";
    auto bytes = encodeTrace(test::makeRichRun());
    bytes.resize(bytes.size() - 10);
    std::ofstream(bad, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    auto upgraded = upgradeTraceFile(bad);
    ASSERT_FALSE(upgraded);
    EXPECT_EQ(upgraded.error().rfind("'" + bad.string() + "': the file ends at byte ", 0), 0u)
        << upgraded.error();
    EXPECT_EQ(fs::file_size(bad), bytes.size());
    EXPECT_FALSE(upgradeTraceFile(m_dir / "missing.wstrace"));
    EXPECT_EQ(entries(), 1u);
}

// A real recording written as version 3, then damaged: the message names the
// file, and the byte or the field where the damage is.
class DamagedFiles : public Upgrade {
protected:
    void SetUp() override {
        Upgrade::SetUp();
        auto run = loadTrace(dataDir() / "traces-v2" /
                             "reduce-ladder__variant-best__n-2_16__block-256__type-float.wstrace");
        ASSERT_TRUE(run) << run.error();
        m_bytes = encodeTrace(*run);
        m_path = m_dir / "damaged.wstrace";
    }
    std::string loadError(const std::vector<std::uint8_t>& bytes) const {
        std::ofstream(m_path, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        auto run = loadTrace(m_path);
        return run ? "loaded" : run.error();
    }
    std::vector<std::uint8_t> m_bytes;
    fs::path m_path;
};

TEST_F(DamagedFiles, ACutFileSaysWhereItEnds) {
    const std::size_t cut = m_bytes.size() / 2;
    const std::string e = loadError({m_bytes.begin(), m_bytes.begin() + cut});
    EXPECT_EQ(e.rfind("'" + m_path.string() + "': the file ends at byte " + std::to_string(cut) +
                          " inside ",
                      0),
              0u)
        << e;
}

TEST_F(DamagedFiles, AVarintArrayCutInsideAVarintNamesTheArrayAndTheByte) {
    json doc = json::from_cbor(m_bytes);
    json& startNs = doc["launches"][0]["blocks"]["startNs"];
    ASSERT_TRUE(startNs.is_array()) << "expected startNs as varints";
    auto& data = startNs[1].get_binary();
    data.push_back(0x80);
    const std::string e = loadError(json::to_cbor(doc));
    EXPECT_EQ(e, "'" + m_path.string() + "': launch 1: blocks.startNs: its last varint, at byte " +
                     std::to_string(data.size() - 1) + " of " + std::to_string(data.size()) +
                     ", has no final byte");
}

}  // namespace
}  // namespace ws
