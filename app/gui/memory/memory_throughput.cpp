#include "app/gui/memory/memory_throughput.h"

#include "core/catalog/catalog.h"
#include "core/memory/memory_settings.h"

namespace ws {

namespace {

// The uint8 images: the byte transpose and the axis reductions.
bool isByteFamily(const MemorySettings& s) {
    return !s.is(MemoryExperiment::TransposeF32) && !s.is(MemoryExperiment::BankProbe);
}

double sizeOf(const MemorySettings& s) { return double(s.width) * double(s.height); }

QString seriesOf(const MemorySettings& s) {
    const QString variant = QString::fromUtf8(transposeVariantName(s.variant));
    switch (s.experiment) {
        case MemoryExperiment::TransposeU8:
            return QStringLiteral("transpose %1").arg(variant);
        case MemoryExperiment::TransposeF32:
            if (s.variant == TransposeVariant::Copy)
                return QObject::tr("copy (float4): the bar to reach");
            return QStringLiteral("float transpose %1").arg(variant);
        case MemoryExperiment::ReduceColumns:
            return QStringLiteral("ReduceHKernelSimple");
        case MemoryExperiment::ReduceRowsAtomic:
            return QStringLiteral("ReduceWKernelSimple");
        case MemoryExperiment::ReduceRowsBlock:
            return QObject::tr("row sums, block per row");
        case MemoryExperiment::BankProbe:
            break;
    }
    return QString::fromUtf8(s.id());
}

}  // namespace

bool isMemoryExperiment(const std::string& id) {
    const ExperimentSpec* spec = findExperiment(id);
    return spec && spec->group == "memory" && id != "bank-probe";
}

ThroughputData memoryThroughputFor(const Run& current, const BundledTraces& bundled,
                                   const std::vector<MeasuredRun>& session) {
    ThroughputData d;
    const auto shown = memorySettingsOf(current);
    if (!shown) return d;
    const bool bytes = isByteFamily(*shown);
    d.xName = bytes ? QObject::tr("image size") : QObject::tr("matrix size");
    d.xUnit = bytes ? QObject::tr("pixels") : QObject::tr("elements");
    d.logX = true;
    d.peakGBs = current.device.memBandwidthGBs;
    d.deviceName = QString::fromStdString(current.device.name);
    // The byte family plots with the copy too: the same bar, whatever the element.
    auto wanted = [&](const MemorySettings& s) {
        if (bytes && isByteFamily(s)) return true;
        return s.is(MemoryExperiment::TransposeF32) &&
               (!bytes || s.variant == TransposeVariant::Copy);
    };
    // Rows per thread change the float transposes' speed: one curve per variant
    // at the run's setting (copy and best do not use it).
    auto sameRows = [&](const MemorySettings& s) {
        if (!s.is(MemoryExperiment::TransposeF32) || !shown->is(MemoryExperiment::TransposeF32))
            return true;
        return s.variant == TransposeVariant::Copy || s.variant == TransposeVariant::Best ||
               s.rowsPerThread == shown->rowsPerThread;
    };
    auto add = [&](const std::string& id, const ParamValues& p, double gbps) {
        if (!parseMemoryExperiment(id)) return;  // another lab's run: nothing to parse
        const auto s = memorySettings(id, p);
        if (!s || gbps <= 0 || sizeOf(*s) <= 0 || !wanted(*s) || !sameRows(*s)) return;
        d.points.push_back({seriesOf(*s), sizeOf(*s), gbps});
    };
    for (const auto& t : bundled.all()) add(t.experiment.toStdString(), t.params, t.gbPerS);
    for (const auto& m : session) add(m.experiment, m.params, m.gbPerS);
    if (current.timing.gbPerS() > 0 && sizeOf(*shown) > 0)
        d.current = ThroughputPoint{{}, sizeOf(*shown), current.timing.gbPerS()};
    return d;
}

}  // namespace ws
