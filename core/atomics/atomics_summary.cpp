#include "core/atomics/atomics_summary.h"

#include <cstdio>

#include "core/atomics/cas_records.h"
#include "core/atomics/contention_model.h"
#include "core/atomics/work_queue_records.h"

namespace ws {

namespace {

std::string format(const char* pattern, double a, double b = 0, double c = 0, double d = 0) {
    char text[256];
    std::snprintf(text, sizeof text, pattern, a, b, c, d);
    return text;
}

double figure(const Run& run, const char* name) {
    const auto it = run.figures.find(name);
    return it == run.figures.end() ? 0 : it->second;
}

void queueLines(const Run& run, std::vector<std::string>& out) {
    const int li = queueLaunchIndex(run);
    if (li < 0) return;
    auto items = readQueueItems(run.launches[std::size_t(li)], li);
    if (!items) {
        out.push_back("items: " + items.error());
        return;
    }
    out.push_back(format("items: %.0f, on %.0f slots; makespan %.1f us, ideal %.1f us",
                         double(items->size()), figure(run, "slots"),
                         figure(run, "makespanNs") / 1e3, figure(run, "idealNs") / 1e3));
    out.push_back(
        format("imbalance (longest SM busy / mean) %.3f; tail %.1f us; SMs idle "
               "over the last %.1f us",
               figure(run, "imbalance"), figure(run, "tailNs") / 1e3,
               figure(run, "finishSpreadNs") / 1e3));
    out.push_back(format("the same items modelled: static split %.1f us, queue %.1f us",
                         figure(run, "modelStaticNs") / 1e3, figure(run, "modelQueueNs") / 1e3));
}

void casLines(const Run& run, std::vector<std::string>& out) {
    for (std::size_t li = 0; li < run.launches.size(); ++li) {
        const Launch& l = run.launches[li];
        if (!findTable(l.tables, kCasHistogramTable) && !findTable(l.tables, kBlockMinsTable))
            continue;
        auto cas = readCasRecords(l, int(li));
        if (!cas) {
            out.push_back("CAS records: " + cas.error());
            continue;
        }
        if (!cas->histogram.empty()) {
            const CasStatistics s = casStatistics(cas->histogram);
            out.push_back(
                format("atomicCAS per thread: mean %.3f, max %.0f; %.0f of %.0f threads "
                       "made one",
                       figure(run, "casAttemptsMean"), figure(run, "casAttemptsMax"),
                       double(s.threadsWithCas), double(s.threads)));
            out.push_back(std::to_string(cas->warps.size()) + " traced warps, " +
                          std::to_string(cas->thread.size()) + " traced threads");
        }
        if (const RecordTable* t = findTable(l.tables, kBlockMinsTable))
            out.push_back(
                format("%.0f blocks made one atomicMin each; %.0f of them lowered the "
                       "minimum",
                       double(t->rows()), figure(run, "blocksLowered")));
    }
    if (run.figures.count("gpuEndToEndMs"))
        out.push_back(
            format("the blog's comparison: CPU %.4f ms, GPU %.4f ms (word set, kernel, "
                   "answer copied back)",
                   run.timing.cpuMs, figure(run, "gpuEndToEndMs")));
}

void contentionLines(const Run& run, std::vector<std::string>& out) {
    auto curve = readContentionCurve(run);
    if (!curve) {
        out.push_back("contention curve: " + curve.error());
        return;
    }
    if (curve->empty()) return;
    std::string line = "atomics per second by contending threads:";
    for (const auto& p : *curve)
        line += format(" %.0f: %.3g", double(p.threads), p.atomicsPerSecond) + ";";
    line.pop_back();
    out.push_back(line);
}

}  // namespace

std::vector<std::string> atomicsSummaryLines(const Run& run) {
    std::vector<std::string> out;
    queueLines(run, out);
    casLines(run, out);
    contentionLines(run, out);
    return out;
}

}  // namespace ws
