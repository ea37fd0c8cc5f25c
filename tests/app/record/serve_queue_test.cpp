// `warpscope-record serve` while another run holds the GPU (a fake device id,
// so no GPU is needed): the waiting run reports its place, can be cancelled,
// and a newer superseding request takes over its place in the queue.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/record/gpu/gpu_queue.h"
#include "app/record/gpu/lock_directory.h"
#include "kernels/runner/experiment_runner.h"
#include "tests/app/record/child_process.h"

namespace ws::record {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using nlohmann::json;

class ServeQueue : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(ensureSharedFolder(m_dir).ok());
        const char* bin = std::getenv("WARPSCOPE_BINARY_DIR");
        const std::string recorder = std::string(bin ? bin : ".") + "/app/record/warpscope-record";
        m_worker = std::make_unique<test::ChildProcess>(
            std::vector<std::string>{recorder, "serve"},
            std::vector<std::string>{"WARPSCOPE_LOCK_DIR=" + m_dir.string(),
                                     "WARPSCOPE_LOCK_ID=" + m_id},
            m_dir.string() + ".err");
        ASSERT_TRUE(m_worker->started());
    }
    void TearDown() override {
        m_worker.reset();
        fs::remove_all(m_dir);
        fs::remove(m_dir.string() + ".err");
    }
    // The next message, skipping nothing; a trace's bytes are not expected here.
    json next(std::chrono::milliseconds timeout = 10s) {
        auto line = m_worker->readLine(timeout);
        if (!line) return json();
        return json::parse(*line, nullptr, false);
    }
    std::unique_ptr<GpuQueue> holdTheGpu() {
        auto q = GpuQueue::join(m_dir, m_id);
        EXPECT_TRUE(q.ok());
        EXPECT_TRUE((*q)->poll()->acquired);
        return std::move(*q);
    }
    std::string run(long long id, bool supersede = false) {
        json r = {{"type", "run"},
                  {"id", id},
                  {"experiment", "reduce-single-block"},
                  {"params", {{"n", "1000"}, {"block", "256"}}},
                  {"repetitions", 2}};
        if (supersede) r["supersede"] = true;
        return r.dump();
    }
    std::string stderrText() const { return test::readFile(m_dir.string() + ".err"); }

    fs::path m_dir = fs::temp_directory_path() / test::uniqueName("ws-serve-locks");
    std::string m_id = test::uniqueName("GPU-fake");
    std::unique_ptr<test::ChildProcess> m_worker;
};

TEST_F(ServeQueue, AWaitingRunSaysItsPlaceAndCanBeCancelled) {
    auto holder = holdTheGpu();
    m_worker->writeLine(run(2));
    json m = next();
    ASSERT_EQ(m["type"], "queued") << m.dump() << stderrText();
    EXPECT_EQ(m["id"], 2);
    EXPECT_EQ(m["ahead"], 1);
    // The place is repeated while it waits, so a client can tell a long
    // queue from a hung worker.
    m = next(5s);
    EXPECT_EQ(m["type"], "queued") << m.dump();
    EXPECT_EQ(m["ahead"], 1);
    m_worker->writeLine(json{{"type", "cancel"}, {"id", 2}}.dump());
    // Heartbeats may still be in the pipe; the cancellation follows them.
    do m = next();
    while (m["type"] == "queued");
    EXPECT_EQ(m["type"], "cancelled") << m.dump();
    EXPECT_EQ(m["id"], 2);
    // The worker goes on serving.
    m_worker->writeLine(json{{"type", "hello"}, {"id", 3}}.dump());
    m = next(30s);
    EXPECT_EQ(m["type"], "hello") << m.dump();
    EXPECT_EQ(m["protocol"], 3);
    EXPECT_TRUE(inspectQueue(m_dir, m_id)->entries.size() == 1);  // only the holder's
}

TEST_F(ServeQueue, ANewerRequestTakesTheWaitingOnesPlace) {
    auto holder = holdTheGpu();
    m_worker->writeLine(run(5));
    json m = next();
    ASSERT_EQ(m["type"], "queued") << m.dump() << stderrText();
    // Someone else joins behind request 5.
    auto behind = GpuQueue::join(m_dir, m_id);
    ASSERT_TRUE(behind.ok());
    EXPECT_EQ((*behind)->poll()->runsAhead, 2);
    m_worker->writeLine(run(6, true));
    do m = next();
    while (m["type"] == "queued" && m["id"] == 5);
    EXPECT_EQ(m["type"], "cancelled") << m.dump();
    EXPECT_EQ(m["id"], 5);
    m = next();
    EXPECT_EQ(m["type"], "queued") << m.dump();
    EXPECT_EQ(m["id"], 6);
    EXPECT_EQ(m["ahead"], 1) << "request 6 should keep request 5's place, ahead of the newcomer";
    EXPECT_EQ((*behind)->poll()->runsAhead, 2);
    // The GPU comes free: request 6 runs (or, with no GPU, says why not).
    holder.reset();
    do m = next(60s);
    while (m["type"] == "queued");
    EXPECT_EQ(m["type"], "progress") << m.dump();
    EXPECT_EQ(m["id"], 6);
    m = next(60s);
    EXPECT_EQ(m["id"], 6);
    if (cudaUnavailableReason().empty()) {
        EXPECT_EQ(m["type"], "result") << m.dump();
    } else {
        EXPECT_EQ(m["type"], "error") << m.dump();
        EXPECT_EQ(m["message"], cudaUnavailableReason());
    }
}

TEST_F(ServeQueue, QuitWhileWaitingCancelsAndExits) {
    auto holder = holdTheGpu();
    m_worker->writeLine(run(9));
    EXPECT_EQ(next()["type"], "queued");
    m_worker->writeLine(R"({"type":"quit"})");
    json m;
    do m = next();
    while (m["type"] == "queued");
    EXPECT_EQ(m["type"], "cancelled") << m.dump();
    EXPECT_EQ(m_worker->wait(5s), 0);
}

}  // namespace
}  // namespace ws::record
