#include "app/record/commands/sweep_plan.h"

#include <cctype>
#include <map>
#include <sstream>

namespace ws::record {

namespace {

std::vector<std::string> splitCommas(const std::string& text) {
    std::vector<std::string> parts;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) parts.push_back(item);
    return parts;
}

// File names keep letters, digits, '-', '.', '_' only.
std::string safeName(const std::string& text) {
    std::string s;
    for (char c : text) s += (std::isalnum((unsigned char)c) || c == '-' || c == '.') ? c : '_';
    return s;
}

}  // namespace

Result<std::vector<SweepPoint>> expandSweep(const std::string& experiment,
                                            const std::vector<std::string>& axes) {
    std::vector<SweepPoint> points{SweepPoint{{}, safeName(experiment)}};
    constexpr std::size_t kMaxPoints = 10000;
    for (const auto& axis : axes) {
        auto eq = axis.find('=');
        if (eq == std::string::npos || eq == 0)
            return makeError("expected name=a,b,c, got '" + axis + "'");
        const std::string name = axis.substr(0, eq);
        const auto values = splitCommas(axis.substr(eq + 1));
        if (values.empty()) return makeError("parameter " + name + " lists no values");
        if (points.size() * values.size() > kMaxPoints)
            return makeError("the sweep has more than " + std::to_string(kMaxPoints) + " runs");
        std::vector<SweepPoint> next;
        for (const auto& p : points)
            for (const auto& v : values) {
                SweepPoint q = p;
                q.assignments.push_back(name + "=" + v);
                q.fileStem += "__" + safeName(name + "-" + v);
                next.push_back(std::move(q));
            }
        points = std::move(next);
    }
    return points;
}

Status refuseRepeatedRuns(const std::vector<SweepPoint>& points,
                          const std::vector<ParamValues>& resolved) {
    auto written = [](const SweepPoint& p) {
        std::string text;
        for (const auto& a : p.assignments) text += (text.empty() ? "" : " ") + a;
        return text;
    };
    std::map<ParamValues, std::size_t> first;
    for (std::size_t i = 0; i < points.size() && i < resolved.size(); ++i) {
        const auto [it, added] = first.emplace(resolved[i], i);
        if (added) continue;
        const std::string a = written(points[it->second]), b = written(points[i]);
        return makeError("the sweep lists the same run twice: " + (a == b ? a : a + " and " + b) +
                         "; list each value once");
    }
    return {};
}

}  // namespace ws::record
