#include "app/gui/atomics/atomics_throughput.h"

#include <map>

#include "core/atomics/contention_model.h"

namespace ws {

namespace {

double number(const ParamValues& p, const char* name) {
    const auto it = p.find(name);
    return it == p.end() ? 0 : std::atof(it->second.c_str());
}

}  // namespace

QString contentionSeriesName(const ParamValues& params) {
    const auto addresses = (long long)number(params, "addresses");
    const auto spacing = params.count("spacing") ? params.at("spacing") : std::string("word");
    QString name = addresses == 1 ? QObject::tr("1 address")
                   : spacing == "line"
                       ? QObject::tr("%1 addresses, one per 128-B line").arg(addresses)
                       : QObject::tr("%1 addresses, 4 B apart").arg(addresses);
    const auto perThread = (long long)number(params, "per_thread");
    if (perThread != 16) name += QObject::tr(", %1 per thread").arg(perThread);
    return name;
}

ContentionPlotData contentionPlotFor(const Run* current, const BundledTraces& bundled,
                                     const std::vector<ContentionMeasurement>& session) {
    // name -> threads -> atomics per second; later sources replace earlier ones.
    std::map<QString, std::map<double, double>> curves;
    for (const BundledTrace* t : bundled.forExperiment("atomic-contention")) {
        const double threads = number(t->params, "threads");
        const double ops = threads * number(t->params, "per_thread");
        if (t->kernelMs > 0 && ops > 0)
            curves[contentionSeriesName(t->params)][threads] = ops / (t->kernelMs * 1e-3);
    }
    for (const auto& m : session)
        if (m.atomicsPerSecond > 0)
            curves[contentionSeriesName(m.params)][number(m.params, "threads")] =
                m.atomicsPerSecond;
    ContentionPlotData d;
    if (current && current->experiment == "atomic-contention") {
        d.deviceName = QString::fromStdString(current->device.name);
        if (auto curve = readContentionCurve(*current); curve)
            for (const auto& p : *curve)
                curves[contentionSeriesName(current->params)][p.threads] = p.atomicsPerSecond;
        const auto aps = current->figures.find("atomicsPerSecond");
        if (aps != current->figures.end())
            d.current = std::pair(number(current->params, "threads"), aps->second);
    }
    for (const auto& [name, points] : curves) {
        ContentionSeries s{name, {}};
        for (const auto& [x, y] : points) s.points.push_back({x, y});
        d.series.push_back(std::move(s));
    }
    return d;
}

}  // namespace ws
