#include "core/memkinds/l2_partitions.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ws::memkinds {

namespace {

struct Moments {
    double mean = 0, deviation = 0;  // population standard deviation
};

Moments moments(const std::vector<double>& v, std::size_t begin, std::size_t end) {
    Moments m;
    if (end <= begin) return m;
    for (std::size_t i = begin; i < end; ++i) m.mean += v[i];
    m.mean /= double(end - begin);
    for (std::size_t i = begin; i < end; ++i) m.deviation += (v[i] - m.mean) * (v[i] - m.mean);
    m.deviation = std::sqrt(m.deviation / double(end - begin));
    return m;
}

double meanNs(const std::vector<const SmLatency*>& sorted, std::size_t begin, std::size_t end) {
    double sum = 0;
    for (std::size_t i = begin; i < end; ++i) sum += sorted[i]->nsPerLoad;
    return end > begin ? sum / double(end - begin) : 0;
}

}  // namespace

L2Split splitL2Partitions(const std::vector<SmLatency>& points, double minGapPercent) {
    L2Split s;
    const std::size_t n = points.size();
    if (n == 0) return s;
    std::vector<const SmLatency*> sorted;
    for (const auto& p : points) sorted.push_back(&p);
    std::stable_sort(sorted.begin(), sorted.end(), [](const SmLatency* a, const SmLatency* b) {
        return a->cyclesPerLoad < b->cyclesPerLoad;
    });
    std::vector<double> cycles;
    for (const auto* p : sorted) cycles.push_back(p->cyclesPerLoad);
    s.minCycles = cycles.front();
    s.maxCycles = cycles.back();

    // 1-D two-means, exact: every split of the sorted values, the one with
    // the least summed squared deviation. Each group keeps two SMs at least,
    // so one slow SM is not a partition.
    std::size_t best = 0;
    double bestCost = std::numeric_limits<double>::max();
    for (std::size_t k = 2; k + 2 <= n; ++k) {
        const Moments a = moments(cycles, 0, k), b = moments(cycles, k, n);
        const double cost =
            a.deviation * a.deviation * double(k) + b.deviation * b.deviation * double(n - k);
        if (cost < bestCost) {
            bestCost = cost;
            best = k;
        }
    }
    if (best > 0) {
        const Moments nearM = moments(cycles, 0, best), farM = moments(cycles, best, n);
        const double gap = cycles[best] - cycles[best - 1];
        s.split = farM.mean - nearM.mean >= minGapPercent / 100.0 * nearM.mean &&
                  gap > nearM.deviation && gap > farM.deviation;
    }
    const std::size_t cut = s.split ? best : n;
    for (std::size_t i = 0; i < n; ++i) (i < cut ? s.nearSms : s.farSms).push_back(sorted[i]->sm);
    std::sort(s.nearSms.begin(), s.nearSms.end());
    std::sort(s.farSms.begin(), s.farSms.end());
    s.nearCycles = moments(cycles, 0, cut).mean;
    s.nearNs = meanNs(sorted, 0, cut);
    if (s.split) {
        s.farCycles = moments(cycles, cut, n).mean;
        s.farNs = meanNs(sorted, cut, n);
    }
    return s;
}

}  // namespace ws::memkinds
