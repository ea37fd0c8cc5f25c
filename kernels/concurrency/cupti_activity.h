#pragma once
// CUPTI's activity API around the part of a run that the trace shows: what
// the device did (kernels, copies, memsets, managed-memory migrations and
// faults) and which runtime calls the host made, with CUPTI's timestamps.
// Only runs that ask start a session, and only one at a time per process
// (CUPTI's activity buffers are global). Every failure, a missing GPU or
// another profiler holding CUPTI among them, comes back as an error value.
#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>

#include "core/common/result.h"
#include "core/concurrency/activity_log.h"

namespace ws::cupti {

struct ActivityOptions {
    bool kernels = true;
    bool copies = true;          // and memsets
    bool runtimeCalls = true;    // the host side, with its threads
    bool unifiedMemory = false;  // migrations and fault groups of managed memory
    int device = 0;
};

class ActivitySession {
public:
    static Result<std::unique_ptr<ActivitySession>> start(const ActivityOptions& options);
    ActivitySession(const ActivitySession&) = delete;
    ActivitySession& operator=(const ActivitySession&) = delete;
    ~ActivitySession();  // stops recording if finish() was not called

    // After the device finished the recorded work (the caller synchronises):
    // flushes CUPTI's buffers, stops recording and returns what was recorded.
    Result<ActivityLog> finish();

private:
    explicit ActivitySession(const ActivityOptions& options) : m_options(options) {}
    void disable();
    ActivityOptions m_options;
    bool m_active = false;
};

// CUPTI's clock, the one its activity records use.
Result<std::uint64_t> timestampNs();

// The file of the libcupti this process runs with ("" where it cannot tell):
// a traced program's interception opens the same one.
std::string libraryPath();

// The id CUPTI's records give `stream` (0 for none: the legacy default stream
// is CUPTI's stream of its own, looked up like any other).
Result<std::uint32_t> streamId(cudaStream_t stream);

}  // namespace ws::cupti
