#include "app/gui/memory/bank_probe_series.h"

#include <map>
#include <memory>
#include <mutex>

#include "app/gui/common/background_job.h"
#include "core/memory/bank_probe_cycles.h"
#include "core/memory/memory_settings.h"
#include "core/trace/trace_io.h"

namespace ws {

namespace {

struct StridePoint {
    double stride = 0;
    ProbeCycles cycles;
};

// Probe runs read so far, by file: they are small and never change.
std::mutex& cacheLock() {
    static std::mutex m;
    return m;
}
std::map<QString, std::optional<StridePoint>>& cache() {
    static std::map<QString, std::optional<StridePoint>> c;
    return c;
}

std::optional<StridePoint> pointOf(const Run& run) {
    const auto settings = memorySettingsOf(run);
    if (!settings || !settings->is(MemoryExperiment::BankProbe) ||
        settings->probe.pattern != "stride")
        return std::nullopt;
    const auto c = probeCycles(run);
    if (!c || c->loadCycles <= 0) return std::nullopt;
    return StridePoint{double(settings->probe.strideElements), *c};
}

// The bundled probes at the shown run's element width, by a stride.
std::vector<QString> sameWidthFiles(const Run& current, const BundledTraces& bundled) {
    std::vector<QString> files;
    const auto shown = memorySettingsOf(current);
    for (const BundledTrace* t : bundled.forExperiment("bank-probe")) {
        const auto s = memorySettings("bank-probe", t->params);
        if (!s || s->probe.pattern != "stride") continue;
        if (shown && s->probe.widthBytes != shown->probe.widthBytes) continue;
        files.push_back(t->file);
    }
    return files;
}

ThroughputData dataOf(const Run& current, const std::vector<StridePoint>& others) {
    ThroughputData d;
    d.xName = QObject::tr("stride");
    d.xUnit = QObject::tr("elements");
    d.logX = false;
    d.yName = QObject::tr("cycles per access");
    d.unit = QStringLiteral("clock64");
    d.deviceName = QString::fromStdString(current.device.name);
    d.emptyText = QObject::tr("No probe cycles recorded yet.\nRun the probe with pattern=stride.");
    std::vector<StridePoint> all = others;
    const auto mine = pointOf(current);
    if (mine) all.push_back(*mine);
    // A dependent load costs a fixed latency plus one bank cycle per extra
    // pass: fit cycles = a + b * passes by least squares over the probe runs
    // and draw the line at each run's predicted passes. Where the points sit
    // on it, the passes explain the cost.
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const StridePoint& p : all) {
        const double x = p.cycles.passes, y = p.cycles.loadCycles;
        n += 1, sx += x, sy += y, sxx += x * x, sxy += x * y;
    }
    const double det = n * sxx - sx * sx;
    const bool fitted = n >= 2 && det > 0;
    const double b = fitted ? (n * sxy - sx * sy) / det : 0;
    const double a = fitted ? (sy - b * sx) / n : 0;
    const QString loads = QObject::tr("loads (measured)"),
                  stores = QObject::tr("stores (measured)");
    for (const StridePoint& p : all) {
        d.points.push_back({loads, p.stride, p.cycles.loadCycles});
        if (p.cycles.storeCycles > 0) d.points.push_back({stores, p.stride, p.cycles.storeCycles});
        if (fitted) d.vendor.push_back({{}, p.stride, a + b * p.cycles.passes});
    }
    d.vendorName = QObject::tr("from the predicted passes: %1 + %2 × passes")
                       .arg(a, 0, 'f', 0)
                       .arg(b, 0, 'f', 1);
    if (mine) d.current = ThroughputPoint{{}, mine->stride, mine->cycles.loadCycles};
    return d;
}

}  // namespace

bool isBankProbe(const Run& run) { return run.experiment == "bank-probe"; }

ThroughputData bankProbeCyclesFor(const Run& current, const BundledTraces& bundled, QObject* owner,
                                  std::function<void(ThroughputData)> updated) {
    const std::vector<QString> files = sameWidthFiles(current, bundled);
    std::vector<StridePoint> known;
    bool missing = false;
    {
        std::lock_guard lock(cacheLock());
        for (const QString& f : files) {
            const auto it = cache().find(f);
            if (it == cache().end())
                missing = true;
            else if (it->second)
                known.push_back(*it->second);
        }
    }
    if (missing && updated) {
        // A copy of the run: the caller's may be gone when the files are read.
        auto run = std::make_shared<const Run>(current);
        runInBackground<std::vector<StridePoint>>(
            owner,
            [files] {
                std::vector<StridePoint> points;
                for (const QString& f : files) {
                    {
                        std::lock_guard lock(cacheLock());
                        if (const auto it = cache().find(f); it != cache().end()) {
                            if (it->second) points.push_back(*it->second);
                            continue;
                        }
                    }
                    auto r = loadTrace(f.toStdString());
                    std::optional<StridePoint> p = r ? pointOf(*r) : std::nullopt;
                    std::lock_guard lock(cacheLock());
                    cache()[f] = p;
                    if (p) points.push_back(*p);
                }
                return points;
            },
            [run, updated](std::vector<StridePoint> points) { updated(dataOf(*run, points)); });
    }
    return dataOf(current, known);
}

}  // namespace ws
