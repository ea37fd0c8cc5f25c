#include "app/record/commands/records_summary.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace ws::record {

namespace {

struct KindTotals {
    std::size_t count = 0;
    std::uint64_t bytes = 0;
    double ns = 0;
};

std::map<std::string, KindTotals> byKind(const OperationRecords& o) {
    std::map<std::string, KindTotals> totals;
    for (std::size_t i = 0; i < o.size(); ++i) {
        KindTotals& t = totals[operationKindName(OperationKind(o.kind[i]))];
        ++t.count;
        t.bytes += o.bytes[i];
        t.ns += double(o.endNs[i] - o.startNs[i]);
    }
    return totals;
}

// Whole numbers in full (1048576, not 1.04858e+06); others to six digits.
std::string number(double v) {
    char text[40];
    if (std::isfinite(v) && v == std::round(v) && std::abs(v) < 9.007199254740992e15)
        std::snprintf(text, sizeof text, "%.0f", v);
    else
        std::snprintf(text, sizeof text, "%.6g", v);
    return text;
}

}  // namespace

std::string recordsSummary(const Run& run) {
    std::string out;
    if (!run.figures.empty()) {
        out += "figures:";
        for (const auto& [name, value] : run.figures) out += " " + name + "=" + number(value);
        out += "\n";
    }
    if (run.operations.size()) {
        out += "operations (CUPTI): " + std::to_string(run.operations.size());
        // A fault operation's "bytes" holds its number of fault groups.
        for (const auto& [kind, t] : byKind(run.operations))
            out += "; " + std::to_string(t.count) + " " + kind + " (" + number(t.ns / 1e3) + " us" +
                   (!t.bytes ? ""
                    : kind == operationKindName(OperationKind::GpuPageFaults)
                        ? ", " + std::to_string(t.bytes) + " fault groups"
                        : ", " + std::to_string(t.bytes) + " B") +
                   ")";
        out += "\n";
    }
    if (run.hostCalls.size()) {
        const std::set<std::uint32_t> threads(run.hostCalls.thread.begin(),
                                              run.hostCalls.thread.end());
        out += "host calls: " + std::to_string(run.hostCalls.size()) + " from " +
               std::to_string(threads.size()) + " host thread" + (threads.size() == 1 ? "" : "s") +
               "\n";
    }
    if (run.clocks.measured)
        out +=
            "clocks: %globaltimer = CUPTI " + std::string(run.clocks.offsetNs < 0 ? "- " : "+ ") +
            number(std::abs(run.clocks.offsetNs)) + " ns, spread " + number(run.clocks.spreadNs) +
            " ns over " + std::to_string(run.clocks.samples) + " samples\n";
    if (auto it = run.texts.find("cupti"); it != run.texts.end())
        out += "CUPTI: " + it->second + "\n";
    std::map<std::pair<std::uint32_t, std::string>, std::size_t> grids;
    for (const auto& l : run.launches)
        if (l.parentLaunch >= 0) ++grids[{l.depth, l.launchMode}];
    if (!grids.empty()) {
        out += "device-launched grids:";
        for (const auto& [key, count] : grids)
            out += ' ' + std::to_string(count) + " at depth " + std::to_string(key.first) + " (" +
                   key.second + ")";
        out += "\n";
    }
    return out;
}

nlohmann::json recordsSummaryJson(const Run& run) {
    nlohmann::json j;
    j["figures"] = run.figures;
    nlohmann::json kinds = nlohmann::json::object();
    for (const auto& [kind, t] : byKind(run.operations))
        kinds[kind] = {{"count", t.count}, {"bytes", t.bytes}, {"us", t.ns / 1e3}};
    j["operations"] = kinds;
    j["hostCalls"] = run.hostCalls.size();
    j["clocks"] = {{"measured", run.clocks.measured},
                   {"offsetNs", run.clocks.offsetNs},
                   {"spreadNs", run.clocks.spreadNs},
                   {"samples", run.clocks.samples}};
    nlohmann::json tables = nlohmann::json::object();
    for (const auto& t : run.tables) tables[t.name] = t.rows();
    j["tables"] = tables;
    return j;
}

}  // namespace ws::record
