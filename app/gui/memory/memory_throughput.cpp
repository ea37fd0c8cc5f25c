#include "app/gui/memory/memory_throughput.h"

#include "core/catalog/catalog.h"

namespace ws {

namespace {

bool isByteFamily(const std::string& id) {
    return id == "transpose-u8" || id == "reduce-columns" || id == "reduce-rows-atomic" ||
           id == "reduce-rows-block";
}

double sizeOf(const ParamValues& p) {
    const auto w = p.find("width"), h = p.find("height");
    if (w == p.end() || h == p.end()) return 0;
    return std::atof(w->second.c_str()) * std::atof(h->second.c_str());
}

QString seriesOf(const std::string& id, const ParamValues& p) {
    const auto v = p.find("variant");
    const std::string variant = v == p.end() ? std::string() : v->second;
    if (id == "transpose-u8")
        return QStringLiteral("transpose %1").arg(QString::fromStdString(variant));
    if (id == "transpose-f32") {
        if (variant == "copy") return QObject::tr("copy (float4): the bar to reach");
        return QStringLiteral("float transpose %1").arg(QString::fromStdString(variant));
    }
    if (id == "reduce-columns") return QStringLiteral("ReduceHKernelSimple");
    if (id == "reduce-rows-atomic") return QStringLiteral("ReduceWKernelSimple");
    if (id == "reduce-rows-block") return QObject::tr("row sums, block per row");
    return QString::fromStdString(id);
}

}  // namespace

bool isMemoryExperiment(const std::string& id) {
    const ExperimentSpec* spec = findExperiment(id);
    return spec && spec->group == "memory" && id != "bank-probe";
}

ThroughputData memoryThroughputFor(const Run& current, const BundledTraces& bundled,
                                   const std::vector<MeasuredRun>& session) {
    ThroughputData d;
    const bool bytes = isByteFamily(current.experiment);
    d.xName = bytes ? QObject::tr("image size") : QObject::tr("matrix size");
    d.xUnit = bytes ? QObject::tr("pixels") : QObject::tr("elements");
    d.logX = true;
    d.peakGBs = current.device.memBandwidthGBs;
    d.deviceName = QString::fromStdString(current.device.name);
    // The byte family plots with the copy too: the same bar, whatever the element.
    auto wanted = [&](const std::string& id, const ParamValues& p) {
        if (bytes && isByteFamily(id)) return true;
        return id == "transpose-f32" &&
               (!bytes || (p.count("variant") && p.at("variant") == "copy"));
    };
    // Rows per thread change the float transposes' speed: one curve per variant
    // at the run's setting (copy and best do not use it).
    const auto rows = current.params.find("rows_per_thread");
    auto sameRows = [&](const ParamValues& p) {
        const auto v = p.find("variant"), r = p.find("rows_per_thread");
        if (rows == current.params.end() || r == p.end() || v == p.end()) return true;
        return v->second == "copy" || v->second == "best" || r->second == rows->second;
    };
    auto add = [&](const std::string& id, const ParamValues& p, double gbps) {
        const double x = sizeOf(p);
        if (gbps <= 0 || x <= 0 || !wanted(id, p) || !sameRows(p)) return;
        d.points.push_back({seriesOf(id, p), x, gbps});
    };
    for (const auto& t : bundled.all()) add(t.experiment.toStdString(), t.params, t.gbPerS);
    for (const auto& m : session) add(m.experiment, m.params, m.gbPerS);
    if (current.timing.gbPerS() > 0 && sizeOf(current.params) > 0)
        d.current = ThroughputPoint{{}, sizeOf(current.params), current.timing.gbPerS()};
    return d;
}

}  // namespace ws
