#include "app/gui/atomics/atomics_throughput.h"

#include <map>

#include "core/atomics/atomics_settings.h"
#include "core/atomics/contention_model.h"

namespace ws {

namespace {

// A contention run's settings, typed once by the lab's parser.
std::optional<ContentionSettings> contentionOf(const ParamValues& params) {
    auto s = atomicsSettings("atomic-contention", params);
    if (!s) return std::nullopt;
    return s->contention;
}

QString seriesName(const ContentionSettings& c) {
    QString name = c.addresses == 1 ? QObject::tr("1 address")
                   : c.spacingWords > 1
                       ? QObject::tr("%1 addresses, one per 128-B line").arg(c.addresses)
                       : QObject::tr("%1 addresses, 4 B apart").arg(c.addresses);
    if (c.perThread != 16) name += QObject::tr(", %1 per thread").arg(c.perThread);
    return name;
}

}  // namespace

QString contentionSeriesName(const ParamValues& params) {
    const auto c = contentionOf(params);
    return c ? seriesName(*c) : QString();
}

ContentionPlotData contentionPlotFor(const Run* current, const BundledTraces& bundled,
                                     const std::vector<ContentionMeasurement>& session) {
    // name -> threads -> atomics per second; later sources replace earlier ones.
    std::map<QString, std::map<double, double>> curves;
    for (const BundledTrace* t : bundled.forExperiment("atomic-contention")) {
        const auto c = contentionOf(t->params);
        if (!c) continue;
        const double ops = double(c->threads) * c->perThread;
        if (t->kernelMs > 0 && ops > 0)
            curves[seriesName(*c)][c->threads] = ops / (t->kernelMs * 1e-3);
    }
    for (const auto& m : session)
        if (const auto c = contentionOf(m.params); c && m.atomicsPerSecond > 0)
            curves[seriesName(*c)][c->threads] = m.atomicsPerSecond;
    ContentionPlotData d;
    const auto shown = current ? contentionOf(current->params) : std::nullopt;
    if (current && current->experiment == "atomic-contention" && shown) {
        d.deviceName = QString::fromStdString(current->device.name);
        if (auto curve = readContentionCurve(*current); curve)
            for (const auto& p : *curve) curves[seriesName(*shown)][p.threads] = p.atomicsPerSecond;
        const auto aps = current->figures.find("atomicsPerSecond");
        if (aps != current->figures.end())
            d.current = std::pair(double(shown->threads), aps->second);
    }
    for (const auto& [name, points] : curves) {
        ContentionSeries s{name, {}};
        for (const auto& [x, y] : points) s.points.push_back({x, y});
        d.series.push_back(std::move(s));
    }
    return d;
}

}  // namespace ws
