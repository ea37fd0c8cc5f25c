// Written as a stream of text rather than a JSON tree: a million blocks make
// a million events, and a tree of them would cost gigabytes and seconds.
#include "core/trace/chrome_trace.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/figures/residency_slots.h"
#include "core/run/launch_label.h"
#include "core/trace/chrome_events.h"
#include "core/trace/trace_io.h"

namespace ws {

namespace {

std::uint64_t earliestTime(const Run& run) {
    std::uint64_t t0 = std::numeric_limits<std::uint64_t>::max();
    for (const auto& l : run.launches) {
        for (auto t : l.blocks.startNs) t0 = std::min(t0, t);
        for (auto t : l.blocks.endNs) t0 = std::min(t0, t);
        for (auto t : l.arrivals.timeNs) t0 = std::min(t0, t);
    }
    if (run.clocks.measured) {  // operations on the blocks' clock start before them
        for (auto t : run.operations.startNs)
            if (t) t0 = std::min(t0, t);
        for (auto t : run.hostCalls.startNs)
            if (t) t0 = std::min(t0, t);
    }
    return t0 == std::numeric_limits<std::uint64_t>::max() ? 0 : t0;
}

void writeLaunch(EventWriter& w, const Launch& l, std::size_t index, std::uint64_t t0) {
    const std::uint64_t pid = index + 1;
    metadata(w, "process_name", pid, -1,
             launchLabel(index) + ": " + l.kernel + " <<<" + std::to_string(l.grid.count()) + ", " +
                 std::to_string(l.block.count()) + ">>>");
    metadata(w, "process_sort_index", pid, -1, "", true, std::int64_t(index));

    const BlockRecords& b = l.blocks;
    const SlotAssignment slots = assignResidencySlots(b);
    // One track per (SM, slot): tid = sm * stride + slot keeps an SM's
    // tracks together when sorted by tid.
    const std::uint64_t stride = std::max<std::uint32_t>(slots.maxSlots, 1);
    for (std::size_t sm = 0; sm < slots.slotsPerSm.size(); ++sm) {
        for (std::uint32_t s = 0; s < slots.slotsPerSm[sm]; ++s) {
            const auto tid = std::int64_t(sm * stride + s);
            metadata(w, "thread_name", pid, tid,
                     "SM " + std::to_string(sm) + " slot " + std::to_string(s));
            metadata(w, "thread_sort_index", pid, tid, "", true, tid);
        }
    }
    if (b.sm.size() == b.size() && b.startNs.size() == b.size() && b.endNs.size() == b.size()) {
        const bool haveClock = b.startClock.size() == b.size() && b.endClock.size() == b.size();
        for (std::size_t i = 0; i < b.size(); ++i) {
            const std::uint64_t start = b.startNs[i];
            const std::uint64_t end = std::max(start, b.endNs[i]);
            w.begin();
            w.raw("{\"name\":\"block ");
            w.number(std::uint64_t(b.block[i]));
            w.raw("\",\"cat\":\"block\",\"ph\":\"X\",\"pid\":");
            w.number(pid);
            w.raw(",\"tid\":");
            w.number(std::uint64_t(b.sm[i]) * stride + slots.slot[i]);
            w.raw(",\"ts\":");
            w.micros(start - t0);
            w.raw(",\"dur\":");
            w.micros(end - start);
            w.raw(",\"args\":{\"block\":");
            w.number(std::uint64_t(b.block[i]));
            w.raw(",\"sm\":");
            w.number(std::uint64_t(b.sm[i]));
            w.raw(",\"cycles\":");
            w.number(haveClock ? b.endClock[i] - b.startClock[i] : std::int64_t(0));
            // A %globaltimer reading (about 1.8e18) is past the 2^53 a
            // JavaScript number holds exactly: Perfetto gets it as text.
            w.raw(",\"startNs\":\"" + std::to_string(start) + "\"}}");
        }
    }
    const ArrivalRecords& a = l.arrivals;
    if (a.size() > 0 && a.counter.size() == a.size() && a.timeNs.size() == a.size()) {
        // Arrivals get a track of their own below the SM tracks.
        const auto tid = std::int64_t(slots.slotsPerSm.size() * stride);
        metadata(w, "thread_name", pid, tid, "arrivals (atomic ticket)");
        metadata(w, "thread_sort_index", pid, tid, "", true, tid);
        for (std::size_t i = 0; i < a.size(); ++i) {
            w.begin();
            w.raw("{\"name\":\"arrival ");
            w.number(std::uint64_t(a.counter[i]));
            w.raw("\",\"cat\":\"arrival\",\"ph\":\"i\",\"s\":\"t\",\"pid\":");
            w.number(pid);
            w.raw(",\"tid\":");
            w.number(tid);
            w.raw(",\"ts\":");
            w.micros(a.timeNs[i] >= t0 ? a.timeNs[i] - t0 : 0);
            w.raw(",\"args\":{\"block\":");
            w.number(std::uint64_t(a.block[i]));
            w.raw(",\"counter\":");
            w.number(std::uint64_t(a.counter[i]));
            w.raw(",\"timeNs\":");
            w.number(a.timeNs[i]);
            w.raw("}}");
        }
    }
}

}  // namespace

std::string chromeTraceJson(const Run& run) {
    std::string out;
    std::size_t events = 0;
    for (const auto& l : run.launches) events += l.blocks.size() + l.arrivals.size();
    events += 3 * run.operations.size() + run.hostCalls.size();
    out.reserve(256 + events * 160);
    out += "{\"displayTimeUnit\":\"ns\",\"otherData\":";
    out += safeDump(nlohmann::json{{"experiment", run.experiment},
                                   {"device", run.device.name},
                                   {"recordedAt", run.recordedAt},
                                   {"tool", run.tool},
                                   {"timerTickNs", run.device.timerTickNs},
                                   {"timeOriginNs", earliestTime(run)}});
    out += ",\"traceEvents\":[";
    EventWriter w(out);
    const std::uint64_t t0 = earliestTime(run);
    for (std::size_t i = 0; i < run.launches.size(); ++i) writeLaunch(w, run.launches[i], i, t0);
    if (run.clocks.measured) writeOperationTracks(w, run, t0, run.launches.size() + 1);
    out += "\n]}\n";
    return out;
}

Status writeChromeTrace(const Run& run, const std::filesystem::path& path) {
    const std::string text = chromeTraceJson(run);
    // Written beside and renamed over the target, as traces are: a failed
    // export leaves an older file whole.
    return writeTraceBytes(std::vector<std::uint8_t>(text.begin(), text.end()), path);
}

}  // namespace ws
