// `lock`: run a command while holding a GPU's turn in the queue that
// warpscope's workers share (an instructor's own benchmark, a maintenance
// job), or show that queue. Tests use it to contend for a lock without a GPU.
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ostream>

#include "app/record/commands/measured_run.h"
#include "app/record/commands/record_commands.h"
#include "app/record/gpu/gpu_wait.h"
#include "app/record/gpu/lock_directory.h"

extern char** environ;

namespace ws::record {

namespace {

int showQueue(const std::filesystem::path& dir, const std::string& id, std::ostream& out,
              std::ostream& err) {
    auto state = inspectQueue(dir, id);
    if (!state) {
        err << "warpscope-record lock: " << state.error() << "\n";
        return kFailed;
    }
    out << "GPU " << id << " (lock " << (dir / lockFileName(id)).string()
        << "): " << (state->gpuHeld ? "in use" : "free") << "\n";
    int live = 0;
    for (const auto& e : state->entries) {
        out << "  ticket " << e.ticket << "  pid " << e.pid << (e.alive ? "" : "  (dead, skipped)")
            << "\n";
        live += e.alive;
    }
    out << live << (live == 1 ? " run" : " runs") << " in the queue\n";
    return kOk;
}

int runHolding(const std::vector<std::string>& command, std::ostream& err) {
    std::vector<char*> argv;
    for (const auto& a : command) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    pid_t child = 0;
    if (const int e = ::posix_spawnp(&child, argv[0], nullptr, nullptr, argv.data(), environ);
        e != 0) {
        err << "warpscope-record lock: cannot start " << command[0] << ": " << std::strerror(e)
            << "\n";
        // As a shell says a command it cannot find or run.
        return e == ENOENT ? 127 : 126;
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

}  // namespace

int lockCommand(std::optional<int> device, bool status, const std::vector<std::string>& command,
                std::ostream& out, std::ostream& err) {
    // What was asked is checked before the device is looked for.
    if (status && !command.empty()) {
        err << "warpscope-record lock: --status shows the queue and runs nothing; give either "
               "--status or a command\n";
        return kUsage;
    }
    if (!status && command.empty()) {
        err << "warpscope-record lock: give a command to run while holding the GPU (lock -- CMD), "
               "or --status\n";
        return kUsage;
    }
    auto candidates = gpuCandidates(device);
    if (!candidates) {
        err << "warpscope-record lock: " << candidates.error() << "\n";
        return kFailed;
    }
    auto dir = lockDirectory();
    if (!dir) {
        err << "warpscope-record lock: " << dir.error() << "\n";
        return kFailed;
    }
    if (status) {
        // Every GPU's queue, one after another, on a machine with several.
        int worst = kOk;
        for (const GpuCandidate& c : *candidates) {
            if (candidates->size() > 1) out << "device " << c.device << ": ";
            worst = std::max(worst, showQueue(*dir, c.lockId, out, err));
        }
        return worst;
    }
    auto turn = waitForShortestQueue(*candidates, reportingHooks(err));
    if (!turn) {
        err << "warpscope-record lock: " << turn.error() << "\n";
        return kFailed;
    }
    // The command gets the GPU whose turn it holds, and no other (by UUID,
    // which CUDA_VISIBLE_DEVICES accepts whatever the order of the GPUs).
    for (const GpuCandidate& c : *candidates)
        if (c.device == turn->device && c.isUuid)
            ::setenv("CUDA_VISIBLE_DEVICES", c.lockId.c_str(), 1);
    ::setenv("WARPSCOPE_GPU", std::to_string(turn->device).c_str(), 1);
    err << "warpscope-record: GPU " << turn->device << " is ours (waited " << long(turn->waitedMs)
        << " ms)" << std::endl;
    return runHolding(command, err);  // the turn ends when `turn` goes
}

}  // namespace ws::record
