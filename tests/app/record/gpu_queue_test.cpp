// The GPU queue without a GPU: queues in temporary lock folders under fake
// device ids, in this process and across real warpscope-record processes.
#include "app/record/gpu/gpu_queue.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <thread>

#include "app/record/gpu/gpu_wait.h"
#include "app/record/gpu/lock_directory.h"
#include "tests/app/record/child_process.h"

namespace ws::record {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

struct TempFolder {
    fs::path path = fs::temp_directory_path() / test::uniqueName("ws-locks");
    ~TempFolder() { fs::remove_all(path); }
};

std::string recorder() {
    const char* bin = std::getenv("WARPSCOPE_BINARY_DIR");
    return std::string(bin ? bin : ".") + "/app/record/warpscope-record";
}

TEST(GpuQueue, FirstComeFirstServed) {
    TempFolder dir;
    ASSERT_TRUE(ensureSharedFolder(dir.path).ok());
    auto a = GpuQueue::join(dir.path, "GPU-fake-a");
    auto b = GpuQueue::join(dir.path, "GPU-fake-a");
    auto c = GpuQueue::join(dir.path, "GPU-fake-a");
    ASSERT_TRUE(a && b && c);
    EXPECT_LT((*a)->ticket(), (*b)->ticket());
    EXPECT_LT((*b)->ticket(), (*c)->ticket());
    // The last asks first: it still waits behind both.
    auto turnC = (*c)->poll();
    ASSERT_TRUE(turnC.ok()) << turnC.error();
    EXPECT_FALSE(turnC->acquired);
    EXPECT_EQ(turnC->runsAhead, 2);
    auto turnB = (*b)->poll();
    EXPECT_FALSE(turnB->acquired);
    EXPECT_EQ(turnB->runsAhead, 1);
    auto turnA = (*a)->poll();
    EXPECT_TRUE(turnA->acquired);
    EXPECT_TRUE((*a)->held());
    a->reset();  // the first run ends
    EXPECT_EQ((*c)->poll()->runsAhead, 1);
    EXPECT_TRUE((*b)->poll()->acquired);
    b->reset();
    EXPECT_TRUE((*c)->poll()->acquired);
}

TEST(GpuQueue, DevicesHaveQueuesOfTheirOwn) {
    TempFolder dir;
    ASSERT_TRUE(ensureSharedFolder(dir.path).ok());
    auto a = GpuQueue::join(dir.path, "GPU-one");
    auto b = GpuQueue::join(dir.path, "GPU-two");
    EXPECT_TRUE((*a)->poll()->acquired);
    EXPECT_TRUE((*b)->poll()->acquired);
}

TEST(GpuQueue, AFolderMadeForEveryUser) {
    TempFolder dir;
    ASSERT_TRUE(ensureSharedFolder(dir.path).ok());
    struct stat st {};
    ASSERT_EQ(::stat(dir.path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 01777u);            // like /tmp, whatever the umask
    auto q = GpuQueue::join(dir.path, "GPU-x/../y");  // never a path outside the folder
    ASSERT_TRUE(q.ok()) << q.error();
    EXPECT_TRUE(fs::exists(dir.path / "GPU-x_.._y.lock"));
    EXPECT_TRUE(fs::is_directory(dir.path / "GPU-x_.._y.queue"));
}

TEST(GpuQueue, SomeoneOutsideTheQueueHoldingTheLockCountsAsARunAhead) {
    TempFolder dir;
    ASSERT_TRUE(ensureSharedFolder(dir.path).ok());
    auto q = GpuQueue::join(dir.path, "GPU-held");
    // As `flock D.lock COMMAND` would hold it.
    const int fd = ::open((dir.path / lockFileName("GPU-held")).c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::flock(fd, LOCK_EX), 0);
    auto turn = (*q)->poll();
    EXPECT_FALSE(turn->acquired);
    EXPECT_EQ(turn->runsAhead, 1);
    EXPECT_TRUE(inspectQueue(dir.path, "GPU-held")->gpuHeld);
    ::close(fd);
    EXPECT_TRUE((*q)->poll()->acquired);
}

// A recorder killed while it holds the GPU and one killed while it waits:
// neither may block the runs behind them.
TEST(GpuQueue, CrashedProcessesDoNotBlockTheQueue) {
    TempFolder dir;
    const std::vector<std::string> env = {"WARPSCOPE_LOCK_DIR=" + dir.path.string(),
                                          "WARPSCOPE_LOCK_ID=GPU-crash"};
    test::ChildProcess holder({recorder(), "lock", "--", "sleep", "30"}, env,
                              (dir.path.string() + ".holder.err"));
    ASSERT_TRUE(holder.started());
    for (int i = 0; i < 500 && !inspectQueue(dir.path, "GPU-crash")->gpuHeld; ++i)
        std::this_thread::sleep_for(10ms);
    test::ChildProcess waiter({recorder(), "lock", "--", "true"}, env,
                              dir.path.string() + ".waiter.err");
    for (int i = 0; i < 500 && inspectQueue(dir.path, "GPU-crash")->entries.size() < 2; ++i)
        std::this_thread::sleep_for(10ms);
    auto q = GpuQueue::join(dir.path, "GPU-crash");
    ASSERT_TRUE(q.ok());
    EXPECT_EQ((*q)->poll()->runsAhead, 2);
    ::kill(waiter.pid(), SIGKILL);
    ::kill(holder.pid(), SIGKILL);
    waiter.wait(5s);
    holder.wait(5s);
    // Their entries stay on disk until someone looks; the look passes them.
    auto turn = (*q)->poll();
    ASSERT_TRUE(turn.ok()) << turn.error();
    EXPECT_TRUE(turn->acquired);
    auto state = inspectQueue(dir.path, "GPU-crash");
    ASSERT_EQ(state->entries.size(), 1u);
    EXPECT_EQ(state->entries[0].pid, ::getpid());
}

struct Interval {
    int who;
    double start, end;
};

// Four recorders contend for one (fake) GPU, each holding it for 300 ms:
// they run one at a time, in the order they asked, and each says its place.
TEST(GpuQueue, RecordersTakeTurnsInTheOrderTheyAsked) {
    TempFolder dir;
    const std::vector<std::string> env = {"WARPSCOPE_LOCK_DIR=" + dir.path.string(),
                                          "WARPSCOPE_LOCK_ID=GPU-contended"};
    const std::string log = dir.path.string() + ".log";
    // Whoever holds the lock keeps it until every recorder has joined the
    // queue: a fixed hold would let the first finish before the last joins on
    // a loaded machine, and the places counted would then depend on timing.
    const std::string gate = dir.path.string() + ".gate";
    std::vector<std::unique_ptr<test::ChildProcess>> recorders;
    const int n = 4;
    for (int i = 0; i < n; ++i) {
        const std::string script = "echo " + std::to_string(i) + " $(date +%s.%N) >>" + log +
                                   "; while [ ! -e " + gate + " ]; do sleep 0.02; done" +
                                   "; sleep 0.1; echo " + std::to_string(i) + " $(date +%s.%N) >>" +
                                   log;
        recorders.push_back(std::make_unique<test::ChildProcess>(
            std::vector<std::string>{recorder(), "lock", "--", "/bin/sh", "-c", script}, env,
            log + "." + std::to_string(i) + ".err"));
        // The next one starts once this one has said where it stands.
        for (int t = 0; t < 500; ++t) {
            const std::string err = test::readFile(log + "." + std::to_string(i) + ".err");
            if (err.find("waiting for the GPU") != std::string::npos ||
                err.find("is ours") != std::string::npos)
                break;
            std::this_thread::sleep_for(10ms);
        }
    }
    std::ofstream(gate).put('\n');
    for (auto& r : recorders) EXPECT_EQ(r->wait(20s), 0);

    std::vector<Interval> runs(n, {0, 0, 0});
    std::istringstream lines(test::readFile(log));
    std::vector<int> startOrder;
    for (int who; lines >> who;) {
        double t = 0;
        lines >> t;
        ASSERT_TRUE(who >= 0 && who < n);
        if (runs[who].start == 0) {
            runs[who] = {who, t, 0};
            startOrder.push_back(who);
        } else {
            runs[who].end = t;
        }
    }
    EXPECT_EQ(startOrder, (std::vector<int>{0, 1, 2, 3})) << test::readFile(log);
    for (int i = 1; i < n; ++i)
        EXPECT_GE(runs[i].start, runs[i - 1].end)
            << "run " << i << " started before run " << i - 1 << " ended:\n"
            << test::readFile(log);
    // Each said how many were ahead when it joined, then counted down.
    for (int i = 0; i < n; ++i) {
        const std::string err = test::readFile(log + "." + std::to_string(i) + ".err");
        std::vector<int> places;
        const std::regex place("waiting for the GPU: ([0-9]+) runs? ahead");
        for (std::sregex_iterator m(err.begin(), err.end(), place), end; m != end; ++m)
            places.push_back(std::stoi((*m)[1]));
        if (i == 0) {
            EXPECT_TRUE(places.empty()) << err;
        } else {
            ASSERT_FALSE(places.empty()) << err;
            EXPECT_EQ(places.front(), i) << err;
            EXPECT_EQ(places.back(), 1) << err;
            EXPECT_TRUE(std::is_sorted(places.rbegin(), places.rend())) << err;
        }
        EXPECT_NE(err.find("is ours"), std::string::npos) << err;
    }
}

// Points the lock folder at a temporary one for this process's own waits.
struct LockDirHere {
    explicit LockDirHere(const fs::path& dir) { ::setenv("WARPSCOPE_LOCK_DIR", dir.c_str(), 1); }
    ~LockDirHere() { ::unsetenv("WARPSCOPE_LOCK_DIR"); }
};

std::unique_ptr<GpuQueue> holding(const fs::path& dir, const std::string& id) {
    auto q = GpuQueue::join(dir, id);
    EXPECT_TRUE(q.ok());
    if (!q) return nullptr;
    EXPECT_TRUE((*q)->poll()->acquired);
    return std::move(*q);
}

TEST(ShortestQueue, ARunTakesTheFreeGpuWhileTheOtherIsBusy) {
    TempFolder dir;
    ASSERT_TRUE(ensureSharedFolder(dir.path).ok());
    LockDirHere here(dir.path);
    auto busy = holding(dir.path, "GPU-a");
    const std::vector<GpuCandidate> gpus = {{0, "GPU-a"}, {1, "GPU-b"}};
    auto turn = waitForShortestQueue(gpus, {});
    ASSERT_TRUE(turn.ok()) << turn.error();
    ASSERT_TRUE(turn->queue);
    EXPECT_EQ(turn->device, 1);
    EXPECT_EQ(turn->runsAheadAtStart, 0);
}

TEST(ShortestQueue, AWaitingRunMovesToAGpuWhoseQueueBecameShorter) {
    TempFolder dir;
    ASSERT_TRUE(ensureSharedFolder(dir.path).ok());
    LockDirHere here(dir.path);
    // GPU a: one run measuring. GPU b: one measuring and one waiting.
    auto onA = holding(dir.path, "GPU-a");
    auto onB = holding(dir.path, "GPU-b");
    auto waitingOnB = GpuQueue::join(dir.path, "GPU-b");
    ASSERT_TRUE(waitingOnB.ok());
    const std::vector<GpuCandidate> gpus = {{0, "GPU-a"}, {1, "GPU-b"}};
    WaitHooks hooks;
    std::vector<int> places;
    hooks.keepWaiting = [&](int ahead) {
        places.push_back(ahead);
        // GPU b empties while this run waits behind a's run.
        onB.reset();
        waitingOnB->reset();
        return places.size() < 50;
    };
    auto turn = waitForShortestQueue(gpus, hooks);
    ASSERT_TRUE(turn.ok()) << turn.error();
    ASSERT_TRUE(turn->queue) << "gave up after " << places.size() << " polls";
    EXPECT_EQ(turn->device, 1);
    EXPECT_EQ(places, std::vector<int>{1});  // joined a, one run ahead; then moved
    auto stateA = inspectQueue(dir.path, "GPU-a");
    ASSERT_TRUE(stateA.ok());
    EXPECT_EQ(stateA->entries.size(), 1u);  // only a's own run: this one left
}

// Six recorders on two (fake) GPUs, each holding its GPU for 300 ms: both
// GPUs are used, runs on one GPU never overlap, and the work takes about
// half the time one GPU would.
TEST(ShortestQueue, RecordersSpreadOverTwoGpusWithoutSharingOne) {
    TempFolder dir;
    const std::vector<std::string> env = {"WARPSCOPE_LOCK_DIR=" + dir.path.string(),
                                          "WARPSCOPE_LOCK_ID=GPU-x,GPU-y"};
    const std::string log = dir.path.string() + ".log";
    std::vector<std::unique_ptr<test::ChildProcess>> recorders;
    const int n = 6;
    const auto began = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) {
        const std::string script = "a=$(date +%s.%N); sleep 0.3; echo $WARPSCOPE_GPU $a "
                                   "$(date +%s.%N) ${CUDA_VISIBLE_DEVICES:-unset} >>" + log;
        recorders.push_back(std::make_unique<test::ChildProcess>(
            std::vector<std::string>{recorder(), "lock", "--", "/bin/sh", "-c", script}, env,
            log + "." + std::to_string(i) + ".err"));
    }
    for (auto& r : recorders) EXPECT_EQ(r->wait(20s), 0);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    std::map<int, std::vector<std::pair<double, double>>> byGpu;
    std::istringstream lines(test::readFile(log));
    for (int gpu; lines >> gpu;) {
        double a = 0, b = 0;
        std::string visible;
        lines >> a >> b >> visible;
        byGpu[gpu].push_back({a, b});
        // Fake ids are no UUIDs: CUDA_VISIBLE_DEVICES is left as it was.
        EXPECT_EQ(visible, "unset");
    }
    EXPECT_EQ(byGpu.size(), 2u) << test::readFile(log);
    int runs = 0;
    for (auto& [gpu, spans] : byGpu) {
        std::sort(spans.begin(), spans.end());
        runs += int(spans.size());
        for (std::size_t i = 1; i < spans.size(); ++i)
            EXPECT_GE(spans[i].first, spans[i - 1].second)
                << "two runs overlapped on GPU " << gpu << ":\n" << test::readFile(log);
    }
    EXPECT_EQ(runs, n);
    // One GPU would need 6 x 0.3 s; two need about 0.9 s plus start-up.
    EXPECT_LT(seconds, 1.7) << test::readFile(log);
    fs::remove(log);
    for (int i = 0; i < n; ++i) fs::remove(log + "." + std::to_string(i) + ".err");
}

}  // namespace
}  // namespace ws::record
