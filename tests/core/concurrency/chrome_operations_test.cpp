// The Chrome export of operations: a track per host thread, stream and copy
// engine with the names Perfetto shows, and an arrow from every call to its work.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/trace/chrome_trace.h"
#include "tests/widgets/concurrency/operation_test_runs.h"

namespace ws {
namespace {

using json = nlohmann::json;

TEST(ChromeOperations, TracksPerThreadStreamAndCopyEngineWithFlows) {
    const ws::Run run = test::twoStreamPipeline();
    const json doc = json::parse(chromeTraceJson(run));
    std::map<std::pair<int, int>, std::string> trackNames;
    std::map<std::string, int> slicesOnTrack;
    std::map<std::uint64_t, std::set<std::string>> flows;
    const int operationsPid = int(run.launches.size()) + 1;
    for (const auto& e : doc["traceEvents"])
        if (e["ph"] == "M" && e["name"] == "thread_name")
            trackNames[{e["pid"], e["tid"]}] = e["args"]["name"];
    for (const auto& e : doc["traceEvents"]) {
        if (e["pid"] != operationsPid) continue;
        if (e["ph"] == "X") {
            slicesOnTrack[trackNames[{e["pid"], e["tid"]}]]++;
            EXPECT_GE(e["ts"].get<double>(), 0);
        }
        if (e["ph"] == "s" || e["ph"] == "f") flows[e["id"]].insert(e["ph"]);
    }
    EXPECT_EQ(slicesOnTrack["host thread 0"], 3);
    EXPECT_EQ(slicesOnTrack["host thread 1"], 3);
    EXPECT_EQ(slicesOnTrack["stream 7"], 3);
    EXPECT_EQ(slicesOnTrack["stream 8"], 3);
    EXPECT_EQ(slicesOnTrack["copy engine 0"], 2);  // the copies in
    EXPECT_EQ(slicesOnTrack["copy engine 1"], 2);  // the copies out
    ASSERT_EQ(flows.size(), 6u);                   // every operation has its call
    for (const auto& [id, ends] : flows) EXPECT_EQ(ends, (std::set<std::string>{"s", "f"}));
}

TEST(ChromeOperations, TheEarliestCallSetsTimeZero) {
    ws::Run run = test::twoStreamPipeline();
    const json doc = json::parse(chromeTraceJson(run));
    EXPECT_EQ(doc["otherData"]["timeOriginNs"].get<std::uint64_t>(), test::kOrigin);
    // Without a measured clock, operations stay out: they would not line up.
    run.clocks.measured = false;
    const json plain = json::parse(chromeTraceJson(run));
    for (const auto& e : plain["traceEvents"]) EXPECT_NE(e["pid"], int(run.launches.size()) + 1);
}

}  // namespace
}  // namespace ws
