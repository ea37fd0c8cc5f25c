#include "tests/fuzz/shrink_run.h"

#include <algorithm>
#include <variant>

namespace ws::fuzz {
namespace {

template <typename T>
void cut(std::vector<T>& values, std::size_t n) {
    if (values.size() > n) values.resize(n);
}

template <typename... Vectors>
void cutAll(std::size_t n, Vectors&... vectors) {
    (cut(vectors, n), ...);
}

void cutTables(std::vector<RecordTable>& tables, std::size_t rows) {
    for (auto& table : tables)
        for (auto& column : table.columns) std::visit([&](auto& v) { cut(v, rows); }, column.data);
}

void shrinkLaunch(Launch& l, std::size_t rows) {
    l.blocks.resize(std::min(l.blocks.size(), rows));
    // Records of the blocks that are left, so references stay valid.
    auto& s = l.steps;
    const std::size_t steps = std::min(s.size(), rows);
    cutAll(steps, s.block, s.warp, s.step, s.activeMask, s.clock);
    cutAll(steps * 32 * s.components, s.before, s.after);
    auto& sh = l.sharedAccesses;
    const std::size_t shared = std::min(sh.size(), rows);
    cutAll(shared, sh.block, sh.warp, sh.instruction, sh.widthBytes, sh.activeMask, sh.cycles);
    cut(sh.address, shared * 32);
    auto& g = l.globalAccesses;
    const std::size_t global = std::min(g.size(), rows);
    cutAll(global, g.block, g.warp, g.instruction, g.widthBytes, g.activeMask, g.isWrite);
    cut(g.address, global * 32);
    cutAll(rows, l.arrivals.block, l.arrivals.counter, l.arrivals.timeNs);
    cutTables(l.tables, rows);
}

// A few instructions of a few functions, and the stall rows that still
// point at a function and a reason that are left.
void shrinkProfile(RunProfile& p, const ShrinkLimits& limits) {
    cut(p.functions, limits.launches);
    for (auto& f : p.functions)
        cutAll(limits.rows, f.pcOffset, f.line, f.file, f.sass, f.callerLine, f.callerFile);
    cut(p.stallReasons, limits.rows);
    StallSampleRecords kept;
    const StallSampleRecords& s = p.stalls;
    for (std::size_t i = 0; i < s.size() && kept.size() < limits.rows; ++i) {
        if (s.function[i] >= p.functions.size() || s.reason[i] >= p.stallReasons.size()) continue;
        kept.function.push_back(s.function[i]);
        kept.pcOffset.push_back(s.pcOffset[i]);
        kept.reason.push_back(s.reason[i]);
        kept.samples.push_back(s.samples[i]);
    }
    p.stalls = std::move(kept);
    cut(p.counters, limits.rows);
    for (auto& [path, text] : p.sources)
        if (text.size() > 64 * limits.rows) text.resize(64 * limits.rows);
}

}  // namespace

Run shrinkRun(Run run, ShrinkLimits limits) {
    cut(run.launches, limits.launches);
    for (auto& launch : run.launches) {
        if (launch.parentLaunch >= std::int32_t(run.launches.size())) launch.parentLaunch = -1;
        shrinkLaunch(launch, limits.rows);
    }
    cutTables(run.tables, limits.rows);
    for (auto& [name, text] : run.texts)
        if (text.size() > 64 * limits.rows) text.resize(64 * limits.rows);
    cut(run.timing.kernelSamplesMs, limits.rows);
    auto& o = run.operations;
    cutAll(limits.rows, o.kind, o.stream, o.engine, o.hostMemory, o.bytes, o.startNs, o.endNs,
           o.correlation, o.launch);
    for (auto& launch : o.launch)
        if (launch >= std::int32_t(run.launches.size())) launch = -1;
    auto& h = run.hostCalls;
    cutAll(limits.rows, h.name, h.thread, h.startNs, h.endNs, h.correlation);
    shrinkProfile(run.profile, limits);
    return run;
}

}  // namespace ws::fuzz
