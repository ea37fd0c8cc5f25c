#include "app/gui/workbench/throughput_series.h"

#include "core/catalog/catalog.h"

namespace ws {

namespace {
// Parameters that do not change the kernel's speed (tracing is not timed).
bool ignored(const std::string& name) { return name == "traced_blocks"; }

bool sameSetting(const ParamValues& a, const ParamValues& b, const std::string& xName) {
    for (const auto& [k, v] : a) {
        if (k == xName || k == "variant" || ignored(k)) continue;
        const auto it = b.find(k);
        if (it != b.end() && it->second != v) return false;
    }
    return true;
}
}  // namespace

ThroughputData throughputFor(const Run& current, const BundledTraces& bundled,
                             const std::vector<MeasuredRun>& session) {
    ThroughputData d;
    const ExperimentSpec* spec = findExperiment(current.experiment);
    // A run of copies of every size has its own plot against size: here its
    // largest copy's rate stood at min_bytes, beside 1 KiB copies that reach
    // a fraction of it.
    if (spec && spec->lists("bandwidth")) {
        d.emptyText = QObject::tr(
                          "%1 times copies of every size at once:\nthe Bandwidth tab of First "
                          "kernels plots them against their size.")
                          .arg(QString::fromStdString(current.experiment));
        return d;
    }
    std::string xName = "n";
    if (spec && !spec->param("n")) {
        for (const auto& p : spec->params)
            if (p.type != ParamType::Choice && !ignored(p.name)) {
                xName = p.name;
                break;
            }
    }
    if (spec)
        if (const ParamSpec* p = spec->param(xName)) {
            d.xUnit = QString::fromStdString(p->unit);
            d.logX = p->logScale || p->powerOfTwo;
        }
    d.xName = QString::fromStdString(xName);
    d.peakGBs = current.device.memBandwidthGBs;
    d.deviceName = QString::fromStdString(current.device.name);

    auto add = [&](const ParamValues& params, double gbps) {
        const auto x = params.find(xName);
        if (gbps <= 0 || x == params.end() || !sameSetting(current.params, params, xName)) return;
        const auto v = params.find("variant");
        ThroughputPoint pt{v != params.end() ? QString::fromStdString(v->second)
                                             : QString::fromStdString(current.experiment),
                           std::atof(x->second.c_str()), gbps};
        if (v != params.end() && v->second == "cub")
            d.vendor.push_back(pt);
        else
            d.points.push_back(pt);
    };
    for (const auto* t : bundled.forExperiment(current.experiment)) add(t->params, t->gbPerS);
    for (const auto& m : session)
        if (m.experiment == current.experiment) add(m.params, m.gbPerS);
    const auto x = current.params.find(xName);
    if (x != current.params.end() && current.timing.gbPerS() > 0)
        d.current = ThroughputPoint{{}, std::atof(x->second.c_str()), current.timing.gbPerS()};
    // A run that times no bytes (greetings, counters, a queue of sleeps) has
    // no throughput to wait for: the plot says so instead of asking for runs.
    if (d.points.empty() && d.vendor.empty() && !d.current && current.timing.bytesMoved <= 0)
        d.emptyText = QObject::tr(
                          "%1 moves no data to time:\nit has no throughput to plot.\n"
                          "Its measurements are in the run panel.")
                          .arg(QString::fromStdString(current.experiment));
    return d;
}

ThroughputData ThroughputProviders::dataFor(const Run& current, const BundledTraces& bundled,
                                            const std::vector<MeasuredRun>& session,
                                            const ThroughputLater& later) const {
    const ThroughputLater ignored = [](ThroughputData) {};
    for (const ThroughputProvider& provider : m_providers)
        if (auto data = provider(current, later ? later : ignored)) return std::move(*data);
    return throughputFor(current, bundled, session);
}

QString throughputTitle(const ThroughputData& data) {
    QString title = data.yName;
    if (!title.isEmpty()) title[0] = title[0].toUpper();
    return title;
}

}  // namespace ws
