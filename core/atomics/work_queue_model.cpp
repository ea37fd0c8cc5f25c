#include "core/atomics/work_queue_model.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <random>

namespace ws {

namespace {

constexpr std::uint32_t kHeavyEvery = 64;  // one item in 64 is heavy
constexpr double kHeavyFactor = 32;
constexpr double kRandomCap = 20;  // random costs are capped at 20 times the scale

struct Affine {
    std::uint32_t a = 1, c = 0;  // x -> a * x + c
};

// f after g: x -> f.a * (g.a * x + g.c) + f.c
Affine compose(Affine f, Affine g) { return {f.a * g.a, f.a * g.c + f.c}; }

Affine power(Affine step, std::uint32_t n) {
    Affine result;
    while (n) {
        if (n & 1u) result = compose(step, result);
        step = compose(step, step);
        n >>= 1;
    }
    return result;
}

}  // namespace

std::vector<double> itemCostsUs(const std::string& distribution, std::uint32_t items,
                                double scaleUs, std::uint64_t seed) {
    std::vector<double> cost(items, scaleUs);
    std::mt19937_64 random(seed);
    if (distribution == "equal") return cost;
    if (distribution == "ramp") {
        for (std::uint32_t i = 0; i < items; ++i)
            cost[i] = 2.0 * scaleUs * (double(i) + 0.5) / double(items);
        return cost;
    }
    if (distribution == "heavy") {
        const std::uint32_t heavy = std::max(1u, items / kHeavyEvery);
        std::vector<std::uint32_t> order(items);
        for (std::uint32_t i = 0; i < items; ++i) order[i] = i;
        std::shuffle(order.begin(), order.end(), random);
        for (std::uint32_t k = 0; k < heavy; ++k) cost[order[k]] = kHeavyFactor * scaleUs;
        return cost;
    }
    if (distribution == "random") {
        std::exponential_distribution<double> draw(1.0);
        for (auto& c : cost) c = scaleUs * std::min(kRandomCap, draw(random));
        return cost;
    }
    return {};
}

std::uint32_t itemResult(std::uint32_t item, std::uint32_t threads, std::uint32_t iterations) {
    const Affine chain = power({kLcgMultiplier, kLcgIncrement}, iterations);
    // Sum of the starts item * threads + t + 1 over t < threads, mod 2^32.
    const std::uint64_t t = threads;
    const auto starts = std::uint32_t(t * (std::uint64_t(item) * t + 1) + t * (t - 1) / 2);
    return chain.a * starts + std::uint32_t(t) * chain.c;
}

ScheduleModel modelSchedule(const std::string& strategy, const std::vector<double>& durationsNs,
                            std::uint32_t slots) {
    ScheduleModel m;
    const std::size_t n = durationsNs.size();
    m.slotOfItem.resize(n);
    m.startNs.resize(n);
    m.endNs.resize(n);
    if (slots == 0 || n == 0) return m;
    if (strategy == "static") {
        std::vector<double> free(slots, 0.0);
        for (std::size_t i = 0; i < n; ++i) {
            const auto s = std::uint32_t(i % slots);
            m.slotOfItem[i] = s;
            m.startNs[i] = free[s];
            free[s] += durationsNs[i];
            m.endNs[i] = free[s];
        }
    } else {
        // (time the slot frees, slot): the earliest first, the lower slot on ties.
        using Free = std::pair<double, std::uint32_t>;
        std::priority_queue<Free, std::vector<Free>, std::greater<>> free;
        for (std::uint32_t s = 0; s < slots; ++s) free.push({0.0, s});
        for (std::size_t i = 0; i < n; ++i) {
            auto [t, s] = free.top();
            free.pop();
            m.slotOfItem[i] = s;
            m.startNs[i] = t;
            m.endNs[i] = t + durationsNs[i];
            free.push({m.endNs[i], s});
        }
    }
    m.makespanNs = *std::max_element(m.endNs.begin(), m.endNs.end());
    return m;
}

}  // namespace ws
