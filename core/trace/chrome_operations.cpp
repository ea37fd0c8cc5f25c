// The operations CUPTI recorded, as Chrome trace tracks: "host thread N" for
// the runtime calls, "stream N" for what each stream ran, "copy engine N" for
// the copies again by the engine that made them, and "managed memory" for
// migrations and fault groups, with an arrow from each call to its work.
#include <map>
#include <set>

#include "core/trace/chrome_events.h"

namespace ws {

namespace {

constexpr std::int64_t kHostTrack = 1;
constexpr std::int64_t kStreamTrack = 1000;
constexpr std::int64_t kEngineTrack = 2000;
constexpr std::int64_t kManagedTrack = 3000;

bool isManaged(OperationKind k) {
    return k == OperationKind::MigrationHostToDevice || k == OperationKind::MigrationDeviceToHost ||
           k == OperationKind::GpuPageFaults;
}

bool isCopyKind(OperationKind k) {
    return k == OperationKind::CopyHostToDevice || k == OperationKind::CopyDeviceToHost ||
           k == OperationKind::CopyDeviceToDevice || k == OperationKind::CopyHostToHost;
}

void track(EventWriter& w, std::uint64_t pid, std::int64_t tid, const std::string& name) {
    metadata(w, "thread_name", pid, tid, name);
    metadata(w, "thread_sort_index", pid, tid, "", true, tid);
}

void slice(EventWriter& w, std::uint64_t pid, std::int64_t tid, const std::string& name,
           const char* category, std::uint64_t start, std::uint64_t end, std::uint64_t t0,
           const std::string& args) {
    w.begin();
    w.raw("{\"name\":");
    w.text(name);
    w.raw(",\"cat\":\"");
    w.raw(category);
    w.raw("\",\"ph\":\"X\",\"pid\":");
    w.number(pid);
    w.raw(",\"tid\":");
    w.number(tid);
    w.raw(",\"ts\":");
    w.micros(start >= t0 ? start - t0 : 0);
    w.raw(",\"dur\":");
    w.micros(end > start ? end - start : 0);
    w.raw(",\"args\":{");
    w.raw(args);
    w.raw("}}");
}

void flowEnd(EventWriter& w, const char* phase, std::uint64_t id, std::uint64_t pid,
             std::int64_t tid, std::uint64_t ts, std::uint64_t t0) {
    w.begin();
    w.raw("{\"name\":\"call to work\",\"cat\":\"flow\",\"ph\":\"");
    w.raw(phase);
    w.raw(phase[0] == 'f' ? "\",\"bp\":\"e\"" : "\"");
    w.raw(",\"id\":");
    w.number(id);
    w.raw(",\"pid\":");
    w.number(pid);
    w.raw(",\"tid\":");
    w.number(tid);
    w.raw(",\"ts\":");
    w.micros(ts >= t0 ? ts - t0 : 0);
    w.raw("}");
}

std::string operationName(const Run& run, std::size_t i) {
    const OperationRecords& o = run.operations;
    if (o.launch[i] >= 0 && std::size_t(o.launch[i]) < run.launches.size())
        return run.launches[std::size_t(o.launch[i])].kernel;
    return operationKindName(OperationKind(o.kind[i]));
}

}  // namespace

void writeOperationTracks(EventWriter& w, const Run& run, std::uint64_t t0, std::uint64_t pid) {
    const OperationRecords& o = run.operations;
    const HostCallRecords& h = run.hostCalls;
    if (o.size() == 0 && h.size() == 0) return;
    metadata(w, "process_name", pid, -1, "CUDA operations (CUPTI, on the %globaltimer clock)");
    metadata(w, "process_sort_index", pid, -1, "", true, -1);

    std::set<std::uint32_t> threads, streams, engines;
    bool managed = false;
    for (auto t : h.thread) threads.insert(t);
    for (std::size_t i = 0; i < o.size(); ++i) {
        const auto kind = OperationKind(o.kind[i]);
        if (isManaged(kind)) {
            managed = true;
            continue;
        }
        streams.insert(o.stream[i]);
        if (isCopyKind(kind)) engines.insert(o.engine[i]);
    }
    for (auto t : threads) track(w, pid, kHostTrack + t, "host thread " + std::to_string(t));
    std::map<std::uint32_t, std::int64_t> streamTrack;
    for (auto s : streams) {
        streamTrack[s] = kStreamTrack + std::int64_t(streamTrack.size());
        track(w, pid, streamTrack[s], "stream " + std::to_string(s));
    }
    for (auto e : engines) track(w, pid, kEngineTrack + e, "copy engine " + std::to_string(e));
    if (managed) track(w, pid, kManagedTrack, "managed memory (driver)");

    std::map<std::uint32_t, std::size_t> callOf;  // correlation -> host call
    for (std::size_t i = 0; i < h.size(); ++i) {
        if (h.correlation[i]) callOf.emplace(h.correlation[i], i);
        const std::string name = h.name[i] < h.names.size() ? h.names[h.name[i]] : "call";
        slice(w, pid, kHostTrack + h.thread[i], name, "host", h.startNs[i], h.endNs[i], t0,
              "\"correlation\":" + std::to_string(h.correlation[i]));
    }
    for (std::size_t i = 0; i < o.size(); ++i) {
        const auto kind = OperationKind(o.kind[i]);
        const std::string args = "\"kind\":\"" + std::string(operationKindName(kind)) +
                                 "\",\"bytes\":" + std::to_string(o.bytes[i]) +
                                 ",\"correlation\":" + std::to_string(o.correlation[i]) +
                                 ",\"launch\":" + std::to_string(o.launch[i]) + ",\"startNs\":\"" +
                                 std::to_string(o.startNs[i]) + "\"";
        if (isManaged(kind)) {
            slice(w, pid, kManagedTrack, operationName(run, i), "managed", o.startNs[i], o.endNs[i],
                  t0, args);
            continue;
        }
        const std::int64_t tid = streamTrack[o.stream[i]];
        slice(w, pid, tid, operationName(run, i), "operation", o.startNs[i], o.endNs[i], t0, args);
        if (isCopyKind(kind))
            slice(w, pid, kEngineTrack + o.engine[i], operationName(run, i), "engine", o.startNs[i],
                  o.endNs[i], t0, args);
        auto call = callOf.find(o.correlation[i]);
        if (o.correlation[i] == 0 || call == callOf.end()) continue;
        const std::size_t c = call->second;
        flowEnd(w, "s", i + 1, pid, kHostTrack + h.thread[c], h.startNs[c], t0);
        flowEnd(w, "f", i + 1, pid, tid, o.startNs[i], t0);
    }
}

}  // namespace ws
