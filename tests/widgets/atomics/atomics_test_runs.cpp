#include "tests/widgets/atomics/atomics_test_runs.h"

#include <QApplication>
#include <QMouseEvent>
#include <QWidget>
#include <algorithm>
#include <cfloat>

#include "core/atomics/argmin_reference.h"
#include "core/atomics/cas_records.h"
#include "core/atomics/contention_model.h"
#include "core/atomics/work_queue_model.h"
#include "core/atomics/work_queue_records.h"

namespace ws::test {

namespace {

// %globaltimer of the first start, of the size an H100 reads: near 1.8e18 ns a
// double holds only multiples of 256, so views that convert before they
// subtract show rounded times here, as they would on real traces.
constexpr std::uint64_t kOrigin = 1'795'643'284'305'447'000ULL;

DeviceInfo device(std::uint32_t sms) {
    DeviceInfo d;
    d.name = "Synthetic GPU";
    d.smCount = int(sms);
    d.timerTickNs = 32;
    return d;
}

void addBlock(Launch& l, std::uint32_t block, std::uint32_t sm, double start, double end) {
    BlockRecords& b = l.blocks;
    b.block.push_back(block);
    b.sm.push_back(sm);
    b.startNs.push_back(kOrigin + std::uint64_t(start));
    b.endNs.push_back(kOrigin + std::uint64_t(end));
    b.startClock.push_back(std::int64_t(start * 2));
    b.endClock.push_back(std::int64_t(end * 2));
}

}  // namespace

Run queueRun(const std::string& strategy, const std::string& distribution, std::uint32_t items,
             std::uint32_t sms, std::uint32_t perSm) {
    Run run;
    run.experiment = "work-queue";
    run.params = {{"items", std::to_string(items)},
                  {"strategy", strategy},
                  {"distribution", distribution},
                  {"cost_us", "10"},
                  {"block", "128"},
                  {"blocks_per_sm", std::to_string(perSm)}};
    run.device = device(sms);
    const std::uint32_t slotCount = sms * perSm;
    const std::vector<double> costs = itemCostsUs(distribution, items, 10.0, 1);
    std::vector<double> ns(items);
    for (std::uint32_t i = 0; i < items; ++i) ns[i] = costs[i] * 1000.0 + 200.0;  // + fetch
    const ScheduleModel m = modelSchedule(strategy, ns, slotCount);
    Launch l;
    l.kernel = strategy == "queue"    ? "workQueue"
               : strategy == "static" ? "workStatic"
                                      : "workPerItem";
    l.block = {128, 1, 1};
    std::vector<std::uint32_t> block(items), sm(items), steps(items);
    std::vector<std::uint64_t> start(items), end(items);
    const double lead = 100;  // a block starts before its first item
    if (strategy == "per-item") {
        l.grid = {items, 1, 1};
        for (std::uint32_t i = 0; i < items; ++i) {
            block[i] = i;
            sm[i] = m.slotOfItem[i] % sms;
            addBlock(l, i, sm[i], m.startNs[i], m.endNs[i] + lead);
            start[i] = kOrigin + std::uint64_t(m.startNs[i] + lead / 2);
            end[i] = kOrigin + std::uint64_t(m.endNs[i]);
        }
    } else {
        l.grid = {slotCount, 1, 1};
        std::vector<double> last(slotCount, 0);
        for (std::uint32_t i = 0; i < items; ++i)
            last[m.slotOfItem[i]] = std::max(last[m.slotOfItem[i]], m.endNs[i]);
        for (std::uint32_t b = 0; b < slotCount; ++b)
            addBlock(l, b, b % sms, 0, last[b] + 2 * lead);
        for (std::uint32_t i = 0; i < items; ++i) {
            block[i] = m.slotOfItem[i];
            sm[i] = block[i] % sms;
            start[i] = kOrigin + std::uint64_t(m.startNs[i] + lead);
            end[i] = kOrigin + std::uint64_t(m.endNs[i] + lead);
        }
    }
    for (std::uint32_t i = 0; i < items; ++i) steps[i] = std::uint32_t(costs[i] * 500);
    RecordTable& t = addTable(l.tables, kItemsTable);
    t.add<std::uint32_t>("block") = block;
    t.add<std::uint32_t>("sm") = sm;
    t.add<std::uint64_t>("startNs") = start;
    t.add<std::uint64_t>("endNs") = end;
    t.add<float>("costUs") = std::vector<float>(costs.begin(), costs.end());
    t.add<std::uint32_t>("iterations") = steps;
    run.launches.push_back(std::move(l));
    auto read = readQueueItems(run.launches[0], 0);
    if (read) addQueueFigures(run, analyzeQueue(run.launches[0], *read, slotCount), *read);
    run.verification = {true, true, "synthetic", "synthetic", 0, 0, "built on the CPU"};
    run.timing.kernelMs = (run.figures["makespanNs"] + 400) / 1e6;
    return run;
}

Run argminRun(const std::string& variant, const std::string& input, std::uint32_t n,
              std::uint32_t block, std::uint32_t traced) {
    Run run;
    run.experiment = "argmin";
    run.params = {{"n", std::to_string(n)},
                  {"variant", variant},
                  {"input", input},
                  {"block", std::to_string(block)},
                  {"traced_blocks", std::to_string(traced)}};
    run.device = device(8);
    const std::vector<float> values = makeArgminInput(input, n, 1);
    const std::uint32_t grid = (n + block - 1) / block;
    const CasSample sample = casSample(grid, traced);
    std::vector<std::uint32_t> attempts(std::size_t(grid) * block, 0);
    std::uint64_t word = blogWord(FLT_MAX, -1);
    auto wants = [&](float v, std::int32_t i, std::uint64_t w) {
        if (variant == "cas-modified-new")
            return v < blogValue(w) || (v == blogValue(w) && i < blogIndex(w));
        return v < blogValue(w);
    };
    for (std::uint32_t w0 = 0; w0 < grid * block; w0 += 32) {
        // The lanes that want to write, in lane order; each round one succeeds.
        std::vector<std::uint32_t> lanes;
        for (std::uint32_t t = w0; t < w0 + 32 && t < n; ++t)
            if (wants(values[t], std::int32_t(t), word)) lanes.push_back(t);
        while (!lanes.empty()) {
            for (std::uint32_t t : lanes) ++attempts[t];
            word = blogWord(values[lanes.front()], std::int32_t(lanes.front()));
            if (variant == "cas-original") ++attempts[lanes.front()];  // its second CAS
            std::vector<std::uint32_t> still;
            for (std::size_t k = 1; k < lanes.size(); ++k)
                if (wants(values[lanes[k]], std::int32_t(lanes[k]), word))
                    still.push_back(lanes[k]);
            lanes = std::move(still);
        }
    }
    Launch l;
    l.kernel = "Kernel_GetMinValueAndIndexModifiedNew";
    l.grid = {grid, 1, 1};
    l.block = {block, 1, 1};
    for (std::uint32_t b = 0; b < grid; ++b)
        addBlock(l, b, b % 8, b / 8 * 900.0, b / 8 * 900.0 + 800);
    std::vector<std::uint32_t> tb, tt, ta, te, wb, ww, ws, wm;
    std::vector<std::uint64_t> wstart, wend;
    for (std::uint32_t b : sample.blocks)
        for (std::uint32_t w = 0; w < block / 32; ++w) {
            std::uint32_t sum = 0, max = 0;
            for (std::uint32_t lane = 0; lane < 32; ++lane) {
                const std::uint32_t t = b * block + w * 32 + lane;
                tb.push_back(b);
                tt.push_back(w * 32 + lane);
                ta.push_back(attempts[t]);
                te.push_back(t < n ? 1 : 0);
                sum += attempts[t];
                max = std::max(max, attempts[t]);
            }
            wb.push_back(b);
            ww.push_back(w);
            ws.push_back(sum);
            wm.push_back(max);
            wstart.push_back(kOrigin + b / 8 * 900 + 20 + w * 10);
            // Inside the block's 800 ns: longer for the warps that made more CAS.
            wend.push_back(kOrigin + b / 8 * 900 + 100 + w * 10 +
                           std::min<std::uint32_t>(sum, 600));
        }
    std::vector<std::uint32_t> bins(kCasHistogramBins);
    std::vector<std::uint64_t> counts(kCasHistogramBins, 0);
    std::uint64_t total = 0;
    std::uint32_t most = 0;
    for (std::uint32_t a : attempts) {
        ++counts[std::min(a, kCasHistogramBins - 1)];
        total += a;
        most = std::max(most, a);
    }
    for (std::uint32_t b = 0; b < kCasHistogramBins; ++b) bins[b] = b;
    RecordTable& threads = addTable(l.tables, kCasThreadsTable);
    threads.add<std::uint32_t>("block") = tb;
    threads.add<std::uint32_t>("thread") = tt;
    threads.add<std::uint32_t>("attempts") = ta;
    threads.add<std::uint32_t>("elements") = te;
    RecordTable& warps = addTable(l.tables, kCasWarpsTable);
    warps.add<std::uint32_t>("block") = wb;
    warps.add<std::uint32_t>("warp") = ww;
    warps.add<std::uint64_t>("startNs") = wstart;
    warps.add<std::uint64_t>("endNs") = wend;
    warps.add<std::uint32_t>("attemptsSum") = ws;
    warps.add<std::uint32_t>("attemptsMax") = wm;
    RecordTable& hist = addTable(l.tables, kCasHistogramTable);
    hist.add<std::uint32_t>("attempts") = bins;
    hist.add<std::uint64_t>("threads") = counts;
    run.launches.push_back(std::move(l));
    run.figures["casAttemptsTotal"] = double(total);
    run.figures["casAttemptsMax"] = most;
    run.figures["casAttemptsMean"] = double(total) / double(attempts.size());
    run.texts["casSample"] = casSampleText(sample, grid);
    return run;
}

Run contentionRun(std::uint32_t threads, std::uint32_t addresses) {
    Run run;
    run.experiment = "atomic-contention";
    run.params = {{"threads", std::to_string(threads)},
                  {"addresses", std::to_string(addresses)},
                  {"per_thread", "16"},
                  {"spacing", "word"},
                  {"block", "256"}};
    run.device = device(8);
    std::vector<ContentionPoint> curve;
    for (std::uint32_t t : curveThreadCounts(threads)) {
        const double aps = 1e8 * std::min<double>(t, 4096) / 32;
        const double ms = double(t) * 16 / aps * 1e3;
        curve.push_back({t, aps, ms, ms * 0.95, ms * 1.1});
    }
    run.tables.push_back(contentionCurveTable(curve));
    run.figures["atomicsPerSecond"] = curve.back().atomicsPerSecond;
    Launch l;
    l.kernel = "contend";
    l.grid = {(threads + 255) / 256, 1, 1};
    l.block = {256, 1, 1};
    for (std::uint32_t b = 0; b < l.grid.x; ++b) addBlock(l, b, b % 8, 0, 1000);
    run.launches.push_back(std::move(l));
    return run;
}

void click(QWidget& widget, QPoint at) {
    QMouseEvent press(QEvent::MouseButtonPress, at, widget.mapToGlobal(at), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&widget, &press);
    QMouseEvent release(QEvent::MouseButtonRelease, at, widget.mapToGlobal(at), Qt::LeftButton,
                        Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(&widget, &release);
}

}  // namespace ws::test
