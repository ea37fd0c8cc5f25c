#include "core/figures/run_comparison.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/common/digit_groups.h"
#include "core/device/environment_badges.h"
#include "core/figures/block_stats.h"
#include "core/figures/overhead_text.h"
#include "core/profile/counter_catalog.h"
#include "core/profile/stall_lines.h"

namespace ws {

namespace {

const char* kNone = "—";

std::string number(double v, const char* unit, int decimals = 3) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f%s", decimals, v, unit);
    // From 10,000 on, the whole part's digits grouped: a table row read
    // "16436489" bank conflicts beside "130375909".
    const std::string text = buf;
    if (std::fabs(v) < 1e4 || std::fabs(v) >= 1e18) return text;
    // The whole part as printed (rounded there), then the rest.
    const std::size_t sign = text[0] == '-' ? 1 : 0;
    const std::size_t end = text.find_first_not_of("0123456789", sign);
    const std::string digits = text.substr(sign, end - sign);
    return text.substr(0, sign) + groupedDigits(std::stoull(digits)) +
           (end == std::string::npos ? "" : text.substr(end));
}

std::string ratio(double left, double right) {
    if (left <= 0 || right <= 0) return {};
    char buf[32];
    const double r = right / left;
    // Below 0.01, three significant digits: 35,569 bank conflicts against
    // 16,436,489 read "0.00×", as if there were none.
    if (r < 0.01)
        std::snprintf(buf, sizeof buf, "%.3g×", r);
    else
        std::snprintf(buf, sizeof buf, "%.2f×", r);
    return buf;
}

const Launch* busiestLaunch(const Run& run) {
    const Launch* best = nullptr;
    for (const Launch& l : run.launches)
        if (!best || l.blocks.size() > best->blocks.size()) best = &l;
    return best && best->blocks.size() > 0 ? best : nullptr;
}

// The badges, or what their absence means: a trace made before the GPU's
// state was recorded has none either, and must not read as undisturbed.
std::string gpuState(const Run& run) {
    std::string text;
    for (const auto& b : environmentBadges(run)) text += (text.empty() ? "" : "; ") + b.text;
    if (!text.empty()) return text;
    return run.environment.queried ? "not shared, not throttled" : "not recorded";
}

}  // namespace

FoldedComparison foldAlikeFigures(std::vector<ComparedFigure> rows) {
    FoldedComparison folded;
    for (ComparedFigure& f : rows) {
        const bool headline = f.name == "kernel time" || f.name == "throughput";
        const bool alike =
            f.left == f.right && f.left != kNone && (f.ratio.empty() || f.ratio == "1.00×");
        if (headline || !alike) {
            folded.rows.push_back(std::move(f));
            continue;
        }
        folded.alike += (folded.alike.empty() ? "" : "; ") + f.name + ": " + f.left;
    }
    return folded;
}

double meanBlocksPerSm(const Run& run) {
    const Launch* l = busiestLaunch(run);
    if (!l) return 0;
    const BlockStats stats = blockStats(l->blocks);
    std::size_t sms = 0, blocks = 0;
    for (std::uint32_t n : stats.blocksPerSm)
        if (n > 0) {
            ++sms;
            blocks += n;
        }
    return sms ? double(blocks) / double(sms) : 0;
}

std::size_t waveCount(const Run& run) {
    const Launch* l = busiestLaunch(run);
    return l ? assignWaves(l->blocks).waves.size() : 0;
}

namespace {

// The kernel's main stall reason in words with its share ("waiting for
// global memory 64 %"), or "—" without samples.
std::string topStall(const Run& r) {
    const auto functions = sampledFunctions(r.profile);
    if (functions.empty()) return kNone;
    const auto top = reasonShares(r.profile, functions.front(), 1);
    if (top.empty()) return kNone;
    return top.front().words + " " + number(100 * top.front().share, " %", 0);
}

double counterSum(const Run& r, std::initializer_list<const char*> metrics) {
    double sum = 0;
    for (const char* m : metrics) sum += counterTotal(r.profile, m);
    return sum;
}

}  // namespace

// Where either run recorded why it is slow: its main stall reason and the
// bytes and conflicts its counters measured.
void addProfileFigures(const Run& a, const Run& b, std::vector<ComparedFigure>& rows) {
    if (!a.profile.requested && !b.profile.requested) return;
    rows.push_back({"main stall", topStall(a), topStall(b), ""});
    auto addCounter = [&](const std::string& name, std::initializer_list<const char*> metrics,
                          double scale, const char* unit, int decimals) {
        const double va = counterSum(a, metrics) / scale, vb = counterSum(b, metrics) / scale;
        if (!a.profile.hasCounters() && !b.profile.hasCounters()) return;
        auto cell = [&](const Run& r, double v) {
            return r.profile.hasCounters() ? number(v, unit, decimals) : std::string(kNone);
        };
        rows.push_back({name, cell(a, va), cell(b, vb),
                        a.profile.hasCounters() && b.profile.hasCounters() ? ratio(va, vb) : ""});
    };
    addCounter("DRAM bytes", {"dram__bytes_read.sum", "dram__bytes_write.sum"}, 1e6, " MB", 1);
    addCounter("L2 bytes", {"lts__t_bytes.sum"}, 1e6, " MB", 1);
    addCounter("bank conflicts",
               {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
                "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"},
               1, "", 0);
}

std::vector<ComparedFigure> compareRuns(const Run& a, const Run& b) {
    std::vector<ComparedFigure> rows;
    auto add = [&](const std::string& name, double va, double vb, const char* unit, int decimals,
                   bool withRatio) {
        rows.push_back({name, va > 0 ? number(va, unit, decimals) : kNone,
                        vb > 0 ? number(vb, unit, decimals) : kNone,
                        withRatio ? ratio(va, vb) : std::string()});
    };
    add("kernel time", a.timing.kernelMs, b.timing.kernelMs, " ms", 4, true);
    const bool flops = a.timing.flops > 0 || b.timing.flops > 0;
    if (flops && std::max(a.timing.gflopPerS(), b.timing.gflopPerS()) >= 1e5)
        // The tensor cores' rates, as the lessons and the BF16 ladder say them.
        add("throughput", a.timing.gflopPerS() / 1000, b.timing.gflopPerS() / 1000, " TFLOP/s", 1,
            true);
    else if (flops)
        add("throughput", a.timing.gflopPerS(), b.timing.gflopPerS(), " GFLOP/s", 1, true);
    else
        add("throughput", a.timing.gbPerS(), b.timing.gbPerS(), " GB/s", 1, true);
    add("spread (CV)", a.timing.kernelCvPercent, b.timing.kernelCvPercent, " %", 1, false);
    add("waves", double(waveCount(a)), double(waveCount(b)), "", 0, true);
    add("blocks per SM", meanBlocksPerSm(a), meanBlocksPerSm(b), "", 1, true);
    // Judged as in the run panel: a lesson's table showed "-1.2 %" where the
    // panel said there was none measurable.
    rows.push_back({"recording overhead", recordingOverheadShort(a.timing),
                    recordingOverheadShort(b.timing), ""});
    auto verified = [](const Run& r) {
        return !r.verification.checked ? std::string("not checked")
               : r.verification.passed ? std::string("yes")
                                       : std::string("NO");
    };
    rows.push_back({"verified", verified(a), verified(b), ""});
    // Where the answers differ, what each found: of eight tied minima one
    // loop keeps index 3442, the other the CPU's 1657.
    const std::string& ra = a.verification.actual;
    const std::string& rb = b.verification.actual;
    if (ra != rb && !ra.empty() && !rb.empty() && ra.size() <= 32 && rb.size() <= 32)
        rows.push_back({"GPU result", ra, rb, ""});
    rows.push_back({"GPU state", gpuState(a), gpuState(b), ""});
    addProfileFigures(a, b, rows);
    return rows;
}

}  // namespace ws
