// CUPTI hands its records over in buffers it asks the program for and gives
// back full; the callbacks below copy every record of interest into plain
// structs (core/concurrency/activity_log.h) at once and free the buffer, so nothing of
// CUPTI outlives the session.
#include "kernels/concurrency/cupti_activity.h"

#include <cupti.h>
#include <dlfcn.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>

#include "kernels/concurrency/cupti_records.h"

namespace ws::cupti {

namespace {

constexpr std::size_t kBufferBytes = 4u << 20;
constexpr std::size_t kBufferAlignment = 8;

std::mutex g_mutex;
ActivityLog g_log;  // the running session's records, guarded by g_mutex
std::atomic<bool> g_sessionOpen{false};

Error cuptiFailure(const char* call, CUptiResult result) {
    const char* text = nullptr;
    if (cuptiGetResultString(result, &text) != CUPTI_SUCCESS || !text) text = "unknown error";
    return makeError(std::string("CUPTI: ") + call + " failed: " + text);
}

#define WS_CUPTI_TRY(call)                                                               \
    do {                                                                                 \
        const CUptiResult wsCuptiResult_ = (call);                                       \
        if (wsCuptiResult_ != CUPTI_SUCCESS) return cuptiFailure(#call, wsCuptiResult_); \
    } while (0)

std::string runtimeName(CUpti_CallbackId cbid) {
    const char* name = nullptr;
    if (cuptiGetCallbackName(CUPTI_CB_DOMAIN_RUNTIME_API, cbid, &name) == CUPTI_SUCCESS && name)
        return name;
    return "runtime call " + std::to_string(cbid);
}

void CUPTIAPI bufferRequested(uint8_t** buffer, size_t* size, size_t* maxRecords) {
    *buffer = static_cast<uint8_t*>(std::aligned_alloc(kBufferAlignment, kBufferBytes));
    *size = *buffer ? kBufferBytes : 0;
    *maxRecords = 0;  // as many as fit
}

void CUPTIAPI bufferCompleted(CUcontext context, uint32_t streamId, uint8_t* buffer, size_t,
                              size_t validSize) {
    {
        std::lock_guard lock(g_mutex);
        CUpti_Activity* record = nullptr;
        while (cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS)
            keepRecord(record, g_log, runtimeName);
        size_t dropped = 0;
        if (cuptiActivityGetNumDroppedRecords(context, streamId, &dropped) == CUPTI_SUCCESS)
            g_log.dropped += dropped;
    }
    std::free(buffer);
}

Status registerOnce() {
    static std::once_flag once;
    static CUptiResult result = CUPTI_SUCCESS;
    std::call_once(
        once, [] { result = cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted); });
    if (result != CUPTI_SUCCESS) return cuptiFailure("cuptiActivityRegisterCallbacks", result);
    return {};
}

Status enableUnifiedMemoryCounters(int device) {
    CUpti_ActivityUnifiedMemoryCounterConfig config[4] = {};
    const CUpti_ActivityUnifiedMemoryCounterKind kinds[4] = {
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_HTOD,
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOH,
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_GPU_PAGE_FAULT,
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_CPU_PAGE_FAULT_COUNT};
    for (int i = 0; i < 4; ++i)
        config[i] = {CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_SCOPE_PROCESS_SINGLE_DEVICE, kinds[i],
                     std::uint32_t(device), 1};
    WS_CUPTI_TRY(cuptiActivityConfigureUnifiedMemoryCounter(config, 4));
    WS_CUPTI_TRY(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER));
    return {};
}

}  // namespace

Result<std::unique_ptr<ActivitySession>> ActivitySession::start(const ActivityOptions& options) {
    int devices = 0;
    if (const cudaError_t e = cudaGetDeviceCount(&devices); e != cudaSuccess || devices == 0)
        return makeError(std::string("CUPTI needs a CUDA device: ") +
                         (e != cudaSuccess ? cudaGetErrorString(e) : "none found"));
    if (g_sessionOpen.exchange(true))
        return makeError("CUPTI: another activity recording is running in this process");
    std::unique_ptr<ActivitySession> session(new ActivitySession(options));
    session->m_active = true;  // from here on the destructor disables what was enabled
    {
        std::lock_guard lock(g_mutex);
        g_log = {};
    }
    if (Status s = registerOnce(); !s) return makeError(s.error());
    auto enable = [](CUpti_ActivityKind kind) -> Status {
        WS_CUPTI_TRY(cuptiActivityEnable(kind));
        return {};
    };
    // CONCURRENT_KERNEL, not KERNEL: the latter serialises kernels and would
    // hide the very overlap the lab shows.
    if (options.kernels)
        if (Status s = enable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL); !s)
            return makeError(s.error());
    if (options.copies) {
        if (Status s = enable(CUPTI_ACTIVITY_KIND_MEMCPY); !s) return makeError(s.error());
        if (Status s = enable(CUPTI_ACTIVITY_KIND_MEMSET); !s) return makeError(s.error());
    }
    if (options.runtimeCalls)
        if (Status s = enable(CUPTI_ACTIVITY_KIND_RUNTIME); !s) return makeError(s.error());
    if (options.unifiedMemory)
        if (Status s = enableUnifiedMemoryCounters(options.device); !s) return makeError(s.error());
    return session;
}

void ActivitySession::disable() {
    if (!m_active) return;
    m_active = false;
    cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
    cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMCPY);
    cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMSET);
    cuptiActivityDisable(CUPTI_ACTIVITY_KIND_RUNTIME);
    if (m_options.unifiedMemory) cuptiActivityDisable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER);
    // Records still buffered belong to this session; collect them before the
    // next one clears the log.
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    g_sessionOpen = false;
}

ActivitySession::~ActivitySession() { disable(); }

Result<ActivityLog> ActivitySession::finish() {
    if (!m_active) return makeError("CUPTI: the activity recording was already finished");
    const CUptiResult flushed = cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    disable();
    if (flushed != CUPTI_SUCCESS) return cuptiFailure("cuptiActivityFlushAll", flushed);
    std::lock_guard lock(g_mutex);
    return std::move(g_log);
}

Result<std::uint64_t> timestampNs() {
    std::uint64_t t = 0;
    WS_CUPTI_TRY(cuptiGetTimestamp(&t));
    return t;
}

std::string libraryPath() {
    Dl_info info{};
    if (::dladdr(reinterpret_cast<void*>(&cuptiGetTimestamp), &info) == 0 || !info.dli_fname)
        return {};
    return info.dli_fname;
}

Result<std::uint32_t> streamId(cudaStream_t stream) {
    std::uint32_t id = 0;
    WS_CUPTI_TRY(cuptiGetStreamIdEx(nullptr, stream, 0, &id));
    return id;
}

}  // namespace ws::cupti
