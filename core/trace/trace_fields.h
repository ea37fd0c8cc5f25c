#pragma once
// The flat parts of a run as one table of fields per struct: the key a trace
// stores each one under, the member it is, and whether a vector is stored as
// a packed column. Writing (trace_encode.cpp), reading (trace_decode.cpp) and
// comparing (run_compare.cpp) walk the same table, so a field added here is
// written, read back and compared at once, under one name. The records of a
// launch (blocks, steps, accesses) keep codecs of their own: their columns'
// encodings differ by kind.
#include <tuple>

#include "core/run/run.h"

namespace ws::trace_fields {

enum class Coding { Plain, Packed };

template <typename Struct, typename Member, Coding kCoding>
struct Field {
    static constexpr Coding coding = kCoding;
    const char* key;
    Member Struct::*member;
};

template <typename Struct, typename Member>
constexpr Field<Struct, Member, Coding::Plain> plain(const char* key, Member Struct::*member) {
    return {key, member};
}

// A vector stored as a packed column (core/trace/packed_json.h).
template <typename Struct, typename Member>
constexpr Field<Struct, Member, Coding::Packed> column(const char* key, Member Struct::*member) {
    return {key, member};
}

// Fields<S>::all: S's fields, in the order a comparison reports them.
template <typename S>
struct Fields;

template <>
struct Fields<DeviceInfo> {
    using D = DeviceInfo;
    static constexpr auto all = std::tuple{
        plain("name", &D::name),
        plain("ccMajor", &D::ccMajor),
        plain("ccMinor", &D::ccMinor),
        plain("smCount", &D::smCount),
        plain("smClockKHz", &D::smClockKHz),
        plain("memClockKHz", &D::memClockKHz),
        plain("memBusWidthBits", &D::memBusWidthBits),
        plain("memBandwidthGBs", &D::memBandwidthGBs),
        plain("maxThreadsPerBlock", &D::maxThreadsPerBlock),
        plain("maxThreadsPerSm", &D::maxThreadsPerSm),
        plain("maxBlocksPerSm", &D::maxBlocksPerSm),
        plain("sharedMemPerBlock", &D::sharedMemPerBlock),
        plain("sharedMemPerBlockOptin", &D::sharedMemPerBlockOptin),
        plain("sharedMemPerSm", &D::sharedMemPerSm),
        plain("regsPerSm", &D::regsPerSm),
        plain("l2CacheBytes", &D::l2CacheBytes),
        plain("globalMemBytes", &D::globalMemBytes),
        plain("maxGridX", &D::maxGridX),
        plain("driverVersion", &D::driverVersion),
        plain("runtimeVersion", &D::runtimeVersion),
        plain("timerTickNs", &D::timerTickNs),
    };
};

template <>
struct Fields<Verification> {
    using V = Verification;
    static constexpr auto all = std::tuple{
        plain("checked", &V::checked),   plain("passed", &V::passed),
        plain("expected", &V::expected), plain("actual", &V::actual),
        plain("absError", &V::absError), plain("tolerance", &V::tolerance),
        plain("note", &V::note),
    };
};

template <>
struct Fields<Timing> {
    using T = Timing;
    static constexpr auto all = std::tuple{
        plain("kernelMs", &T::kernelMs),
        plain("recordedKernelMs", &T::recordedKernelMs),
        plain("overheadPercent", &T::overheadPercent),
        plain("repetitions", &T::repetitions),
        plain("kernelMinMs", &T::kernelMinMs),
        plain("kernelMaxMs", &T::kernelMaxMs),
        plain("kernelCvPercent", &T::kernelCvPercent),
        column("kernelSamplesMs", &T::kernelSamplesMs),
        plain("cpuMs", &T::cpuMs),
        plain("cpuParallelMs", &T::cpuParallelMs),
        plain("cpuThreads", &T::cpuThreads),
        plain("transferMs", &T::transferMs),
        plain("bytesMoved", &T::bytesMoved),
        plain("flops", &T::flops),
    };
};

template <>
struct Fields<GpuEnvironment> {
    using E = GpuEnvironment;
    static constexpr auto all = std::tuple{
        plain("queried", &E::queried),
        plain("unavailableReason", &E::unavailableReason),
        plain("uuid", &E::uuid),
        plain("otherPids", &E::otherPids),
        plain("otherProcessNames", &E::otherProcessNames),
        plain("gpuUtilizationPercent", &E::gpuUtilizationPercent),
        plain("memoryUtilizationPercent", &E::memoryUtilizationPercent),
        plain("computeMode", &E::computeMode),
        plain("migEnabled", &E::migEnabled),
        plain("migProfile", &E::migProfile),
        plain("migSmCount", &E::migSmCount),
        plain("smClockMHz", &E::smClockMHz),
        plain("maxSmClockMHz", &E::maxSmClockMHz),
        plain("memClockMHz", &E::memClockMHz),
        plain("throttleReasons", &E::throttleReasons),
        plain("throttleReasonNames", &E::throttleReasonNames),
        plain("pcieGeneration", &E::pcieGeneration),
        plain("pcieWidth", &E::pcieWidth),
        plain("pcieMaxGeneration", &E::pcieMaxGeneration),
        plain("pcieMaxWidth", &E::pcieMaxWidth),
        plain("lockWaitMs", &E::lockWaitMs),
        plain("runsAheadAtStart", &E::runsAheadAtStart),
    };
};

template <>
struct Fields<OperationRecords> {
    using O = OperationRecords;
    static constexpr auto all = std::tuple{
        column("kind", &O::kind),     column("stream", &O::stream),
        column("engine", &O::engine), column("hostMemory", &O::hostMemory),
        column("bytes", &O::bytes),   column("startNs", &O::startNs),
        column("endNs", &O::endNs),   column("correlation", &O::correlation),
        column("launch", &O::launch),
    };
};

template <>
struct Fields<HostCallRecords> {
    using H = HostCallRecords;
    static constexpr auto all = std::tuple{
        plain("names", &H::names),    column("name", &H::name),
        column("thread", &H::thread), column("startNs", &H::startNs),
        column("endNs", &H::endNs),   column("correlation", &H::correlation),
    };
};

template <>
struct Fields<ClockAlignment> {
    using C = ClockAlignment;
    static constexpr auto all = std::tuple{
        plain("measured", &C::measured),
        plain("offsetNs", &C::offsetNs),
        plain("spreadNs", &C::spreadNs),
        plain("samples", &C::samples),
    };
};

// Calls f(field) for each of S's fields, in order.
template <typename S, typename F>
void forEachField(F&& f) {
    std::apply([&](const auto&... field) { (f(field), ...); }, Fields<S>::all);
}

template <typename T>
inline constexpr bool kIsVector = false;
template <typename T>
inline constexpr bool kIsVector<std::vector<T>> = true;

}  // namespace ws::trace_fields
