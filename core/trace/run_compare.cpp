#include "core/trace/run_compare.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <type_traits>

#include "core/run/launch_label.h"
#include "core/trace/trace_fields.h"

namespace ws {

namespace {

// A field added to the model must be compared here, or an upgrade could drop
// it unnoticed. The sizes below change when most fields are added (a bool may
// hide in padding); they are checked where they are known, 64-bit libstdc++.
#if defined(__GLIBCXX__) && defined(__x86_64__)
#define WS_COMPARED(T, size) \
    static_assert(sizeof(T) == (size), "a field of " #T " changed: compare it in run_compare.cpp")
WS_COMPARED(DeviceInfo, 184);
WS_COMPARED(BlockRecords, 144);
WS_COMPARED(StepRecords, 176);
WS_COMPARED(SharedAccessRecords, 168);
WS_COMPARED(GlobalAccessRecords, 168);
WS_COMPARED(ArrivalRecords, 72);
WS_COMPARED(Launch, 864);
WS_COMPARED(OperationRecords, 216);
WS_COMPARED(HostCallRecords, 144);
WS_COMPARED(ClockAlignment, 32);
WS_COMPARED(GpuEnvironment, 280);
WS_COMPARED(Verification, 120);
WS_COMPARED(Timing, 128);
WS_COMPARED(Run, 1736);
WS_COMPARED(RecordTable, 56);
WS_COMPARED(Column, 64);
WS_COMPARED(RunProfile, 336);
WS_COMPARED(ProfiledFunction, 272);
WS_COMPARED(StallSampleRecords, 96);
WS_COMPARED(ProfileCounter, 72);
#undef WS_COMPARED
#endif

template <typename T>
bool same(const T& a, const T& b) {
    if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(a) && std::isnan(b)) return true;
        if constexpr (sizeof(T) == 8)
            return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
        else
            return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
    } else {
        return a == b;
    }
}

std::string show(const std::string& s) {
    return "'" + (s.size() > 40 ? s.substr(0, 40) + "..." : s) + "'";
}
std::string show(bool b) { return b ? "true" : "false"; }
std::string show(const Dim3& d) {
    std::string text(1, '(');  // appended: GCC 12 warns falsely on "(" + std::string
    text += std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + ')';
    return text;
}
template <typename T>
std::string show(T v) {
    if constexpr (std::is_floating_point_v<T>) {
        char text[40];
        std::snprintf(text, sizeof text, "%.17g", double(v));
        return text;
    } else {
        return std::to_string(+v);  // + prints u8 as a number
    }
}

std::string count(std::size_t n, const char* noun) {
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

class Comparer {
public:
    explicit Comparer(std::size_t limit) : m_limit(limit) {}

    bool full() const { return m_found.size() >= m_limit; }
    std::vector<std::string> found() && { return std::move(m_found); }

    // Fields are named from the run down: "launch 2: blocks.startNs[17]".
    void at(std::string prefix) { m_prefix = std::move(prefix); }

    template <typename T>
    void field(const std::string& name, const T& a, const T& b) {
        if (!full() && !same(a, b)) differ(name, show(a), show(b));
    }

    template <typename T>
    void values(const std::string& name, const std::vector<T>& a, const std::vector<T>& b) {
        if (full()) return;
        if (a.size() != b.size()) {
            differ(name, count(a.size(), "value"), count(b.size(), "value"));
            return;
        }
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!same(a[i], b[i])) {
                differ(name + "[" + std::to_string(i) + "]", show(a[i]), show(b[i]));
                return;
            }
    }

    template <typename K, typename V>
    void entries(const std::string& name, const std::map<K, V>& a, const std::map<K, V>& b) {
        if (full()) return;
        for (const auto& [key, value] : a) {
            auto it = b.find(key);
            if (it == b.end())
                differ(name + " '" + key + "'", show(value), "nothing");
            else
                field(name + " '" + key + "'", value, it->second);
        }
        for (const auto& [key, value] : b)
            if (!a.contains(key)) differ(name + " '" + key + "'", "nothing", show(value));
    }

    void tables(const std::string& name, const std::vector<RecordTable>& a,
                const std::vector<RecordTable>& b) {
        if (full()) return;
        if (a.size() != b.size()) {
            differ(name, count(a.size(), "table"), count(b.size(), "table"));
            return;
        }
        for (std::size_t t = 0; t < a.size(); ++t) {
            const std::string at = name + "[" + std::to_string(t) + "]";
            field(at + ".name", a[t].name, b[t].name);
            const auto& ca = a[t].columns;
            const auto& cb = b[t].columns;
            if (ca.size() != cb.size()) {
                differ(at, count(ca.size(), "column"), count(cb.size(), "column"));
                continue;
            }
            for (std::size_t c = 0; c < ca.size(); ++c) {
                const std::string col = at + " '" + a[t].name + "'." + ca[c].name;
                field(at + ".columns[" + std::to_string(c) + "].name", ca[c].name, cb[c].name);
                if (ca[c].data.index() != cb[c].data.index()) {
                    differ(col, std::string(columnTypeName(ca[c].data)) + " values",
                           std::string(columnTypeName(cb[c].data)) + " values");
                    continue;
                }
                std::visit(
                    [&](const auto& va) {
                        values(col, va, std::get<std::decay_t<decltype(va)>>(cb[c].data));
                    },
                    ca[c].data);
            }
        }
    }

private:
    void differ(const std::string& name, const std::string& a, const std::string& b) {
        if (full()) return;
        m_found.push_back(m_prefix + name + " is " + a + " in the first run, " + b +
                          " in the second");
    }

    std::size_t m_limit;
    std::string m_prefix;
    std::vector<std::string> m_found;
};

// A struct of the field table (core/trace/trace_fields.h), each field named
// `prefix` and its key.
template <typename S>
void compareFields(Comparer& c, const std::string& prefix, const S& a, const S& b) {
    trace_fields::forEachField<S>([&](const auto& f) {
        const auto& x = a.*(f.member);
        const auto& y = b.*(f.member);
        if constexpr (trace_fields::kIsVector<std::decay_t<decltype(x)>>)
            c.values(prefix + f.key, x, y);
        else
            c.field(prefix + f.key, x, y);
    });
}

void compareLaunch(Comparer& c, const Launch& a, const Launch& b) {
    c.field("kernel", a.kernel, b.kernel);
    c.field("grid", a.grid, b.grid);
    c.field("block", a.block, b.block);
    c.field("sharedBytes", a.sharedBytes, b.sharedBytes);
    c.field("stream", a.stream, b.stream);
    c.field("parentLaunch", a.parentLaunch, b.parentLaunch);
    c.field("parentBlock", a.parentBlock, b.parentBlock);
    c.field("depth", a.depth, b.depth);
    c.field("launchMode", a.launchMode, b.launchMode);
    c.values("blocks.block", a.blocks.block, b.blocks.block);
    c.values("blocks.sm", a.blocks.sm, b.blocks.sm);
    c.values("blocks.startNs", a.blocks.startNs, b.blocks.startNs);
    c.values("blocks.endNs", a.blocks.endNs, b.blocks.endNs);
    c.values("blocks.startClock", a.blocks.startClock, b.blocks.startClock);
    c.values("blocks.endClock", a.blocks.endClock, b.blocks.endClock);
    const StepRecords& s = a.steps;
    const StepRecords& t = b.steps;
    c.field("steps.components", s.components, t.components);
    c.values("steps.block", s.block, t.block);
    c.values("steps.warp", s.warp, t.warp);
    c.values("steps.step", s.step, t.step);
    c.values("steps.activeMask", s.activeMask, t.activeMask);
    c.values("steps.clock", s.clock, t.clock);
    c.values("steps.before", s.before, t.before);
    c.values("steps.after", s.after, t.after);
    const SharedAccessRecords& sa = a.sharedAccesses;
    const SharedAccessRecords& sb = b.sharedAccesses;
    c.values("sharedAccesses.block", sa.block, sb.block);
    c.values("sharedAccesses.warp", sa.warp, sb.warp);
    c.values("sharedAccesses.instruction", sa.instruction, sb.instruction);
    c.values("sharedAccesses.widthBytes", sa.widthBytes, sb.widthBytes);
    c.values("sharedAccesses.activeMask", sa.activeMask, sb.activeMask);
    c.values("sharedAccesses.address", sa.address, sb.address);
    c.values("sharedAccesses.cycles", sa.cycles, sb.cycles);
    const GlobalAccessRecords& ga = a.globalAccesses;
    const GlobalAccessRecords& gb = b.globalAccesses;
    c.values("globalAccesses.block", ga.block, gb.block);
    c.values("globalAccesses.warp", ga.warp, gb.warp);
    c.values("globalAccesses.instruction", ga.instruction, gb.instruction);
    c.values("globalAccesses.widthBytes", ga.widthBytes, gb.widthBytes);
    c.values("globalAccesses.activeMask", ga.activeMask, gb.activeMask);
    c.values("globalAccesses.isWrite", ga.isWrite, gb.isWrite);
    c.values("globalAccesses.address", ga.address, gb.address);
    c.values("arrivals.block", a.arrivals.block, b.arrivals.block);
    c.values("arrivals.counter", a.arrivals.counter, b.arrivals.counter);
    c.values("arrivals.timeNs", a.arrivals.timeNs, b.arrivals.timeNs);
    c.tables("tables", a.tables, b.tables);
}

void compareProfile(Comparer& c, const RunProfile& a, const RunProfile& b) {
    c.field("profile.requested", a.requested, b.requested);
    c.field("profile.stallsUnavailable", a.stallsUnavailable, b.stallsUnavailable);
    c.field("profile.countersUnavailable", a.countersUnavailable, b.countersUnavailable);
    c.values("profile.stallReasons", a.stallReasons, b.stallReasons);
    c.field("the profile's function count", a.functions.size(), b.functions.size());
    for (std::size_t i = 0; i < a.functions.size() && i < b.functions.size(); ++i) {
        const ProfiledFunction& f = a.functions[i];
        const ProfiledFunction& g = b.functions[i];
        const std::string at = "profile.functions[" + std::to_string(i) + "].";
        c.field(at + "name", f.name, g.name);
        c.field(at + "displayName", f.displayName, g.displayName);
        c.field(at + "sourceFile", f.sourceFile, g.sourceFile);
        c.values(at + "pcOffset", f.pcOffset, g.pcOffset);
        c.values(at + "line", f.line, g.line);
        c.values(at + "file", f.file, g.file);
        c.values(at + "files", f.files, g.files);
        c.values(at + "sass", f.sass, g.sass);
        c.values(at + "callerLine", f.callerLine, g.callerLine);
        c.values(at + "callerFile", f.callerFile, g.callerFile);
        c.field(at + "registers", f.registersPerThread, g.registersPerThread);
        c.field(at + "staticSharedBytes", f.staticSharedBytes, g.staticSharedBytes);
    }
    c.values("profile.stalls.function", a.stalls.function, b.stalls.function);
    c.values("profile.stalls.pcOffset", a.stalls.pcOffset, b.stalls.pcOffset);
    c.values("profile.stalls.reason", a.stalls.reason, b.stalls.reason);
    c.values("profile.stalls.samples", a.stalls.samples, b.stalls.samples);
    c.field("profile.totalSamples", a.totalSamples, b.totalSamples);
    c.field("profile.droppedSamples", a.droppedSamples, b.droppedSamples);
    c.field("profile.samplingPeriodLog2", a.samplingPeriodLog2, b.samplingPeriodLog2);
    c.field("profile.sampledLaunches", a.sampledLaunches, b.sampledLaunches);
    c.field("profile.sampledKernelMs", a.sampledKernelMs, b.sampledKernelMs);
    c.field("profile.unsampledKernelMs", a.unsampledKernelMs, b.unsampledKernelMs);
    c.field("the profile's counter count", a.counters.size(), b.counters.size());
    for (std::size_t i = 0; i < a.counters.size() && i < b.counters.size(); ++i) {
        const std::string at = "profile.counters[" + std::to_string(i) + "].";
        c.field(at + "kernel", a.counters[i].kernel, b.counters[i].kernel);
        c.field(at + "metric", a.counters[i].metric, b.counters[i].metric);
        c.field(at + "value", a.counters[i].value, b.counters[i].value);
    }
    c.field("profile.counterPasses", a.counterPasses, b.counterPasses);
    c.entries("profile.sources", a.sources, b.sources);
}

}  // namespace

std::vector<std::string> runDifferences(const Run& a, const Run& b, std::size_t limit) {
    Comparer c(limit);
    c.field("experiment", a.experiment, b.experiment);
    c.entries("params", a.params, b.params);
    compareFields(c, "device.", a.device, b.device);
    c.field("recordedAt", a.recordedAt, b.recordedAt);
    c.field("tool", a.tool, b.tool);
    compareFields(c, "verification.", a.verification, b.verification);
    compareFields(c, "timing.", a.timing, b.timing);
    c.tables("tables", a.tables, b.tables);
    c.entries("texts", a.texts, b.texts);
    c.entries("figures", a.figures, b.figures);
    compareFields(c, "environment.", a.environment, b.environment);
    compareFields(c, "operations.", a.operations, b.operations);
    compareFields(c, "hostCalls.", a.hostCalls, b.hostCalls);
    compareFields(c, "clocks.", a.clocks, b.clocks);
    compareProfile(c, a.profile, b.profile);
    c.field("the launch count", a.launches.size(), b.launches.size());
    for (std::size_t i = 0; i < a.launches.size() && i < b.launches.size() && !c.full(); ++i) {
        c.at(launchLabel(i) + ": ");
        compareLaunch(c, a.launches[i], b.launches[i]);
    }
    return std::move(c).found();
}

}  // namespace ws
