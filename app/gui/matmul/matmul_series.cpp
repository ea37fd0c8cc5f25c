#include "app/gui/matmul/matmul_series.h"

#include <algorithm>

#include "app/gui/common/ladder_choice.h"
#include "app/gui/matmul/product_throughput.h"
#include "core/catalog/catalog.h"
#include "core/matmul/matmul_settings.h"
#include "core/matmul/matmul_traffic.h"
#include "core/matmul/matmul_variants.h"
#include "core/memory/memory_settings.h"
#include "core/profile/counter_catalog.h"

namespace ws {

namespace {

std::optional<MatmulMeasurement> measurement(const std::string& experiment, const ParamValues& p,
                                             double kernelMs, const std::string& device,
                                             bool verified) {
    if (experiment != "matmul" || kernelMs <= 0) return std::nullopt;
    // Parsed once by the catalog entry: its defaults, not ones written here.
    const auto settings = matmulSettings(p);
    if (!settings) return std::nullopt;
    MatmulMeasurement m;
    m.variant = matmulVariantInfo(settings->variant).id;
    m.n = settings->n;
    m.blockDim = settings->blockDim;
    m.gflops = matmulFlops(m.n) / (kernelMs * 1e6);
    m.device = device;
    // A setting wrong by design counts as failed even where no check ran (a
    // modelled run): its bar must not read as a rung of the ladder.
    const ExperimentSpec* spec = findExperiment("matmul");
    m.verified =
        verified && !(spec && spec->failsByDesign && spec->failsByDesign(settings->resolved));
    return m;
}

bool usesBlockDim(const std::string& variant) {
    const auto v = parseMatmulVariant(variant);
    return v && matmulVariantInfo(*v).usesBlockDim;
}

QString label(const MatmulMeasurement& m) {
    return usesBlockDim(m.variant)
               ? QStringLiteral("%1 (%2)").arg(QString::fromStdString(m.variant),
                                               QString::number(m.blockDim))
               : QString::fromStdString(m.variant);
}

// The measurements on the shown run's device, when there are any.
std::vector<MatmulMeasurement> sameDevice(const Run* shown, const MatmulSources& sources) {
    return onShownDevice(shown, matmulMeasurements(sources));
}

// A run at each memory level its counters measured: its FLOPs over the
// DRAM (read and written), L2 and L1 bytes, at its GFLOP/s.
std::vector<RooflinePoint> levelsOf(const LevelBytes& measured, const RooflinePoint& at,
                                    double flops) {
    std::vector<RooflinePoint> out;
    const std::pair<const char*, double> levels[] = {
        {"DRAM", measured.dram}, {"L2", measured.l2}, {"L1", measured.l1}};
    for (const auto& [level, bytes] : levels) {
        if (bytes <= 0 || flops <= 0) continue;
        RooflinePoint p = at;
        p.intensity = flops / bytes;
        p.measuredIntensity = true;
        p.level = QString::fromLatin1(level);
        out.push_back(p);
    }
    return out;
}

}  // namespace

std::optional<MatmulMeasurement> matmulMeasurementOf(const Run& run) {
    const bool failed = run.verification.checked && !run.verification.passed;
    auto m = measurement(run.experiment, run.params, run.timing.kernelMs, run.device.name, !failed);
    if (m) m->counterBytes = measuredLevelBytes(run.profile);
    return m;
}

std::vector<MatmulMeasurement> matmulMeasurements(const MatmulSources& sources) {
    std::vector<MatmulMeasurement> out;
    if (sources.bundled)
        for (const auto& t : sources.bundled->all())
            if (auto m = measurement(t.experiment.toStdString(), t.params, t.kernelMs,
                                     t.device.toStdString(), t.verified)) {
                m->counterBytes = t.counterBytes;
                out.push_back(*m);
            }
    out.insert(out.end(), sources.session.begin(), sources.session.end());
    return out;
}

std::pair<double, QString> matmulMemoryRoof(const BundledTraces* bundled,
                                            const DeviceInfo& device) {
    double best = 0;
    double largest = 0;
    if (bundled)
        for (const BundledTrace* t : bundled->forExperiment("transpose-f32")) {
            const auto copy = memorySettings("transpose-f32", t->params);
            if (!copy || copy->variant != TransposeVariant::Copy || t->gbPerS <= 0) continue;
            if (!device.name.empty() && t->device.toStdString() != device.name) continue;
            const double size = double(copy->width) * double(copy->height);
            if (size > largest) {
                largest = size;
                best = t->gbPerS;
            }
        }
    if (best > 0) return {best, QObject::tr("float4 copy measured on this device")};
    return {device.memBandwidthGBs, QObject::tr("theoretical: no copy measured on this device")};
}

RooflineData matmulRoofline(const Run* shown, const MatmulSources& sources) {
    RooflineData d;
    if (shown) {
        const DeviceInfo& dev = shown->device;
        d.deviceName = QString::fromStdString(dev.name);
        d.peakGflops = fp32PeakGflops(dev);
        d.peakText = QObject::tr("%1 SMs × %2 FP32 lanes × 2 × %3 GHz")
                         .arg(dev.smCount)
                         .arg(fp32LanesPerSm(dev.ccMajor, dev.ccMinor))
                         .arg(dev.smClockKHz / 1e6, 0, 'f', 2);
        std::tie(d.memoryGBs, d.memorySource) = matmulMemoryRoof(sources.bundled, dev);
    }
    for (const auto& v : matmulVariants()) d.variants << QString::fromLatin1(v.id);
    auto pointOf = [&](const MatmulMeasurement& m) -> std::optional<RooflinePoint> {
        const auto v = parseMatmulVariant(m.variant);
        RooflinePoint p{label(m), double(m.n), 0, m.gflops, false, {}};
        p.variant = QString::fromStdString(m.variant);
        const auto c = sources.counters;
        if (m.counterBytes) {
            // The run's own counters (--why): its DRAM bytes.
            p.intensity = matmulFlops(m.n) / m.counterBytes->dram;
            p.measuredIntensity = true;
        } else if (c && c->variants.count(m.variant) && c->n == m.n &&
                   c->variants.at(m.variant).dramReadBytes > 0) {
            p.intensity = matmulFlops(m.n) / c->variants.at(m.variant).dramReadBytes;
            p.measuredIntensity = true;
        } else if (*v == MatmulVariant::Cublas && c && c->variants.count(m.variant) &&
                   c->variants.at(m.variant).dramReadBytes > 0) {
            // cuBLAS has no model: its DRAM intensity measured at the counters' size.
            p.intensity = matmulFlops(c->n) / c->variants.at(m.variant).dramReadBytes;
            p.measuredIntensity = true;
        } else {
            p.intensity = matmulTraffic(*v, m.blockDim, m.n).intensity();
        }
        if (p.intensity <= 0 || matmulVariantInfo(*v).cpu) return std::nullopt;
        return p;
    };
    for (const auto& m : sameDevice(shown, sources))
        if (auto p = pointOf(m)) {
            d.points.push_back(*p);
            // Every run with counters at its L2 and L1 bytes too.
            if (m.counterBytes)
                for (const RooflinePoint& level : levelsOf(*m.counterBytes, *p, matmulFlops(m.n)))
                    if (!level.level.startsWith(QLatin1String("DRAM")))
                        d.levelPoints.push_back(level);
        }
    if (shown) {
        const auto m = matmulMeasurementOf(*shown);
        if (m) d.current = pointOf(*m);
        if (m && d.current && m->counterBytes)
            d.measuredLevels =
                levelsOf(*m->counterBytes, *d.current,
                         shown->timing.flops > 0 ? shown->timing.flops : matmulFlops(m->n));
        if (!m && !d.current)
            d.note = QObject::tr(
                         "The matrix multiply lab's runs on this device;\n"
                         "the run on show (%1) is not one of them.")
                         .arg(QString::fromStdString(shown->experiment));
        else if (!d.current && !matmulVariantInfo(*parseMatmulVariant(m->variant)).cpu)
            d.note = QObject::tr(
                         "The run on show (%1, n = %2, %3 GFLOP/s) is not placed:\n"
                         "no load model, and no DRAM counters at this size.")
                         .arg(QString::fromStdString(m->variant))
                         .arg(m->n)
                         .arg(m->gflops, 0, 'f', 0);
    }
    return d;
}

ReuseData matmulReuse(const Run* shown, const MatmulSources& sources) {
    ReuseData d;
    const auto mine = shown ? matmulMeasurementOf(*shown) : std::nullopt;
    const std::uint32_t n = mine ? mine->n : 1024;
    const std::uint32_t blockDim = mine ? mine->blockDim : 8;
    d.title = QObject::tr("model at n = %1").arg(n);
    const auto& c = sources.counters;
    d.countersSource =
        c ? QObject::tr("measured: Nsight Compute counters at n = %1%2")
                .arg(c->n)
                .arg(c->device.empty()
                         ? QString()
                         : QObject::tr(" on %1").arg(QString::fromStdString(c->device)))
          : QObject::tr("no hardware counters bundled: the model only");
    for (const auto& info : matmulVariants()) {
        if (info.cpu) continue;
        ReuseBar b;
        b.variant = QString::fromLatin1(info.id);
        const MatmulTraffic t = matmulTraffic(info.variant, blockDim, n);
        b.askedBytesPerFlop = t.bytesPerFlop();
        b.sectorBytesPerFlop = t.sectorBytesPerFlop();
        if (c && c->variants.count(info.id)) {
            const MatmulCounter& m = c->variants.at(info.id);
            const double flops = matmulFlops(c->n);
            b.l1BytesPerFlop = 32 * m.l1GlobalLoadSectors / flops;
            b.l2BytesPerFlop = 32 * m.l2ReadSectors / flops;
            b.dramBytesPerFlop = m.dramReadBytes / flops;
        }
        if (b.askedBytesPerFlop <= 0 && b.dramBytesPerFlop < 0) continue;
        b.current = mine && mine->variant == info.id;
        d.bars.push_back(b);
    }
    return d;
}

LadderData matmulLadder(const Run* shown, const MatmulSources& sources) {
    LadderData d;
    d.unit = QStringLiteral("GFLOP/s");
    d.axisLabel = QObject::tr("GFLOP/s (2 n³ / kernel time)");
    d.referenceName = QObject::tr("cuBLAS");
    d.fractionName = QObject::tr("of cuBLAS");
    const auto all = sameDevice(shown, sources);
    const auto mine = shown ? matmulMeasurementOf(*shown) : std::nullopt;
    // 4096 when the shown run's size has too few rungs: the size of the goal.
    const std::uint32_t n =
        ladderSize(all, mine ? std::optional(mine->n) : std::nullopt, std::uint32_t(4096));
    if (!n) return d;
    d.title = QObject::tr("Matrix multiply ladder, n = %1").arg(n);
    for (const auto& info : matmulVariants()) {
        const MatmulMeasurement* pick = nullptr;
        for (const auto& m : all) {
            if (m.n != n || m.variant != info.id) continue;
            const bool preferred = mine && m.blockDim == mine->blockDim;
            if (!pick || preferred) pick = &m;
        }
        if (!pick) continue;
        if (info.variant == MatmulVariant::Cublas) d.peakGBs = pick->gflops;
        LadderBar b{label(*pick), pick->gflops, false, {}};
        b.current =
            mine && mine->n == n && mine->variant == info.id && mine->blockDim == pick->blockDim;
        b.failed = !pick->verified;
        if (info.a6000PercentOfCublas >= 0)
            b.note = QObject::tr("A6000: %1 %").arg(info.a6000PercentOfCublas, 0, 'f', 1);
        d.deviceName = QString::fromStdString(pick->device);
        d.bars.push_back(b);
    }
    return d;
}

ThroughputData matmulThroughput(const Run& shown, const MatmulSources& sources) {
    ThroughputData d =
        productThroughput(QStringLiteral("GFLOP/s"), 1.0, sameDevice(&shown, sources),
                          matmulMeasurementOf(shown), [](const auto& m) { return label(m); });
    d.vendorName = QObject::tr("cuBLAS (FP32, no tensor cores)");
    d.peakName = QObject::tr("FP32 peak");
    d.peakGBs = fp32PeakGflops(shown.device);
    d.deviceName = QString::fromStdString(shown.device.name);
    return d;
}

}  // namespace ws
