#include "app/gui/reduction/ladder_data.h"

#include <bit>

#include "core/catalog/catalog.h"
#include "core/reduction/reduction_shapes.h"

namespace ws {

namespace {

// Two ladder runs belong to one bar chart when they reduced the same input
// with the same block size.
bool sameInput(const ReductionSettings& a, const ReductionSettings& b) {
    return a.n == b.n && a.block == b.block && a.element == b.element;
}

}  // namespace

LadderData ladderFor(const BundledTraces& bundled, const Run* shown, double peakGBs) {
    LadderData d;
    const ExperimentSpec* spec = findExperiment("reduce-ladder");
    if (!spec) return d;
    // Each bundled ladder trace typed once.
    std::vector<std::pair<const BundledTrace*, ReductionSettings>> traces;
    for (const BundledTrace* t : bundled.forExperiment("reduce-ladder"))
        if (auto s = reductionSettings("reduce-ladder", t->params)) traces.emplace_back(t, *s);
    // The run on show picks n, block and type when it is a ladder run; else
    // the largest n recorded, where the variants differ the most.
    std::optional<ReductionSettings> current =
        shown && shown->experiment == "reduce-ladder" ? reductionSettingsOf(*shown) : std::nullopt;
    std::optional<ReductionSettings> want = current;
    if (!want)
        for (const auto& [t, s] : traces)
            if (!want || s.n > want->n) want = s;
    if (!want) return d;
    const ParamSpec* variants = spec->param("variant");
    for (const std::string& name : variants ? variants->choices : std::vector<std::string>{}) {
        const auto variant = parseReductionVariant(name);
        for (const auto& [t, s] : traces) {
            if (s.variant != variant || !sameInput(s, *want)) continue;
            const bool isCurrent = current && current->variant == variant;
            d.bars.push_back({QString::fromStdString(name), t->gbPerS, isCurrent, {}});
            d.deviceName = t->device;
            break;
        }
    }
    const std::uint64_t n = want->n;
    const bool pow2 = std::has_single_bit(n);
    d.title = QObject::tr("Reduction ladder, n = %1, block %2, %3")
                  .arg(pow2 ? QStringLiteral("2^%1").arg(std::countr_zero(n)) : QString::number(n))
                  .arg(want->block)
                  .arg(QString::fromStdString(elementName(want->element)));
    d.peakGBs = peakGBs;
    return d;
}

}  // namespace ws
