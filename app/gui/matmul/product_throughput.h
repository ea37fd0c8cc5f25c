#pragma once
// The throughput plot of measured matrix products, shared by the FP32 ladder
// (app/gui/matmul) and the tensor cores' BF16 one (app/gui/tensorcore): rate
// against n on a log axis, the vendor library's runs ("cublas") as the
// vendor series, every other variant a point, the shown run's own measure.
#include <QObject>
#include <optional>
#include <vector>

#include "widgets/plots/throughput_plot.h"

namespace ws {

// `Measurement` has `variant`, `n` and `gflops`; `scale` divides the rate
// (1000: TFLOP/s); `name(m)` names a point.
template <typename Measurement, typename Name>
ThroughputData productThroughput(const QString& unit, double scale,
                                 const std::vector<Measurement>& measured,
                                 const std::optional<Measurement>& shown, Name name) {
    ThroughputData d;
    d.xName = QObject::tr("n");
    d.xUnit = QObject::tr("rows and columns");
    d.logX = true;
    d.unit = unit;
    for (const auto& m : measured) {
        const ThroughputPoint p{name(m), double(m.n), m.gflops / scale};
        (m.variant == "cublas" ? d.vendor : d.points).push_back(p);
    }
    if (shown) d.current = ThroughputPoint{{}, double(shown->n), shown->gflops / scale};
    return d;
}

}  // namespace ws
