#include "app/gui/tensorcore/tensorcore_series.h"

#include "app/gui/common/ladder_choice.h"
#include "app/gui/matmul/product_throughput.h"
#include "core/matmul/matmul_variants.h"
#include "core/tensorcore/tensorcore_settings.h"
#include "core/tensorcore/tensorcore_variants.h"

namespace ws {

namespace {

std::optional<TensorCoreMeasurement> measurement(const std::string& experiment,
                                                 const ParamValues& p, double kernelMs,
                                                 const std::string& device, bool verified) {
    if (experiment != kTensorCoreExperiment || kernelMs <= 0) return std::nullopt;
    const auto settings = tensorCoreSettings(p);
    if (!settings) return std::nullopt;
    TensorCoreMeasurement m;
    m.variant = tensorCoreVariantInfo(settings->variant).id;
    m.n = settings->n;
    m.gflops = matmulFlops(m.n) / (kernelMs * 1e6);
    m.device = device;
    m.verified = verified;
    return m;
}

std::vector<TensorCoreMeasurement> sameDevice(const Run* shown, const TensorCoreSources& s) {
    return onShownDevice(shown, tensorCoreMeasurements(s));
}

}  // namespace

std::optional<TensorCoreMeasurement> tensorCoreMeasurementOf(const Run& run) {
    const bool failed = run.verification.checked && !run.verification.passed;
    return measurement(run.experiment, run.params, run.timing.kernelMs, run.device.name, !failed);
}

std::vector<TensorCoreMeasurement> tensorCoreMeasurements(const TensorCoreSources& sources) {
    std::vector<TensorCoreMeasurement> out;
    if (sources.bundled)
        for (const BundledTrace* t : sources.bundled->forExperiment(kTensorCoreExperiment))
            if (auto m = measurement(t->experiment.toStdString(), t->params, t->kernelMs,
                                     t->device.toStdString(), t->verified))
                out.push_back(*m);
    out.insert(out.end(), sources.session.begin(), sources.session.end());
    return out;
}

LadderData tensorCoreLadder(const Run* shown, const TensorCoreSources& sources) {
    LadderData d;
    // TFLOP/s: the tensor cores' figures run to six digits in GFLOP/s,
    // too many to read off a bar from the back of a lecture hall.
    d.unit = QStringLiteral("TFLOP/s");
    d.axisLabel = QObject::tr("TFLOP/s (2 n³ / kernel time), BF16 in, FP32 accumulate");
    d.referenceName = QObject::tr("cuBLAS BF16");
    d.fractionName = QObject::tr("of cuBLAS");
    const auto all = sameDevice(shown, sources);
    const auto mine = shown ? tensorCoreMeasurementOf(*shown) : std::nullopt;
    const std::uint32_t n = ladderSize(all, mine ? std::optional(mine->n) : std::nullopt);
    if (!n) return d;
    d.title = QObject::tr("Tensor-core ladder (BF16), n = %1").arg(n);
    double peak = 0;
    if (shown && shown->device.smCount > 0) peak = bf16TensorPeakGflops(shown->device);
    for (const auto& info : tensorCoreVariants()) {
        const TensorCoreMeasurement* pick = nullptr;
        for (const auto& m : all)
            if (m.n == n && m.variant == info.id) pick = &m;  // the newest: session runs last
        if (!pick) continue;
        if (info.variant == TensorCoreVariant::Cublas) d.peakGBs = pick->gflops / 1000;
        LadderBar b{QString::fromLatin1(info.id), pick->gflops / 1000, false, {}};
        b.current = mine && mine->n == n && mine->variant == info.id;
        b.failed = !pick->verified;
        if (peak > 0)
            b.note = QObject::tr("%1 % of BF16 peak").arg(100 * pick->gflops / peak, 0, 'f', 0);
        d.deviceName = QString::fromStdString(pick->device);
        d.bars.push_back(b);
    }
    return d;
}

ThroughputData tensorCoreThroughput(const Run& shown, const TensorCoreSources& sources) {
    ThroughputData d = productThroughput(
        QStringLiteral("TFLOP/s"), 1000.0, sameDevice(&shown, sources),
        tensorCoreMeasurementOf(shown),
        [](const TensorCoreMeasurement& m) { return QString::fromStdString(m.variant); });
    d.vendorName = QObject::tr("cuBLAS (BF16)");
    d.peakName = QObject::tr("BF16 tensor peak");
    d.peakGBs = shown.device.smCount > 0 ? bf16TensorPeakGflops(shown.device) / 1000 : 0;
    d.deviceName = QString::fromStdString(shown.device.name);
    return d;
}

void addTensorCoreRoof(RooflineData& r, const Run* shown, const TensorCoreSources& sources) {
    if (!shown) return;
    const DeviceInfo& dev = shown->device;
    r.tensorPeakGflops = bf16TensorPeakGflops(dev);
    if (r.tensorPeakGflops > 0)
        r.tensorPeakText = QObject::tr("%1 SMs × %2 BF16 FLOP a clock × %3 GHz")
                               .arg(dev.smCount)
                               .arg(bf16TensorFlopsPerClockPerSm(dev.ccMajor, dev.ccMinor))
                               .arg(dev.smClockKHz / 1e6, 0, 'f', 2);
    auto pointOf = [](const TensorCoreMeasurement& m) -> std::optional<RooflinePoint> {
        const auto v = parseTensorCoreVariant(m.variant);
        const auto t = v ? tensorCoreTiling(*v) : std::nullopt;
        if (!t) return std::nullopt;  // cuBLAS: its tiles are not known
        RooflinePoint p;
        p.variant = QStringLiteral("BF16 %1").arg(QString::fromStdString(m.variant));
        p.n = m.n;
        // Every block tile loads A's row panel and B's column panel once, 2
        // bytes an element: 2 n³ (tileM + tileN) / (tileM tileN) bytes for
        // 2 n³ FLOP.
        p.intensity = double(t->tileM) * t->tileN / double(t->tileM + t->tileN);
        p.gflops = m.gflops;
        return p;
    };
    for (const auto& info : tensorCoreVariants())
        if (info.ownKernel)
            r.variants << QStringLiteral("BF16 %1").arg(QString::fromLatin1(info.id));
    for (const auto& m : sameDevice(shown, sources))
        if (auto p = pointOf(m)) r.points.push_back(*p);
    // The matrix multiply's note that its own runs do not hold this one
    // gives way: a tensor-core run is placed here, or says why not.
    if (auto m = tensorCoreMeasurementOf(*shown)) {
        r.note.clear();
        if (auto p = pointOf(*m))
            r.current = p;
        else
            r.note =
                QObject::tr("The run on show (BF16 %1) is not placed: its tiles are not known.")
                    .arg(QString::fromStdString(m->variant));
    }
}

}  // namespace ws
