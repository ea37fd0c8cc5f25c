#include "kernels/program/program_timeline.h"

#include <cupti.h>
#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "core/program/timeline_log.h"
#include "kernels/concurrency/cupti_records.h"
#include "kernels/program/clock_mailbox.h"
#include "kernels/program/driver_entry_points.h"
#include "kernels/program/intercept_state.h"

namespace ws::program {

namespace {

constexpr std::size_t kBufferBytes = 1u << 20;
// CUPTI hands buffers over at least this often (ms), so a program that is
// killed leaves most of its timeline.
constexpr std::uint32_t kFlushPeriodMs = 250;
constexpr int kClockSamples = 8;
constexpr double kClockTimeoutMs = 200;

// CUPTI's functions, opened at run time: the program need not find libcupti
// for the probes to work.
struct Cupti {
    decltype(&cuptiActivityRegisterCallbacks) registerCallbacks = nullptr;
    decltype(&cuptiActivityEnable) enable = nullptr;
    decltype(&cuptiActivityFlushAll) flushAll = nullptr;
    decltype(&cuptiActivityFlushPeriod) flushPeriod = nullptr;
    decltype(&cuptiActivityGetNextRecord) nextRecord = nullptr;
    decltype(&cuptiActivityGetNumDroppedRecords) droppedRecords = nullptr;
    decltype(&cuptiGetTimestamp) timestamp = nullptr;
    decltype(&cuptiGetStreamIdEx) streamId = nullptr;
    decltype(&cuptiGetCallbackName) callbackName = nullptr;
    decltype(&cuptiGetResultString) resultString = nullptr;
};

Cupti g_cupti;
bool g_recording = false;  // set once, as cuInit runs, before any launch

// The library warpscope-record itself runs with, else the toolkit's this
// build was made with, else the loader's search.
void* openCupti(std::string& why) {
    std::vector<std::string> candidates;
    if (const char* path = std::getenv("WARPSCOPE_TRACE_CUPTI"); path && *path)
        candidates.emplace_back(path);
#ifdef WS_CUPTI_LIBRARY
    candidates.emplace_back(WS_CUPTI_LIBRARY);
#endif
    candidates.emplace_back("libcupti.so");
    for (const std::string& c : candidates)
        if (void* handle = ::dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL)) return handle;
    const char* error = ::dlerror();
    why = "CUPTI (libcupti) could not be opened" + (error ? ": " + std::string(error) : "");
    return nullptr;
}

template <typename F>
bool find(void* handle, const char* name, F& f) {
    f = reinterpret_cast<F>(::dlsym(handle, name));
    return f != nullptr;
}

bool loadCupti(std::string& why) {
    void* h = openCupti(why);
    if (!h) return false;
    Cupti& c = g_cupti;
    const bool all =
        find(h, "cuptiActivityRegisterCallbacks", c.registerCallbacks) &&
        find(h, "cuptiActivityEnable", c.enable) && find(h, "cuptiActivityFlushAll", c.flushAll) &&
        find(h, "cuptiActivityFlushPeriod", c.flushPeriod) &&
        find(h, "cuptiActivityGetNextRecord", c.nextRecord) &&
        find(h, "cuptiActivityGetNumDroppedRecords", c.droppedRecords) &&
        find(h, "cuptiGetTimestamp", c.timestamp) && find(h, "cuptiGetStreamIdEx", c.streamId) &&
        find(h, "cuptiGetCallbackName", c.callbackName) &&
        find(h, "cuptiGetResultString", c.resultString);
    if (!all) why = "this libcupti lacks a function the timeline needs";
    return all;
}

std::string resultText(CUptiResult r) {
    const char* text = nullptr;
    if (g_cupti.resultString && g_cupti.resultString(r, &text) == CUPTI_SUCCESS && text)
        return text;
    return "CUPTI error " + std::to_string(int(r));
}

std::string runtimeCallName(CUpti_CallbackId cbid) {
    const char* name = nullptr;
    if (g_cupti.callbackName(CUPTI_CB_DOMAIN_RUNTIME_API, cbid, &name) == CUPTI_SUCCESS && name)
        return name;
    return "runtime call " + std::to_string(cbid);
}

void CUPTIAPI bufferRequested(uint8_t** buffer, size_t* size, size_t* maxRecords) {
    *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferBytes));
    *size = *buffer ? kBufferBytes : 0;
    *maxRecords = 0;
}

void CUPTIAPI bufferCompleted(CUcontext context, uint32_t streamId, uint8_t* buffer, size_t,
                              size_t validSize) {
    ActivityLog batch;
    CUpti_Activity* record = nullptr;
    while (g_cupti.nextRecord(buffer, validSize, &record) == CUPTI_SUCCESS)
        cupti::keepRecord(record, batch, runtimeCallName);
    size_t dropped = 0;
    if (g_cupti.droppedRecords(context, streamId, &dropped) == CUPTI_SUCCESS)
        batch.dropped = dropped;
    std::free(buffer);
    appendTo(kTimelineLogFile, activityLines(batch));
}

void say(const std::string& why) {
    appendTo(kTimelineLogFile, timelineNoteLine(why));
    sayVerbose(why);
}

void startTimeline() {
    const InterceptSettings& settings = interceptState().settings;
    if (!settings.active || !settings.timeline || g_recording) return;
    std::string why;
    if (!loadCupti(why)) {
        say("no timeline: " + why);
        return;
    }
    if (const CUptiResult r = g_cupti.registerCallbacks(bufferRequested, bufferCompleted);
        r != CUPTI_SUCCESS) {
        say("no timeline: CUPTI refused its buffers: " + resultText(r));
        return;
    }
    // CONCURRENT_KERNEL, not KERNEL: the latter serialises the program's kernels.
    for (CUpti_ActivityKind kind :
         {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
          CUPTI_ACTIVITY_KIND_MEMSET, CUPTI_ACTIVITY_KIND_RUNTIME})
        if (const CUptiResult r = g_cupti.enable(kind); r != CUPTI_SUCCESS) {
            say("no timeline: CUPTI would not record (another profiler may hold it): " +
                resultText(r));
            return;
        }
    g_cupti.flushPeriod(kFlushPeriodMs);
    g_recording = true;
    std::atexit(flushTimeline);
}

Result<std::uint64_t> cuptiNow() {
    std::uint64_t t = 0;
    if (const CUptiResult r = g_cupti.timestamp(&t); r != CUPTI_SUCCESS)
        return makeError("CUPTI's clock: " + resultText(r));
    return t;
}

}  // namespace

CUstream ownStream() {
    // Never destroyed: the exit handlers ask for it after static destructors ran.
    static auto* lock = new std::mutex;
    static auto* streams = new std::vector<std::pair<CUcontext, CUstream>>;
    CUcontext context = nullptr;
    if (REAL_DRIVER(cuCtxGetCurrent)(&context) != CUDA_SUCCESS || !context) return nullptr;
    std::lock_guard guard(*lock);
    for (const auto& [c, s] : *streams)
        if (c == context) return s;
    CUstream stream = nullptr;
    if (REAL_DRIVER(cuStreamCreate)(&stream, CU_STREAM_NON_BLOCKING) != CUDA_SUCCESS)
        return nullptr;
    streams->emplace_back(context, stream);
    std::uint32_t id = 0;
    if (g_recording && g_cupti.streamId(context, stream, 0, &id) == CUPTI_SUCCESS)
        appendTo(kTimelineLogFile, ownStreamLine(id));
    return stream;
}

void sampleTimelineClocks() {
    if (!g_recording) return;
    CUstream stream = ownStream();
    if (!stream) return;
    auto samples = sampleClockMailbox(stream, kClockSamples, cuptiNow, kClockTimeoutMs);
    if (!samples) {
        say("clock readings: " + samples.error());
        return;
    }
    std::string lines;
    for (const ClockSample& s : *samples) lines += clockLine(s);
    appendTo(kTimelineLogFile, lines);
}

void flushTimeline() {
    if (g_recording) g_cupti.flushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
}

}  // namespace ws::program

// The driver's call into an injected library, made as cuInit runs.
extern "C" __attribute__((visibility("default"))) int InitializeInjection() {
    ws::program::startTimeline();
    return 1;
}
