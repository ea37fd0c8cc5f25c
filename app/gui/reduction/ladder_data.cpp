#include "app/gui/reduction/ladder_data.h"

#include <bit>

#include "core/catalog/catalog.h"

namespace ws {

LadderData ladderFor(const BundledTraces& bundled, const Run* shown, double peakGBs) {
    LadderData d;
    const ExperimentSpec* spec = findExperiment("reduce-ladder");
    if (!spec) return d;
    // The run on show picks n, block and type when it is a ladder run; else
    // the largest n recorded, where the variants differ the most.
    ParamValues want;
    if (shown && shown->experiment == "reduce-ladder") want = shown->params;
    const auto traces = bundled.forExperiment("reduce-ladder");
    if (want.empty()) {
        long long bestN = 0;
        for (const BundledTrace* t : traces)
            if (t->params.count("n") && std::stoll(t->params.at("n")) > bestN) {
                bestN = std::stoll(t->params.at("n"));
                want = t->params;
            }
    }
    if (want.empty()) return d;
    const ParamSpec* variants = spec->param("variant");
    for (const std::string& v : variants ? variants->choices : std::vector<std::string>{}) {
        for (const BundledTrace* t : traces) {
            auto same = [&](const char* k) {
                return t->params.count(k) && want.count(k) && t->params.at(k) == want.at(k);
            };
            if (t->params.count("variant") && t->params.at("variant") == v && same("n") &&
                same("block") && same("type")) {
                const bool current = shown && shown->experiment == "reduce-ladder" &&
                                     shown->params.count("variant") &&
                                     shown->params.at("variant") == v;
                d.bars.push_back({QString::fromStdString(v), t->gbPerS, current, {}});
                d.deviceName = t->device;
                break;
            }
        }
    }
    const long long n = std::stoll(want.at("n"));
    const bool pow2 = n > 0 && (n & (n - 1)) == 0;
    d.title = QObject::tr("Reduction ladder, n = %1, block %2, %3")
                  .arg(pow2 ? QStringLiteral("2^%1").arg(std::countr_zero(std::uint64_t(n)))
                            : QString::number(n))
                  .arg(QString::fromStdString(want.at("block")))
                  .arg(QString::fromStdString(want.count("type") ? want.at("type") : ""));
    d.peakGBs = peakGBs;
    return d;
}

}  // namespace ws
