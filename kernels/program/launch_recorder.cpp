#include "kernels/program/launch_recorder.h"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <vector>

#include "core/program/launch_log.h"
#include "kernels/program/driver_entry_points.h"
#include "kernels/program/intercept_state.h"
#include "kernels/program/program_timeline.h"

namespace ws::program {

namespace {

constexpr std::size_t kRecordBytes = 32;  // kernelfile::ProbeRecord

struct PendingLaunch {
    LoggedLaunch line;
    CUevent start = nullptr, end = nullptr;
};

std::mutex& pendingLock() {
    static auto* m = new std::mutex;
    return *m;
}
std::vector<PendingLaunch>& pending() {
    static auto* p = new std::vector<PendingLaunch>;
    return *p;
}

double elapsedMs(CUevent start, CUevent end) {
    float ms = 0;
    return REAL_DRIVER(cuEventElapsedTime)(&ms, start, end) == CUDA_SUCCESS ? double(ms) : 0.0;
}

void destroy(CUevent& e) {
    if (e) REAL_DRIVER(cuEventDestroy)(e);
    e = nullptr;
}

// Logs the pending launches whose end has passed; every one where `wait`.
void logFinished(bool wait) {
    std::vector<PendingLaunch> done;
    if (wait) {  // at exit: take them all, then wait for each outside the lock
        std::vector<PendingLaunch> all;
        {
            std::lock_guard lock(pendingLock());
            all.swap(pending());
        }
        for (PendingLaunch& p : all) {
            if (REAL_DRIVER(cuEventSynchronize)(p.end) == CUDA_SUCCESS)
                p.line.ms = elapsedMs(p.start, p.end);
            done.push_back(std::move(p));
        }
    } else {
        std::lock_guard lock(pendingLock());
        auto& list = pending();
        for (auto it = list.begin(); it != list.end();) {
            const CUresult state = REAL_DRIVER(cuEventQuery)(it->end);
            if (state == CUDA_ERROR_NOT_READY) {
                ++it;
                continue;
            }
            if (state == CUDA_SUCCESS) it->line.ms = elapsedMs(it->start, it->end);
            done.push_back(std::move(*it));
            it = list.erase(it);
        }
    }
    for (PendingLaunch& p : done) {
        destroy(p.start);
        destroy(p.end);
        appendLog(launchLine(p.line));
    }
}

// At exit: the launches still pending, then the clock read once more and
// CUPTI's last buffers, while the program's context is still there.
void logAllAtExit() {
    logFinished(true);
    sampleTimelineClocks();
    flushTimeline();
}

// The program's arguments with the probes' buffers after them, as the
// driver takes them in `kernelParams` or in `extra`'s one buffer.
struct Arguments {
    std::vector<void*> params;
    std::vector<std::uint8_t> buffer;
    std::size_t bufferBytes = 0;
    std::vector<void*> extra;
    void** paramsOut = nullptr;
    void** extraOut = nullptr;
};

bool appendProbeArguments(const LaunchCall& call, const ModuleKernel& kernel, CUdeviceptr* records,
                          CUdeviceptr* marks, Arguments& a) {
    a.paramsOut = call.params;
    a.extraOut = call.extra;
    if (call.params || !call.extra) {
        if (call.params) a.params.assign(call.params, call.params + kernel.parameters);
        a.params.push_back(records);
        if (kernel.marks) a.params.push_back(marks);
        a.paramsOut = a.params.data();
        return true;
    }
    // {CU_LAUNCH_PARAM_BUFFER_POINTER, p, CU_LAUNCH_PARAM_BUFFER_SIZE, &size, END}
    const void* buffer = nullptr;
    const std::size_t* size = nullptr;
    for (void** e = call.extra; *e != CU_LAUNCH_PARAM_END; e += 2) {
        if (e[0] == CU_LAUNCH_PARAM_BUFFER_POINTER)
            buffer = e[1];
        else if (e[0] == CU_LAUNCH_PARAM_BUFFER_SIZE)
            size = static_cast<const std::size_t*>(e[1]);
        else
            return false;
    }
    if (!buffer || !size) return false;
    const std::size_t at = (*size + 7) / 8 * 8;  // the pointers' 8-byte alignment
    a.buffer.assign(at + 16, 0);
    std::memcpy(a.buffer.data(), buffer, *size);
    std::memcpy(a.buffer.data() + at, records, 8);
    if (kernel.marks) std::memcpy(a.buffer.data() + at + 8, marks, 8);
    a.bufferBytes = at + (kernel.marks ? 16 : 8);
    a.extra = {CU_LAUNCH_PARAM_BUFFER_POINTER, a.buffer.data(), CU_LAUNCH_PARAM_BUFFER_SIZE,
               &a.bufferBytes, CU_LAUNCH_PARAM_END};
    a.extraOut = a.extra.data();
    return true;
}

void writeRecords(const std::string& file, const std::vector<std::uint8_t>& bytes) {
    const std::string path = interceptState().settings.directory + "/" + file;
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// The interception's own driver calls are made in the relaxed capture mode:
// a program capturing a graph in the global mode (in this thread or
// another) would otherwise see them invalidate its capture.
class RelaxedCapture {
public:
    RelaxedCapture() { REAL_DRIVER(cuThreadExchangeStreamCaptureMode)(&m_mode); }
    ~RelaxedCapture() { REAL_DRIVER(cuThreadExchangeStreamCaptureMode)(&m_mode); }
    RelaxedCapture(const RelaxedCapture&) = delete;
    RelaxedCapture& operator=(const RelaxedCapture&) = delete;

private:
    CUstreamCaptureMode m_mode = CU_STREAM_CAPTURE_MODE_RELAXED;
};

// `later` waits, on the device, for what `earlier` holds so far.
void waitFor(CUstream earlier, CUstream later) {
    CUevent e = nullptr;
    if (REAL_DRIVER(cuEventCreate)(&e, CU_EVENT_DISABLE_TIMING) != CUDA_SUCCESS) {
        REAL_DRIVER(cuStreamSynchronize)(earlier);
        return;
    }
    REAL_DRIVER(cuEventRecord)(e, earlier);
    REAL_DRIVER(cuStreamWaitEvent)(later, e, 0);
    REAL_DRIVER(cuEventDestroy)(e);  // released once the wait has passed
}

// A function the book has no name for, while some module was probed: the
// driver is asked which module and name it has (a handle found some way the
// interception does not wrap), so that a probed kernel never runs without
// its parameter.
void resolveUnseen(InterceptState& state, CUfunction function) {
    const char* name = nullptr;
    CUmodule module = nullptr;
    if (REAL_DRIVER(cuFuncGetName)(&name, function) != CUDA_SUCCESS || !name) return;
    if (REAL_DRIVER(cuFuncGetModule)(&module, function) != CUDA_SUCCESS) return;
    std::lock_guard lock(state.lock);
    state.book.addKernel(function, module, name);
}

}  // namespace

CUresult interceptLaunch(const LaunchCall& call, const DriverLaunch& launch) {
    InterceptState& state = interceptState();
    if (!state.settings.active) return launch(call.params, call.extra);
    std::optional<RelaxedCapture> relaxed(std::in_place);
    static std::once_flag atExit;
    std::call_once(atExit, [] { std::atexit(logAllAtExit); });

    // Our own calls on the stream the launch went to: the thread's default
    // stream where the program asked for that.
    CUstream stream = call.stream;
    if (!stream && call.perThreadStream) stream = CU_STREAM_PER_THREAD;
    CUstreamCaptureStatus capture = CU_STREAM_CAPTURE_STATUS_NONE;
    REAL_DRIVER(cuStreamIsCapturing)(stream, &capture);
    const bool capturing = capture != CU_STREAM_CAPTURE_STATUS_NONE;
    if (!capturing) logFinished(false);

    LaunchDecision d;
    {
        std::lock_guard lock(state.lock);
        d = state.book.launch(call.function);
    }
    if (!d.module && state.book.anyProbed()) {
        resolveUnseen(state, call.function);
        std::lock_guard lock(state.lock);
        d = state.book.launchAgain(call.function, d);
    }

    LoggedLaunch line;
    line.launch = d.launch;
    line.kernelLaunch = d.kernelLaunch;
    line.kernel = d.name;
    line.module = d.module ? d.module->index : 0;
    line.grid = call.grid;
    line.block = call.block;
    line.sharedBytes = call.sharedBytes;
    line.stream = std::uint64_t(reinterpret_cast<std::uintptr_t>(call.stream));
    CUdevice device = 0;
    if (REAL_DRIVER(cuCtxGetDevice)(&device) == CUDA_SUCCESS) line.device = int(device);
    line.probed = d.appendParameters;
    if (!d.module)
        line.whyNotProbed = "its module was loaded where warpscope did not see it";
    else if (!d.appendParameters)
        line.whyNotProbed = d.kernel ? d.kernel->whyNot : d.module->whyNotProbed;
    else if (!d.record)
        line.whyNotProbed = "past the launches kept of this kernel (--launches): timed only";

    bool record = d.record && !capturing;
    if (d.record && capturing)
        line.whyNotProbed = "launched into a stream being captured (a CUDA graph): not recorded";
    // Stream-ordered, so that nothing the program runs elsewhere is waited
    // for: the buffer, its zeros, its copy back and its release in the
    // interception's own stream (where the timeline tells them from the
    // program's work), ordered before and after the launch by events; in the
    // launch's stream where no stream of its own could be made. The marks'
    // address stays null: WS_MARK sites are not recorded in a whole program.
    const std::uint64_t blocks = call.grid.count();
    CUstream work = record ? ownStream() : nullptr;
    if (!work) work = stream;
    CUdeviceptr records = 0, marks = 0;
    bool pooled = true;  // from the stream-ordered pool; else cuMemAlloc's (a GPU without pools)
    if (record &&
        REAL_DRIVER(cuMemAllocAsync)(&records, blocks * kRecordBytes, work) != CUDA_SUCCESS) {
        pooled = false;
        if (REAL_DRIVER(cuMemAlloc)(&records, blocks * kRecordBytes) != CUDA_SUCCESS) {
            record = false;
            records = 0;
            line.whyNotProbed = "no device memory for its records";
        }
    }
    const auto release = [&] {
        if (!records) return;
        if (pooled)
            REAL_DRIVER(cuMemFreeAsync)(records, work);
        else
            REAL_DRIVER(cuMemFree)(records);
    };
    if (record) {
        REAL_DRIVER(cuMemsetD8Async)(records, 0, blocks * kRecordBytes, work);
        if (work != stream) waitFor(work, stream);
    }

    Arguments args;
    args.paramsOut = call.params;
    args.extraOut = call.extra;
    if (d.appendParameters && !appendProbeArguments(call, *d.kernel, &records, &marks, args)) {
        // An `extra` the probes cannot add to: the launch cannot pass the
        // buffer its probed build takes, so say so and fail as the driver would.
        line.whyNotProbed = "its arguments came in an `extra` warpscope cannot extend";
        appendLog(launchLine(line));
        release();
        return CUDA_ERROR_INVALID_VALUE;
    }

    CUevent start = nullptr, end = nullptr;
    if (!capturing) {
        REAL_DRIVER(cuEventCreate)(&start, CU_EVENT_DEFAULT);
        REAL_DRIVER(cuEventCreate)(&end, CU_EVENT_DEFAULT);
        REAL_DRIVER(cuEventRecord)(start, stream);
    }
    relaxed.reset();  // the program's own launch in the program's own mode
    const CUresult result = launch(args.paramsOut, args.extraOut);
    relaxed.emplace();
    if (end) REAL_DRIVER(cuEventRecord)(end, stream);
    if (result != CUDA_SUCCESS) {
        line.whyNotProbed = "the launch failed: " + driverErrorName(result);
        record = false;
    }
    if (record) {
        std::vector<std::uint8_t> bytes(blocks * kRecordBytes);
        if (work != stream &&
            !(end && REAL_DRIVER(cuStreamWaitEvent)(work, end, 0) == CUDA_SUCCESS))
            REAL_DRIVER(cuStreamSynchronize)(stream);
        CUresult waited = REAL_DRIVER(cuMemcpyDtoHAsync)(bytes.data(), records, bytes.size(), work);
        if (waited == CUDA_SUCCESS) waited = REAL_DRIVER(cuStreamSynchronize)(work);
        if (waited == CUDA_SUCCESS) {
            line.ms = elapsedMs(start, end);
            line.records = "launch-" + std::to_string(line.launch) + ".records";
            writeRecords(line.records, bytes);
            line.recorded = true;
            // The clock is read while the program waits anyway.
            static std::once_flag firstRecorded;
            std::call_once(firstRecorded, sampleTimelineClocks);
        } else {
            line.whyNotProbed = "the launch did not finish: " + driverErrorName(waited);
        }
    }
    release();
    if (record || !end || result != CUDA_SUCCESS) {
        destroy(start);
        destroy(end);
        appendLog(launchLine(line));
    } else {
        std::lock_guard lock(pendingLock());
        pending().push_back({std::move(line), start, end});
    }
    return result;
}

}  // namespace ws::program
