#include "core/crossover.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/catalog.h"

namespace ws {

namespace {

double gpuTime(const CostPoint& p, GpuCost g) {
    return g == GpuCost::Kernel ? p.kernelMs : p.gpuWithTransfersMs();
}
double cpuTime(const CostPoint& p, CpuCost c) {
    return c == CpuCost::OneThread ? p.cpuMs : p.cpuParallelMs;
}

std::string sizeText(double n) {
    char text[32];
    if (n >= 1e6)
        std::snprintf(text, sizeof text, "%.3g million", n / 1e6);
    else
        std::snprintf(text, sizeof text, "%.0f", n);
    return text;
}

}  // namespace

std::string Crossover::text() const {
    switch (kind) {
        case Kind::Crosses:
            return "the GPU is faster from about " + sizeText(n) + " elements on";
        case Kind::GpuAlways:
            return "the GPU was faster at every size measured (from " + sizeText(n) + ")";
        case Kind::CpuAlways:
            return "the CPU was faster up to the largest size measured";
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
    if (margin(points.back()) >= 0) {
        c.kind = Crossover::Kind::CpuAlways;
        return c;
    }
    std::size_t k = points.size() - 1;  // first index of the GPU-faster tail
    while (k > 0 && margin(points[k - 1]) < 0) --k;
    if (k == 0) {
        c.kind = Crossover::Kind::GpuAlways;
        c.n = points.front().n;
        return c;
    }
    const double m0 = margin(points[k - 1]), m1 = margin(points[k]);
    const double x0 = std::log(points[k - 1].n), x1 = std::log(points[k].n);
    const double f = m0 == m1 ? 0.5 : m0 / (m0 - m1);  // m0 >= 0 > m1
    c.kind = Crossover::Kind::Crosses;
    c.n = std::exp(x0 + f * (x1 - x0));
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
