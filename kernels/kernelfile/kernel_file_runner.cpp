#include "kernels/kernelfile/kernel_file_runner.h"

#include <cuda_runtime_api.h>

#include <chrono>
#include <cstring>
#include <memory>
#include <regex>
#include <thread>

#include "core/common/utc_now.h"
#include "core/kernelfile/buffer_contents.h"
#include "core/kernelfile/kernel_data_files.h"
#include "core/kernelfile/kernel_description.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/kernelfile/kernel_launch_plan.h"
#include "core/kernelfile/probe_records.h"
#include "core/kernelfile/ptx_probe.h"
#include "core/timing/timing_spread.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/kernel_observer.h"
#include "kernels/common/launch_limits.h"
#include "kernels/kernelfile/bundled_examples.h"
#include "kernels/kernelfile/nvrtc_compiler.h"

namespace ws::kernelfile {

namespace {

constexpr const char* kHung = "did not finish within";

// A module loaded from PTX (the driver compiles it for this GPU), unloaded
// on every path.
class LoadedLibrary {
public:
    LoadedLibrary() = default;
    LoadedLibrary(const LoadedLibrary&) = delete;
    LoadedLibrary& operator=(const LoadedLibrary&) = delete;
    ~LoadedLibrary() {
        if (m_library) cudaLibraryUnload(m_library);
    }
    Status load(const std::string& ptx, const std::string& what) {
        char errors[4096] = {};
        cudaJitOption options[] = {cudaJitGenerateLineInfo, cudaJitErrorLogBuffer,
                                   cudaJitErrorLogBufferSizeBytes};
        void* values[] = {reinterpret_cast<void*>(std::uintptr_t{1}), errors,
                          reinterpret_cast<void*>(std::uintptr_t{sizeof errors})};
        const cudaError_t e =
            cudaLibraryLoadData(&m_library, ptx.c_str(), options, values, 3, nullptr, nullptr, 0);
        if (e != cudaSuccess)
            return makeError("loading the " + what +
                             " for the GPU failed: " + cudaGetErrorString(e) +
                             (errors[0] ? std::string(": ") + errors : std::string()));
        return {};
    }
    Result<cudaKernel_t> kernel(const std::string& lowered, const std::string& name) const {
        cudaKernel_t k = nullptr;
        if (cudaLibraryGetKernel(&k, m_library, lowered.c_str()) != cudaSuccess)
            return makeError("the compiled file has no kernel '" + name + "' (" + lowered + ")");
        return k;
    }

private:
    cudaLibrary_t m_library = nullptr;
};

// Waits for the stream, or reports a launch that runs past the time limit.
Status waitWithin(cudaStream_t stream, double limitSeconds, const std::string& what) {
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(limitSeconds);
    for (;;) {
        const cudaError_t e = cudaStreamQuery(stream);
        if (e == cudaSuccess) return {};
        if (e != cudaErrorNotReady) return cudaFailure(what, __FILE__, __LINE__, e);
        if (std::chrono::steady_clock::now() > deadline)
            return makeError(what + " " + kHung + " " + std::to_string(int(limitSeconds)) +
                             " s: it may never end (a loop whose condition never changes, a "
                             "barrier some threads never reach)");
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
}

struct KernelAttributes {
    int registers = 0, maxThreads = 0;
    std::size_t staticShared = 0, localBytes = 0;
};

Result<KernelAttributes> prepareKernel(cudaKernel_t kernel, const std::string& name,
                                       const LaunchGeometry& launch) {
    const void* f = reinterpret_cast<const void*>(kernel);
    cudaFuncAttributes attributes{};
    WS_CUDA_TRY(cudaFuncGetAttributes(&attributes, f));
    const std::uint64_t threads = launch.block.count();
    if (threads > std::uint64_t(attributes.maxThreadsPerBlock))
        return makeError(name + " uses " + std::to_string(attributes.numRegs) +
                         " registers a thread, so a block may have at most " +
                         std::to_string(attributes.maxThreadsPerBlock) + " threads, not " +
                         std::to_string(threads));
    if (launch.sharedBytes > 48 * 1024)
        WS_CUDA_TRY(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(launch.sharedBytes)));
    return KernelAttributes{attributes.numRegs, attributes.maxThreadsPerBlock,
                            attributes.sharedSizeBytes, attributes.localSizeBytes};
}

// The arguments on the device: a buffer per buffer argument, the scalars'
// bytes, and the pointers a launch takes.
class KernelArguments {
public:
    Status allocate(const KernelLaunchPlan& plan, KernelDataFiles& files) {
        m_plan = &plan;
        m_buffers.resize(plan.args.size());
        m_inputs.resize(plan.args.size());
        m_pointers.assign(plan.args.size(), nullptr);
        m_scalars.assign(plan.args.size(), 0);
        for (std::size_t i = 0; i < plan.args.size(); ++i) {
            const PlannedArgument& a = plan.args[i];
            if (a.source->isBuffer) {
                if (Status s = m_buffers[i].allocate(a.bytes()); !s) return s;
                m_inputs[i] = files.inputs[i] ? std::move(*files.inputs[i])
                                              : filledBuffer(a.source->buffer, a.count);
                m_pointers[i] = m_buffers[i].get();
            } else {
                writeElement(a.source->scalar.type, reinterpret_cast<std::byte*>(&m_scalars[i]),
                             a.scalar);
            }
        }
        return {};
    }
    // Every buffer as the description fills it.
    Status upload(cudaStream_t stream) {
        for (std::size_t i = 0; i < m_buffers.size(); ++i)
            if (m_plan->args[i].source->isBuffer)
                WS_CUDA_TRY(cudaMemcpyAsync(m_buffers[i].get(), m_inputs[i].data(),
                                            m_inputs[i].size(), cudaMemcpyHostToDevice, stream));
        return {};
    }
    Result<std::vector<HostBuffer>> downloadOutputs(cudaStream_t stream) {
        std::vector<HostBuffer> outputs(m_buffers.size());
        for (std::size_t i = 0; i < m_buffers.size(); ++i)
            if (m_plan->args[i].source->isBuffer && m_plan->args[i].source->buffer.output) {
                outputs[i].resize(m_buffers[i].bytes());
                WS_CUDA_TRY(cudaMemcpyAsync(outputs[i].data(), m_buffers[i].get(),
                                            outputs[i].size(), cudaMemcpyDeviceToHost, stream));
            }
        WS_CUDA_TRY(cudaStreamSynchronize(stream));
        return outputs;
    }
    // The launch's argument list; `probe` adds the records' address last,
    // and `marks` the marks' buffer after it.
    std::vector<void*> launchArguments(void** probe = nullptr, void** marks = nullptr) {
        std::vector<void*> args;
        for (std::size_t i = 0; i < m_pointers.size(); ++i)
            args.push_back(m_plan->args[i].source->isBuffer ? static_cast<void*>(&m_pointers[i])
                                                            : static_cast<void*>(&m_scalars[i]));
        if (probe) args.push_back(probe);
        if (marks) args.push_back(marks);
        return args;
    }

private:
    const KernelLaunchPlan* m_plan = nullptr;
    std::vector<DeviceBuffer<std::byte>> m_buffers;
    std::vector<HostBuffer> m_inputs;
    std::vector<void*> m_pointers;
    std::vector<std::uint64_t> m_scalars;  // each scalar's bytes, 8-aligned
};

Status launch(cudaKernel_t kernel, const LaunchGeometry& g, std::vector<void*>& args,
              cudaStream_t stream, const std::string& name) {
    const dim3 grid(g.grid.x, g.grid.y, g.grid.z), block(g.block.x, g.block.y, g.block.z);
    const cudaError_t e = cudaLaunchKernel(reinterpret_cast<const void*>(kernel), grid, block,
                                           args.data(), g.sharedBytes, stream);
    if (e != cudaSuccess) return cudaFailure("launch of " + name, __FILE__, __LINE__, e);
    return {};
}

struct LiveResources {
    LoadedLibrary plainLibrary, probedLibrary;
    CudaStream stream;
    KernelArguments args;
    DeviceBuffer<ProbeRecord> records;
    DeviceBuffer<MarkRecord> marks;  // the head, then the records (WS_MARK)
};

// Room for this many marks: 16 MiB, far more than a view can show.
constexpr std::uint32_t kMarkCapacity = 1u << 20;

// An empty marks buffer: its head said, its shards' counts 0.
Status resetMarks(DeviceBuffer<MarkRecord>& marks, const MarksHead& head, cudaStream_t stream) {
    if (!marks.get()) return {};
    WS_CUDA_TRY(
        cudaMemsetAsync(marks.get(), 0, (1 + marksShards(head) / 4) * sizeof(MarkRecord), stream));
    WS_CUDA_TRY(cudaMemcpyAsync(marks.get(), &head, sizeof head, cudaMemcpyHostToDevice, stream));
    return {};
}

// Each output against the reference's, all in one sentence per buffer.
bool compareOutputs(const KernelDescription& d, const KernelLaunchPlan& plan,
                    const std::vector<HostBuffer>& got, const std::vector<HostBuffer>& want,
                    std::string& text, double& maxError) {
    bool passed = true;
    for (std::size_t i = 0; i < plan.args.size(); ++i) {
        const KernelArgument& arg = *plan.args[i].source;
        if (!arg.isBuffer || !arg.buffer.output) continue;
        // Against expected files, only the outputs that name one.
        if (!d.check.expected.empty() && want[i].empty() && !got[i].empty()) continue;
        const BufferComparison c =
            compareBuffers(arg.buffer.type, got[i], want[i], d.check.tolerance);
        passed = passed && c.passed();
        maxError = std::max(maxError, c.maxAbsError);
        text += (text.empty() ? "" : "; ") + describeComparison(arg.name, c);
    }
    return passed;
}

}  // namespace

bool isCompileError(const std::string& message) {
    static const std::regex diagnostic(R"(^[^\n:]+:\d+:\d+: (error|catastrophic error): )");
    return std::regex_search(message, diagnostic);
}

bool isHungLaunch(const std::string& message) { return message.find(kHung) != std::string::npos; }

Result<KernelFileSource> bundledExample(const std::string& name) {
    const std::string path = "examples/kernels/" + name + ".cu";
    const auto& sources = bundledExampleSources();
    if (auto it = sources.find(path); it != sources.end())
        return KernelFileSource{name + ".cu", std::string(it->second)};
    std::string names;
    for (const auto& [p, text] : sources) names += (names.empty() ? "" : ", ") + std::string(p);
    return makeError("no bundled example '" + name + "' (there are " + names + ")");
}

Result<Run> runKernelFile(const KernelFileSource& file, const std::vector<std::string>& assignments,
                          const RunOptions& options, const KernelFileOptions& fileOptions,
                          const DeviceInfo& device) {
    auto description = parseKernelDescription(file.source, file.fileName);
    if (!description) return makeError(description.error());
    const KernelDescription& d = *description;
    const ExperimentSpec spec = kernelFileSpec(d);
    auto params = resolveParams(spec, assignments);
    if (!params) return makeError(params.error());
    if (Status s = checkRequiredGpu(d, file.fileName, device); !s) return makeError(s.error());
    auto planned = planLaunch(d, *params);
    if (!planned) return makeError(planned.error());
    const KernelLaunchPlan& plan = *planned;
    if (Status s = checkAgainstDevice(plan.kernel, d.kernel, device); !s)
        return makeError(s.error());
    const bool checked = d.checked();
    const bool hasReference = !d.check.reference.empty();
    auto dataFiles = readDataFiles(d, plan, file.fileName, file.directory);
    if (!dataFiles) return makeError(dataFiles.error());
    if (hasReference)
        if (Status s = checkAgainstDevice(plan.reference, d.check.reference, device); !s)
            return makeError(s.error());

    CompileRequest request{file.fileName, file.source, {d.kernel}, device.ccMajor, device.ccMinor};
    if (request.ccMajor == 0) request.ccMajor = 9;
    if (hasReference) request.kernels.push_back(d.check.reference);
    auto compiled = compileKernelFile(request);
    if (!compiled) return makeError(compiled.error());
    const std::string& lowered = compiled->loweredNames.at(d.kernel);
    const ProbeLevel level = fileOptions.probeLevel;
    auto probed = insertProbes(compiled->ptx, lowered, level);
    if (!probed) return makeError(probed.error());

    WS_CUDA_TRY(cudaSetDevice(options.device));
    std::size_t freeBytes = 0, totalBytes = 0;
    WS_CUDA_TRY(cudaMemGetInfo(&freeBytes, &totalBytes));
    const std::uint64_t recordCount = probeRecordCount(plan.kernel.grid, plan.kernel.block, level);
    const std::uint64_t recordBytes = recordCount * sizeof(ProbeRecord);
    if (Status s = checkDeviceMemory(file.fileName + "'s buffers and the probes' records",
                                     plan.bufferBytes + recordBytes, freeBytes);
        !s)
        return makeError(s.error());

    // What the launches use, freed on every path but one: after a launch
    // that never ended, freeing would wait for it (cudaFree and unloading
    // synchronize), so it is left to the process's end.
    auto live = std::make_unique<LiveResources>();
    LoadedLibrary& plainLibrary = live->plainLibrary;
    LoadedLibrary& probedLibrary = live->probedLibrary;
    auto failed = [&live](const Status& s) {
        if (isHungLaunch(s.error())) (void)live.release();
        return makeError(s.error());
    };
    if (Status s = plainLibrary.load(compiled->ptx, "compiled file"); !s)
        return makeError(s.error());
    if (Status s = probedLibrary.load(probed->ptx, "probed build"); !s) return makeError(s.error());
    auto plainKernel = plainLibrary.kernel(lowered, d.kernel);
    auto probedKernel = probedLibrary.kernel(lowered, d.kernel);
    if (!plainKernel) return makeError(plainKernel.error());
    if (!probedKernel) return makeError(probedKernel.error());
    auto attributes = prepareKernel(*plainKernel, d.kernel, plan.kernel);
    if (!attributes) return makeError(attributes.error());
    auto probedAttributes = prepareKernel(*probedKernel, d.kernel + " (probed)", plan.kernel);
    if (!probedAttributes) return makeError(probedAttributes.error());

    CudaStream& stream = live->stream;
    if (Status s = stream.create(); !s) return makeError(s.error());
    KernelArguments& args = live->args;
    if (Status s = args.allocate(plan, *dataFiles); !s) return makeError(s.error());
    DeviceBuffer<ProbeRecord>& records = live->records;
    if (Status s = records.allocate(recordCount); !s) return makeError(s.error());
    void* recordsPointer = records.get();
    DeviceBuffer<MarkRecord>& marks = live->marks;
    const MarksHead marksHead = marksHeadFor(plan.kernel.grid.count(), kMarkCapacity);
    if (probed->marks > 0)
        if (Status s = marks.allocate(marksBufferUnits(marksHead)); !s) return makeError(s.error());
    void* marksPointer = marks.get();
    const double limit = fileOptions.timeLimitSeconds;

    // The reference's outputs, from fresh inputs, or the expected files'.
    std::vector<HostBuffer> want(plan.args.size());
    for (std::size_t i = 0; i < plan.args.size(); ++i)
        if (dataFiles->expected[i]) want[i] = std::move(*dataFiles->expected[i]);
    if (hasReference) {
        const std::string& referenceName = compiled->loweredNames.at(d.check.reference);
        auto reference = plainLibrary.kernel(referenceName, d.check.reference);
        if (!reference) return makeError(reference.error());
        if (auto a = prepareKernel(*reference, d.check.reference, plan.reference); !a)
            return makeError(a.error());
        if (Status s = args.upload(stream.get()); !s) return makeError(s.error());
        auto list = args.launchArguments();
        if (Status s = launch(*reference, plan.reference, list, stream.get(), d.check.reference);
            !s)
            return makeError(s.error());
        if (Status s = waitWithin(stream.get(), limit, "the reference " + d.check.reference); !s)
            return failed(s);
        auto outputs = args.downloadOutputs(stream.get());
        if (!outputs) return makeError(outputs.error());
        want = std::move(*outputs);
    }

    // The probed build once, from fresh inputs: its records and its output.
    if (Status s = args.upload(stream.get()); !s) return makeError(s.error());
    if (Status s = records.fill(0, stream.get()); !s) return makeError(s.error());
    if (Status s = resetMarks(marks, marksHead, stream.get()); !s) return makeError(s.error());
    auto probedList =
        args.launchArguments(&recordsPointer, probed->marks > 0 ? &marksPointer : nullptr);
    if (Status s = launch(*probedKernel, plan.kernel, probedList, stream.get(), d.kernel); !s)
        return makeError(s.error());
    if (Status s = waitWithin(stream.get(), limit, d.kernel); !s) return failed(s);
    auto probedOutputs = args.downloadOutputs(stream.get());
    if (!probedOutputs) return makeError(probedOutputs.error());
    std::vector<ProbeRecord> probeRecords(recordCount);
    WS_CUDA_TRY(
        cudaMemcpy(probeRecords.data(), records.get(), records.bytes(), cudaMemcpyDeviceToHost));
    std::vector<std::uint32_t> markCounts;
    std::vector<MarkRecord> markRecords;
    if (probed->marks > 0) {
        const std::uint64_t shards = marksShards(marksHead);
        markCounts.resize(shards);
        markRecords.resize(shards * marksHead.shardCapacity);
        WS_CUDA_TRY(cudaMemcpy(markCounts.data(), marks.get() + 1, shards * sizeof(std::uint32_t),
                               cudaMemcpyDeviceToHost));
        WS_CUDA_TRY(cudaMemcpy(markRecords.data(), marks.get() + 1 + shards / 4,
                               markRecords.size() * sizeof(MarkRecord), cudaMemcpyDeviceToHost));
    }

    // The plain build once, from fresh inputs: its output.
    if (Status s = args.upload(stream.get()); !s) return makeError(s.error());
    auto plainList = args.launchArguments();
    if (Status s = launch(*plainKernel, plan.kernel, plainList, stream.get(), d.kernel); !s)
        return makeError(s.error());
    if (Status s = waitWithin(stream.get(), limit, d.kernel); !s) return failed(s);
    auto plainOutputs = args.downloadOutputs(stream.get());
    if (!plainOutputs) return makeError(plainOutputs.error());

    // Both builds timed by turns: what the probes cost.
    auto plainRun = [&]() {
        return launch(*plainKernel, plan.kernel, plainList, stream.get(), d.kernel);
    };
    auto probedRun = [&]() {
        return launch(*probedKernel, plan.kernel, probedList, stream.get(), d.kernel);
    };
    auto resetRecords = [&]() -> Status {
        if (Status s = records.fill(0, stream.get()); !s) return s;
        return resetMarks(marks, marksHead, stream.get());
    };
    auto times = timeRunsByTurns(std::max(1, options.repetitions), stream.get(), plainRun,
                                 probedRun, resetRecords);
    if (!times) return makeError(times.error());

    Run run;
    run.experiment = kKernelFileExperiment;
    run.recordedAt = utcNow();
    run.params = *params;
    run.device = device;
    setKernelSamples(run.timing, times->first);
    run.timing.recordedKernelMs = medianOf(times->second);
    if (run.timing.kernelMs > 0)
        run.timing.overheadPercent =
            (run.timing.recordedKernelMs - run.timing.kernelMs) / run.timing.kernelMs * 100;
    // Why the kernel is as fast as it is, where the run asks: the plain build
    // launched again, untimed, under the profiler.
    if (Status s = observeTimedWork({stream.get(), plainRun, {}, run.timing.kernelMs}); !s)
        return makeError(s.error());

    Launch l;
    l.kernel = d.kernel;
    l.grid = plan.kernel.grid;
    l.block = plan.kernel.block;
    l.sharedBytes = plan.kernel.sharedBytes;
    if (Status s = blocksFromProbeRecords(probeRecords, level, l); !s) return makeError(s.error());
    std::uint64_t marksLost = 0;
    if (probed->marks > 0)
        if (Status s = marksFromRecords(marksHead, markCounts, markRecords, l, marksLost); !s)
            return makeError(s.error());
    run.launches.push_back(std::move(l));

    Verification& v = run.verification;
    if (checked) {
        std::string probedText, plainText;
        double maxError = 0;
        const bool probedPassed =
            compareOutputs(d, plan, *probedOutputs, want, probedText, maxError);
        const bool plainPassed = compareOutputs(d, plan, *plainOutputs, want, plainText, maxError);
        v.checked = true;
        v.passed = probedPassed && plainPassed;
        v.tolerance = d.check.tolerance;
        v.absError = maxError;
        std::string files;
        for (const ExpectedOutput& e : d.check.expected)
            files += (files.empty() ? "" : ", ") + e.file;
        v.expected = hasReference ? "the output of " + d.check.reference : files;
        v.actual = plainText;
        v.note = "Each output element within " + std::to_string(d.check.tolerance) +
                 " x max(1, |expected|) of " +
                 (hasReference ? d.check.reference + "'s" : "its value in " + files) +
                 ", in the plain build and in the probed one (" +
                 (probedPassed ? "it matches too" : "it differs: " + probedText) + ").";
    } else {
        v.checked = false;
        v.note = "Not checked: the file names no reference kernel and no expected output (check:).";
    }

    run.texts[kSourceText] = file.source;
    run.texts[kFileNameText] = file.fileName;
    run.figures["registersPerThread"] = attributes->registers;
    run.figures["probedRegistersPerThread"] = probedAttributes->registers;
    run.figures["staticSharedBytes"] = double(attributes->staticShared);
    run.figures["localBytesPerThread"] = double(attributes->localBytes);
    run.figures["compileMs"] = compiled->compileMs;
    run.figures["probeExits"] = probed->exits;
    if (probed->marks > 0) {
        run.figures["markSites"] = probed->marks;
        const RecordTable* kept = findTable(run.launches.back().tables, "marks");
        run.figures["marksRecorded"] = kept ? double(kept->rows()) : 0.0;
        run.figures["marksLost"] = double(marksLost);
    }
    run.texts["kernel.probes"] = level == ProbeLevel::Warps ? "warps" : "blocks";
    return run;
}

}  // namespace ws::kernelfile
