// A class server with two GPUs: sixteen `warpscope-record serve` workers
// started at once, one run each. Both GPUs are used, no two runs' turns
// overlap on one GPU, and the time each run waited is printed (median and
// 95th percentile, for docs/class-server.md). Needs two CUDA devices.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "app/record/gpu/lock_directory.h"
#include "kernels/device/device_uuid.h"
#include "kernels/runner/experiment_runner.h"
#include "tests/app/record/child_process.h"

namespace ws::record {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using nlohmann::json;

std::int64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    const double at = p * double(v.size() - 1);
    const std::size_t lo = std::size_t(at);
    const std::size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (at - double(lo));
}

TEST(ServeTwoGpus, SixteenWorkersShareTwoGpusWithoutOverlap) {
    if (auto reason = cudaUnavailableReason(); !reason.empty()) GTEST_SKIP() << reason;
    auto count = visibleDeviceCount();
    ASSERT_TRUE(count.ok()) << count.error();
    if (*count < 2) GTEST_SKIP() << "needs two GPUs; this machine has " << *count;

    const fs::path locks = fs::temp_directory_path() / test::uniqueName("ws-two-gpus");
    ASSERT_TRUE(ensureSharedFolder(locks).ok());
    const char* bin = std::getenv("WARPSCOPE_BINARY_DIR");
    const std::string recorder = std::string(bin ? bin : ".") + "/app/record/warpscope-record";
    constexpr int kWorkers = 16;
    std::vector<std::unique_ptr<test::ChildProcess>> workers;
    for (int i = 0; i < kWorkers; ++i) {
        workers.push_back(std::make_unique<test::ChildProcess>(
            std::vector<std::string>{recorder, "serve"},
            std::vector<std::string>{"WARPSCOPE_LOCK_DIR=" + locks.string()},
            locks.string() + "." + std::to_string(i) + ".err"));
        ASSERT_TRUE(workers.back()->started());
    }
    // Every request at once, as a class pressing Run together.
    const json request = {{"type", "run"},
                          {"id", 1},
                          {"experiment", "reduce-ladder"},
                          {"params", {{"variant", "best"}, {"n", "16777216"}}},
                          {"repetitions", 20}};
    const std::int64_t sent = nowNs();
    for (auto& w : workers) w->writeLine(request.dump());

    struct Turn {
        int device;
        std::int64_t start, end;
    };
    std::vector<Turn> turns;
    std::vector<double> waitsMs;
    for (int i = 0; i < kWorkers; ++i) {
        json result;
        while (auto line = workers[std::size_t(i)]->readLine(120s)) {
            json m = json::parse(*line, nullptr, false);
            if (m.is_object() && (m["type"] == "result" || m["type"] == "error")) {
                result = m;
                break;
            }
        }
        ASSERT_TRUE(result.is_object())
            << "worker " << i << " answered nothing: "
            << test::readFile(locks.string() + "." + std::to_string(i) + ".err");
        ASSERT_EQ(result["type"], "result") << result.dump();
        turns.push_back({result["device"].get<int>(), result["turnStartNs"].get<std::int64_t>(),
                         result["turnEndNs"].get<std::int64_t>()});
        waitsMs.push_back(double(turns.back().start - sent) / 1e6);
    }
    std::map<int, std::vector<Turn>> byGpu;
    for (const Turn& t : turns) byGpu[t.device].push_back(t);
    EXPECT_EQ(byGpu.size(), 2u) << "both GPUs are used";
    for (auto& [gpu, list] : byGpu) {
        std::sort(list.begin(), list.end(),
                  [](const Turn& a, const Turn& b) { return a.start < b.start; });
        for (std::size_t k = 1; k < list.size(); ++k)
            EXPECT_GE(list[k].start, list[k - 1].end) << "two runs overlapped on GPU " << gpu;
        std::printf("[ two-gpus ] GPU %d: %zu runs\n", gpu, list.size());
    }
    std::printf(
        "[ two-gpus ] %d workers, wait for the GPU: median %.0f ms, 95th percentile %.0f "
        "ms, longest %.0f ms\n",
        kWorkers, percentile(waitsMs, 0.5), percentile(waitsMs, 0.95),
        *std::max_element(waitsMs.begin(), waitsMs.end()));
    for (auto& w : workers) w->writeLine(R"({"type":"quit","id":2})");
    workers.clear();
    fs::remove_all(locks);
    for (int i = 0; i < kWorkers; ++i)
        fs::remove(locks.string() + "." + std::to_string(i) + ".err");
}

}  // namespace
}  // namespace ws::record
