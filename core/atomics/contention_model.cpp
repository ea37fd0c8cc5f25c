#include "core/atomics/contention_model.h"

#include <string>

namespace ws {

std::uint64_t expectedCount(std::uint64_t address, std::uint64_t threads, std::uint64_t addresses,
                            std::uint64_t perThread) {
    if (addresses == 0) return 0;
    return perThread * (threads / addresses + (address < threads % addresses ? 1 : 0));
}

std::uint64_t expectedTicketSum(std::uint64_t threads, std::uint64_t addresses,
                                std::uint64_t perThread) {
    if (addresses == 0) return 0;
    // Two kinds of address: those with one thread more than the others.
    const std::uint64_t more = threads % addresses;
    auto triangle = [](std::uint64_t c) { return c == 0 ? 0 : c * (c - 1) / 2; };
    const std::uint64_t cLow = perThread * (threads / addresses);
    const std::uint64_t cHigh = cLow + perThread;
    return more * triangle(cHigh) + (addresses - more) * triangle(cLow);
}

Verification verifyContention(const std::vector<std::uint32_t>& counters, std::uint64_t ticketSum,
                              std::uint64_t threads, std::uint64_t perThread) {
    Verification v;
    v.checked = true;
    const std::uint64_t addresses = counters.size();
    const std::uint64_t sum = expectedTicketSum(threads, addresses, perThread);
    v.expected = "counter[a] = " + std::to_string(perThread) + " x the threads with t % " +
                 std::to_string(addresses) + " == a; returned values add up to " +
                 std::to_string(sum);
    std::uint64_t wrong = 0, firstWrong = 0;
    for (std::uint64_t a = 0; a < addresses; ++a)
        if (counters[a] != expectedCount(a, threads, addresses, perThread) && wrong++ == 0)
            firstWrong = a;
    v.actual = "returned values add up to " + std::to_string(ticketSum) + "; " +
               std::to_string(wrong) + " of " + std::to_string(addresses) + " counters wrong";
    v.passed = wrong == 0 && ticketSum == sum;
    if (wrong)
        v.note = "counter " + std::to_string(firstWrong) + " holds " +
                 std::to_string(counters[firstWrong]) + ", expected " +
                 std::to_string(expectedCount(firstWrong, threads, addresses, perThread));
    else if (ticketSum != sum)
        v.note = "an address handed out some value twice or skipped one";
    else
        v.note = "exact: every counter, and every value handed out once (integers)";
    return v;
}

std::vector<std::uint32_t> curveThreadCounts(std::uint32_t threads) {
    std::vector<std::uint32_t> counts;
    for (std::uint64_t t = 32; t < threads; t *= 2) counts.push_back(std::uint32_t(t));
    counts.push_back(threads);
    return counts;
}

Result<std::vector<ContentionPoint>> readContentionCurve(const Run& run) {
    std::vector<ContentionPoint> points;
    const RecordTable* t = findTable(run.tables, kContentionCurveTable);
    if (!t) return points;
    const std::string where = "table 'curve'";
    auto threads = requireColumn<std::uint32_t>(*t, "threads");
    auto aps = requireColumn<double>(*t, "atomicsPerSecond");
    auto median = requireColumn<double>(*t, "medianMs");
    auto lo = requireColumn<double>(*t, "minMs");
    auto hi = requireColumn<double>(*t, "maxMs");
    for (const std::string* e : {threads ? nullptr : &threads.error(), aps ? nullptr : &aps.error(),
                                 median ? nullptr : &median.error(), lo ? nullptr : &lo.error(),
                                 hi ? nullptr : &hi.error()})
        if (e) return makeError(*e);
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    for (std::size_t i = 0; i < (*threads)->size(); ++i) {
        ContentionPoint p{(**threads)[i], (**aps)[i], (**median)[i], (**lo)[i], (**hi)[i]};
        const std::string at = where + ", row " + std::to_string(i) + ": ";
        if (i > 0 && p.threads <= points.back().threads)
            return makeError(at + "threads " + std::to_string(p.threads) +
                             " does not increase on the row before");
        if (!(p.atomicsPerSecond > 0) || !(p.minMs > 0) || !(p.minMs <= p.medianMs) ||
            !(p.medianMs <= p.maxMs))
            return makeError(at + "times must be positive with min <= median <= max");
        points.push_back(p);
    }
    return points;
}

RecordTable contentionCurveTable(const std::vector<ContentionPoint>& points) {
    std::vector<std::uint32_t> threads;
    std::vector<double> aps, median, lo, hi;
    for (const auto& p : points) {
        threads.push_back(p.threads);
        aps.push_back(p.atomicsPerSecond);
        median.push_back(p.medianMs);
        lo.push_back(p.minMs);
        hi.push_back(p.maxMs);
    }
    // add() hands out a reference that the next add() may move: fill each at once.
    RecordTable t{kContentionCurveTable, {}};
    t.add<std::uint32_t>("threads") = std::move(threads);
    t.add<double>("atomicsPerSecond") = std::move(aps);
    t.add<double>("medianMs") = std::move(median);
    t.add<double>("minMs") = std::move(lo);
    t.add<double>("maxMs") = std::move(hi);
    return t;
}

}  // namespace ws
