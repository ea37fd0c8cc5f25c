#include "core/trace/chrome_trace.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "core/run/synthetic_run.h"
#include "tests/core/support/rich_run.h"

namespace ws {
namespace {

using json = nlohmann::json;

TEST(ChromeTrace, IsValidJsonWithOneEventPerBlockAndArrival) {
    const ws::Run run = test::makeRichRun();
    const json doc = json::parse(chromeTraceJson(run));
    ASSERT_TRUE(doc.contains("traceEvents"));
    std::map<std::string, int> byPhase;
    std::map<std::uint64_t, int> processNames;
    for (const auto& e : doc["traceEvents"]) {
        byPhase[e["ph"].get<std::string>()]++;
        if (e["name"] == "process_name") processNames[e["pid"].get<std::uint64_t>()]++;
    }
    std::size_t blocks = 0, arrivals = 0;
    for (const auto& l : run.launches) {
        blocks += l.blocks.size();
        arrivals += l.arrivals.size();
    }
    EXPECT_EQ(byPhase["X"], int(blocks));
    EXPECT_EQ(byPhase["i"], int(arrivals));
    EXPECT_EQ(processNames.size(), run.launches.size());
}

TEST(ChromeTrace, ProcessesNameTheirLaunchFromOne) {
    const ws::Run run = test::makeRichRun();
    const json doc = json::parse(chromeTraceJson(run));
    std::map<std::uint64_t, std::string> names;
    for (const auto& e : doc["traceEvents"])
        if (e["name"] == "process_name") names[e["pid"]] = e["args"]["name"];
    ASSERT_EQ(names.size(), run.launches.size());
    for (const auto& [pid, name] : names) {
        std::string expected = "launch ";
        expected += std::to_string(pid);
        expected += ": ";
        expected += run.launches[pid - 1].kernel;
        EXPECT_EQ(name.rfind(expected, 0), 0u) << name;
    }
}

TEST(ChromeTrace, OverlappingBlocksNeverShareATrack) {
    const ws::Run run = makeSyntheticRun(3000, 8, 11);
    const json doc = json::parse(chromeTraceJson(run));
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::vector<std::pair<double, double>>>
        tracks;
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::string> names;
    for (const auto& e : doc["traceEvents"]) {
        const auto key = std::pair{e["pid"].get<std::uint64_t>(), e.value("tid", std::uint64_t(0))};
        if (e["ph"] == "X") {
            const double ts = e["ts"], dur = e["dur"];
            tracks[key].push_back({ts, ts + dur});
            EXPECT_TRUE(e["args"].contains("cycles"));
            // As text: a %globaltimer reading exceeds what a JavaScript number holds.
            ASSERT_TRUE(e["args"]["startNs"].is_string());
            EXPECT_GT(std::stoull(e["args"]["startNs"].get<std::string>()), 1ULL << 53);
        } else if (e["name"] == "thread_name") {
            names[key] = e["args"]["name"];
        }
    }
    std::size_t events = 0;
    for (auto& [key, spans] : tracks) {
        events += spans.size();
        ASSERT_TRUE(names.count(key)) << "track without a name";
        EXPECT_EQ(names[key].rfind("SM ", 0), 0u);
        std::sort(spans.begin(), spans.end());
        for (std::size_t i = 1; i < spans.size(); ++i)
            EXPECT_LE(spans[i - 1].second, spans[i].first + 1e-9);
    }
    EXPECT_EQ(events, 3000u);
    EXPECT_EQ(tracks.size(), 8u * 8u);
}

TEST(ChromeTrace, TimesAreMicrosecondsFromTheFirstEvent) {
    ws::Run run;
    Launch l;
    l.kernel = "k";
    l.grid = {2, 1, 1};
    l.block = {32, 1, 1};
    l.blocks.resize(2);
    l.blocks.block = {0, 1};
    l.blocks.sm = {17, 17};
    l.blocks.startNs = {1'000'000'000'000'000'000ULL, 1'000'000'000'000'001'500ULL};
    l.blocks.endNs = {1'000'000'000'000'002'032ULL, 1'000'000'000'000'003'000ULL};
    run.launches.push_back(l);
    const json doc = json::parse(chromeTraceJson(run));
    std::vector<json> blocks;
    bool namedSlot1 = false;
    for (const auto& e : doc["traceEvents"]) {
        if (e["ph"] == "X") blocks.push_back(e);
        if (e["name"] == "thread_name" && e["args"]["name"] == "SM 17 slot 1") namedSlot1 = true;
    }
    ASSERT_EQ(blocks.size(), 2u);
    EXPECT_DOUBLE_EQ(blocks[0]["ts"].get<double>(), 0.0);
    EXPECT_DOUBLE_EQ(blocks[0]["dur"].get<double>(), 2.032);
    EXPECT_DOUBLE_EQ(blocks[1]["ts"].get<double>(), 1.5);
    EXPECT_NE(blocks[0]["tid"], blocks[1]["tid"]);
    EXPECT_TRUE(namedSlot1);
}

TEST(ChromeTrace, WritesAFile) {
    const auto path = std::filesystem::temp_directory_path() / "ws_chrome_trace_test.json";
    ASSERT_TRUE(writeChromeTrace(makeSyntheticRun(10, 2, 1), path));
    std::ifstream in(path);
    EXPECT_NO_THROW({ const json parsed = json::parse(in); });
    std::filesystem::remove(path);
    EXPECT_FALSE(writeChromeTrace(makeSyntheticRun(1, 1, 1), "/nonexistent-dir/x.json"));
}

}  // namespace
}  // namespace ws
