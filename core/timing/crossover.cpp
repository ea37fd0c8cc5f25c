#include "core/timing/crossover.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/catalog/catalog.h"
#include "core/common/digit_groups.h"

namespace ws {

namespace {

double gpuTime(const CostPoint& p, GpuCost g) {
    return g == GpuCost::Kernel ? p.kernelMs : p.gpuWithTransfersMs();
}
double cpuTime(const CostPoint& p, CpuCost c) {
    return c == CpuCost::OneThread ? p.cpuMs : p.cpuParallelMs;
}

// A size as the narration writes it: three significant digits ("30,800",
// "164,000", "20.1 million"); an interpolated crossing is no more precise.
std::string sizeText(double n) {
    char text[48];
    if (n >= 1e6) {
        std::snprintf(text, sizeof text, "%.3g million", n / 1e6);
        return text;
    }
    const double step = n < 1000 ? 1 : std::pow(10.0, std::floor(std::log10(n)) - 2);
    return groupedDigits(std::uint64_t(std::llround(n / step) * step));
}

// log(gpu / cpu) interpolated to 0 between two sizes on log-log axes.
double crossingBetween(double n0, double m0, double n1, double m1) {
    const double f = m0 == m1 ? 0.5 : m0 / (m0 - m1);
    return std::exp(std::log(n0) + f * (std::log(n1) - std::log(n0)));
}

}  // namespace

std::string Crossover::text() const {
    switch (kind) {
        case Kind::Crosses:
            return "the GPU is faster from about " + sizeText(n) + " elements up";
        case Kind::GpuAlways:
            return "the GPU was faster at every size measured (from " + sizeText(n) + ")";
        case Kind::GpuBetween:
            return "the GPU is faster from about " + sizeText(n) + " to about " + sizeText(nEnd) +
                   " elements, the CPU again above that";
        case Kind::CpuAlways:
            return "the CPU was faster at every size measured";
        case Kind::NotEnoughPoints:
            break;
    }
    return "not enough sizes measured";
}

Crossover findCrossover(std::vector<CostPoint> points, GpuCost gpu, CpuCost cpu) {
    points.erase(std::remove_if(points.begin(), points.end(),
                                [&](const CostPoint& p) {
                                    return !(p.n > 0 && gpuTime(p, gpu) > 0 &&
                                             cpuTime(p, cpu) > 0 && p.kernelMs > 0);
                                }),
                 points.end());
    std::sort(points.begin(), points.end(),
              [](const CostPoint& a, const CostPoint& b) { return a.n < b.n; });
    Crossover c;
    if (points.empty()) return c;
    // log(gpu / cpu): negative where the GPU is faster.
    auto margin = [&](const CostPoint& p) {
        return std::log(gpuTime(p, gpu)) - std::log(cpuTime(p, cpu));
    };
    // The GPU's last stretch ahead: [first, last] with margins below 0.
    std::size_t last = points.size();
    for (std::size_t i = points.size(); i-- > 0;)
        if (margin(points[i]) < 0) {
            last = i;
            break;
        }
    if (last == points.size()) {
        c.kind = Crossover::Kind::CpuAlways;
        return c;
    }
    std::size_t first = last;
    while (first > 0 && margin(points[first - 1]) < 0) --first;
    const bool tail = last + 1 == points.size();
    if (first == 0) {
        c.n = points.front().n;
    } else {
        const CostPoint &a = points[first - 1], &b = points[first];
        c.n = crossingBetween(a.n, margin(a), b.n, margin(b));  // margin(a) >= 0 > margin(b)
    }
    if (tail) {
        c.kind = first == 0 ? Crossover::Kind::GpuAlways : Crossover::Kind::Crosses;
        return c;
    }
    const CostPoint &a = points[last], &b = points[last + 1];
    c.kind = Crossover::Kind::GpuBetween;
    c.nEnd = crossingBetween(a.n, margin(a), b.n, margin(b));  // margin(a) < 0 <= margin(b)
    return c;
}

std::string crossoverFigureName(GpuCost gpu, CpuCost cpu) {
    std::string name = "crossover";
    if (gpu == GpuCost::WithTransfers) name += "WithTransfers";
    if (cpu == CpuCost::AllCores) name += "Parallel";
    return name + "Elements";
}

std::map<std::string, double> crossoverFigures(const std::vector<CostPoint>& points) {
    std::map<std::string, double> out;
    for (GpuCost g : {GpuCost::Kernel, GpuCost::WithTransfers})
        for (CpuCost c : {CpuCost::OneThread, CpuCost::AllCores}) {
            const Crossover x = findCrossover(points, g, c);
            if (x.kind == Crossover::Kind::Crosses || x.kind == Crossover::Kind::GpuAlways)
                out[crossoverFigureName(g, c)] = x.n;
        }
    return out;
}

RecordTable crossoverTable(const std::vector<CostPoint>& points) {
    RecordTable t{kCrossoverTable, {}};
    t.columns.reserve(8);  // add() returns references into the columns
    auto& n = t.add<std::uint64_t>("n");
    auto& cpu = t.add<double>("cpuMs");
    auto& cpuParallel = t.add<double>("cpuParallelMs");
    auto& threads = t.add<std::uint32_t>("cpuThreads");
    auto& kernel = t.add<double>("kernelMs");
    auto& transfer = t.add<double>("transferMs");
    for (const CostPoint& p : points) {
        n.push_back(std::uint64_t(p.n));
        cpu.push_back(p.cpuMs);
        cpuParallel.push_back(p.cpuParallelMs);
        threads.push_back(p.cpuThreads);
        kernel.push_back(p.kernelMs);
        transfer.push_back(p.transferMs);
    }
    return t;
}

Result<std::vector<CostPoint>> readCrossover(const Run& run) {
    const RecordTable* t = findTable(run.tables, kCrossoverTable);
    if (!t) return std::vector<CostPoint>{};
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    auto n = requireColumn<std::uint64_t>(*t, "n");
    if (!n) return makeError(n.error());
    auto threads = requireColumn<std::uint32_t>(*t, "cpuThreads");
    if (!threads) return makeError(threads.error());
    std::vector<const std::vector<double>*> times;
    for (const char* name : {"cpuMs", "cpuParallelMs", "kernelMs", "transferMs"}) {
        auto c = requireColumn<double>(*t, name);
        if (!c) return makeError(c.error());
        times.push_back(*c);
    }
    std::vector<CostPoint> out(t->rows());
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i] = {double((**n)[i]), (*times[0])[i], (*times[1])[i],
                  (**threads)[i],   (*times[2])[i], (*times[3])[i]};
        const std::string at = "crossover row " + std::to_string(i) + ": ";
        if ((**n)[i] == 0) return makeError(at + "n is 0");
        for (double v : {out[i].cpuMs, out[i].cpuParallelMs, out[i].kernelMs, out[i].transferMs})
            if (!std::isfinite(v) || v < 0)
                return makeError(at + "a time of " + std::to_string(v) + " ms");
    }
    return out;
}

CostPoint costPointOf(const Run& run) {
    CostPoint p;
    if (run.params.count("n")) {
        p.n = double(paramInt(run.params, "n"));
    } else if (run.params.count("width") && run.params.count("height")) {
        p.n = double(paramInt(run.params, "width")) * double(paramInt(run.params, "height"));
    }
    p.cpuMs = run.timing.cpuMs;
    p.cpuParallelMs = run.timing.cpuParallelMs;
    p.cpuThreads = std::uint32_t(std::max(0, run.timing.cpuThreads));
    p.kernelMs = run.timing.kernelMs;
    p.transferMs = run.timing.transferMs;
    return p;
}

}  // namespace ws
