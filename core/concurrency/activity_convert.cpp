#include "core/concurrency/activity_convert.h"

#include <algorithm>
#include <map>

#include "core/concurrency/concurrency_tables.h"
#include "core/timing/clock_alignment.h"

namespace ws {

namespace {

struct PendingOperation {
    OperationKind kind = OperationKind::Kernel;
    std::uint32_t stream = 0;
    std::uint32_t channel = 0;
    bool numberedEngine = false;  // a copy: gets a copy-engine number
    HostMemoryKind hostMemory = HostMemoryKind::None;
    std::uint64_t bytes = 0;
    std::uint64_t startNs = 0, endNs = 0;
    std::uint32_t correlation = 0;
    std::int32_t launch = -1;
    std::uint64_t address = 0;  // managed memory only
    const KernelActivity* kernel = nullptr;
};

OperationKind unifiedKind(UnifiedMemoryCounter c) {
    switch (c) {
        case UnifiedMemoryCounter::BytesHostToDevice:
            return OperationKind::MigrationHostToDevice;
        case UnifiedMemoryCounter::BytesDeviceToHost:
            return OperationKind::MigrationDeviceToHost;
        default:
            return OperationKind::GpuPageFaults;
    }
}

std::vector<PendingOperation> gather(const ActivityLog& log, const ClockAlignment& clocks) {
    std::vector<PendingOperation> ops;
    auto times = [&](PendingOperation& p, std::uint64_t start, std::uint64_t end) {
        p.startNs = toGlobalTimer(start, clocks);
        p.endNs = std::max(p.startNs, toGlobalTimer(end, clocks));
    };
    for (const auto& k : log.kernels) {
        PendingOperation p{.kind = OperationKind::Kernel,
                           .stream = k.stream,
                           .correlation = k.correlation,
                           .kernel = &k};
        times(p, k.startNs, k.endNs);
        ops.push_back(p);
    }
    for (const auto& c : log.copies) {
        PendingOperation p{.kind = c.kind,
                           .stream = c.stream,
                           .channel = c.channel,
                           .numberedEngine = true,
                           .hostMemory = c.hostMemory,
                           .bytes = c.bytes,
                           .correlation = c.correlation};
        times(p, c.startNs, c.endNs);
        ops.push_back(p);
    }
    for (const auto& m : log.memsets) {
        PendingOperation p{.kind = OperationKind::Memset,
                           .stream = m.stream,
                           .bytes = m.bytes,
                           .correlation = m.correlation};
        times(p, m.startNs, m.endNs);
        ops.push_back(p);
    }
    for (const auto& u : log.unifiedMemory) {
        if (u.counter == UnifiedMemoryCounter::CpuPageFault ||
            u.counter == UnifiedMemoryCounter::Other)
            continue;  // no operation kind: counted in the figures instead
        PendingOperation p{.kind = unifiedKind(u.counter),
                           .hostMemory = HostMemoryKind::Managed,
                           .bytes = u.value,
                           .address = u.address};
        times(p, u.startNs, u.endNs);
        ops.push_back(p);
    }
    std::stable_sort(ops.begin(), ops.end(), [](const auto& a, const auto& b) {
        return a.startNs != b.startNs ? a.startNs < b.startNs : a.endNs < b.endNs;
    });
    return ops;
}

void numberEngines(std::vector<PendingOperation>& ops) {
    std::map<std::uint32_t, std::uint32_t> engineOfChannel;
    for (auto& p : ops) {
        if (!p.numberedEngine) continue;
        auto [it, added] =
            engineOfChannel.try_emplace(p.channel, std::uint32_t(engineOfChannel.size()));
        p.channel = it->second;
    }
}

// A kernel of another grid than the next launch of its stream is not tied to
// it (a grid the device launched, a kernel of the runtime's own); the launch
// waits for the next kernel of the stream, and the run counts what was left.
std::size_t linkKernels(std::vector<PendingOperation>& ops, const ActivityLinks& links,
                        const Run& run) {
    // Launches of each stream in launch order; kernels of each stream in the
    // order they ran (ops are sorted by start).
    std::map<std::uint32_t, std::vector<std::int32_t>> launchesOf;
    for (std::size_t i = 0; i < links.launchStream.size() && i < run.launches.size(); ++i)
        if (links.launchStream[i] != ActivityLinks::kNotFromHost)
            launchesOf[links.launchStream[i]].push_back(std::int32_t(i));
    std::map<std::uint32_t, std::size_t> next;
    std::size_t unlinked = 0;
    for (auto& p : ops) {
        if (p.kind != OperationKind::Kernel) continue;
        auto it = launchesOf.find(p.stream);
        std::size_t& k = next[p.stream];
        if (p.kernel->deviceLaunched || it == launchesOf.end() || k >= it->second.size()) {
            ++unlinked;
            continue;
        }
        const std::int32_t li = it->second[k];
        const Dim3& g = run.launches[std::size_t(li)].grid;
        const KernelActivity& a = *p.kernel;
        if (g.x != a.gridX || g.y != a.gridY || g.z != a.gridZ) {
            ++unlinked;
            continue;
        }
        p.launch = li;
        ++k;
    }
    return unlinked;
}

HostCallRecords hostCalls(const ActivityLog& log, const ClockAlignment& clocks) {
    std::vector<const ApiActivity*> calls;
    for (const auto& c : log.calls) calls.push_back(&c);
    std::stable_sort(calls.begin(), calls.end(),
                     [](auto* a, auto* b) { return a->startNs < b->startNs; });
    HostCallRecords h;
    std::map<std::string, std::uint32_t> nameIndex;
    std::map<std::uint32_t, std::uint32_t> threadIndex;
    for (const ApiActivity* c : calls) {
        const std::string name = apiDisplayName(c->name);
        auto [n, newName] = nameIndex.try_emplace(name, std::uint32_t(h.names.size()));
        if (newName) h.names.push_back(name);
        auto [t, newThread] =
            threadIndex.try_emplace(c->threadId, std::uint32_t(threadIndex.size()));
        h.name.push_back(n->second);
        h.thread.push_back(t->second);
        const std::uint64_t start = toGlobalTimer(c->startNs, clocks);
        h.startNs.push_back(start);
        h.endNs.push_back(std::max(start, toGlobalTimer(c->endNs, clocks)));
        h.correlation.push_back(c->correlation);
    }
    return h;
}

// Managed operations whose first page lies in a followed array. CUPTI gives
// virtual addresses, which mean nothing outside the recording process; the
// table keeps the array and the offset in it instead.
void managedTransfers(const std::vector<PendingOperation>& ops, const ActivityLinks& links,
                      Run& run) {
    if (links.arrays.empty()) return;
    std::vector<std::uint32_t> operation, array;
    std::vector<std::uint64_t> offset;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (ops[i].hostMemory != HostMemoryKind::Managed || ops[i].kind == OperationKind::Kernel)
            continue;
        for (std::size_t a = 0; a < links.arrays.size(); ++a) {
            const ManagedArray& m = links.arrays[a];
            if (ops[i].address < m.base || ops[i].address - m.base >= m.bytes) continue;
            operation.push_back(std::uint32_t(i));
            array.push_back(std::uint32_t(a));
            offset.push_back(ops[i].address - m.base);
            break;
        }
    }
    // Columns are filled first and added after: adding a column may move the others.
    RecordTable& t = addTable(run.tables, tables::kManagedTransfers);
    t.add<std::uint32_t>("operation") = std::move(operation);
    t.add<std::uint32_t>("array") = std::move(array);
    t.add<std::uint64_t>("offset") = std::move(offset);
}

}  // namespace

std::string apiDisplayName(const std::string& cuptiName) {
    const auto v = cuptiName.rfind("_v");
    if (v == std::string::npos || v + 2 >= cuptiName.size()) return cuptiName;
    const bool digits = std::all_of(cuptiName.begin() + std::ptrdiff_t(v) + 2, cuptiName.end(),
                                    [](char c) { return c >= '0' && c <= '9'; });
    return digits ? cuptiName.substr(0, v) : cuptiName;
}

Status applyActivities(const ActivityLog& log, const ClockAlignment& clocks,
                       const ActivityLinks& links, Run& run) {
    std::vector<PendingOperation> ops = gather(log, clocks);
    numberEngines(ops);
    const std::size_t unlinked = linkKernels(ops, links, run);
    std::size_t launchesFromHost = 0;
    for (auto s : links.launchStream) launchesFromHost += s != ActivityLinks::kNotFromHost;
    const std::size_t linked =
        std::count_if(ops.begin(), ops.end(), [](const auto& p) { return p.launch >= 0; });
    if (linked < launchesFromHost)
        return makeError("CUPTI recorded kernels for " + std::to_string(linked) + " of the " +
                         std::to_string(launchesFromHost) + " launches made from the host");
    OperationRecords o;
    for (const auto& p : ops) {
        o.kind.push_back(std::uint8_t(p.kind));
        o.stream.push_back(p.stream);
        o.engine.push_back(p.numberedEngine ? p.channel : 0);
        o.hostMemory.push_back(std::uint8_t(p.hostMemory));
        o.bytes.push_back(p.bytes);
        o.startNs.push_back(p.startNs);
        o.endNs.push_back(p.endNs);
        o.correlation.push_back(p.correlation);
        o.launch.push_back(p.launch);
    }
    run.operations = std::move(o);
    run.hostCalls = hostCalls(log, clocks);
    run.clocks = clocks;
    managedTransfers(ops, links, run);
    if (log.dropped > 0) run.figures["cuptiDroppedRecords"] = double(log.dropped);
    if (unlinked > 0) run.figures["unlinkedKernels"] = double(unlinked);
    const auto cpuFaults = std::count_if(
        log.unifiedMemory.begin(), log.unifiedMemory.end(),
        [](const auto& u) { return u.counter == UnifiedMemoryCounter::CpuPageFault; });
    if (cpuFaults > 0) run.figures["cpuPageFaults"] = double(cpuFaults);
    return {};
}

}  // namespace ws
