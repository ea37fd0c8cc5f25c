// `list`: the catalog, for people (aligned text) or programs (--json).
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "app/record/commands/record_commands.h"
#include "core/catalog/catalog.h"

namespace ws::record {

namespace {

const char* typeName(ParamType t) {
    switch (t) {
        case ParamType::Int:
            return "int";
        case ParamType::Float:
            return "float";
        case ParamType::Choice:
            return "choice";
    }
    return "?";
}

// The range column's width: a longer choice list wraps onto lines of its
// own below, so that "default" stays in one column for every parameter.
constexpr std::size_t kRangeWidth = 34;
// The longest parameter name (points_per_octave) and a space.
constexpr std::size_t kNameWidth = 19;

// A choice list packed into lines of at most `width` (a single longer choice
// gets a line of its own); each line but the last ends with the "|" that
// joins it to the next.
std::vector<std::string> choiceLines(const std::vector<std::string>& choices, std::size_t width) {
    std::vector<std::string> lines{""};
    for (std::size_t i = 0; i < choices.size(); ++i) {
        const std::string piece = choices[i] + (i + 1 < choices.size() ? "|" : "");
        if (!lines.back().empty() && lines.back().size() + piece.size() > width)
            lines.push_back("");
        lines.back() += piece;
    }
    return lines;
}

std::vector<std::string> rangeLines(const ParamSpec& p) {
    if (p.type == ParamType::Choice) return choiceLines(p.choices, kRangeWidth - 1);
    std::ostringstream out;
    if (p.type == ParamType::Float)  // a fractional bound (0.5 µs) must not print as 0
        out << p.min << ".." << p.max;
    else
        out << (long long)p.min << ".." << (long long)p.max;
    if (p.powerOfTwo) out << " (2^k)";
    return {out.str()};
}

nlohmann::json specToJson(const ExperimentSpec& e) {
    nlohmann::json params = nlohmann::json::array();
    for (const auto& p : e.params) {
        params.push_back({{"name", p.name},
                          {"type", typeName(p.type)},
                          {"min", p.min},
                          {"max", p.max},
                          {"default", p.defaultValue},
                          {"choices", p.choices},
                          {"unit", p.unit},
                          {"help", p.help},
                          {"powerOfTwo", p.powerOfTwo},
                          {"multipleOf", p.multipleOf},
                          {"logScale", p.logScale}});
    }
    nlohmann::json needs = nullptr;
    if (!e.needs.any()) needs = {{"computeCapability", e.needs.version()}, {"why", e.needs.why}};
    return {{"id", e.id},           {"title", e.title},     {"group", e.group},
            {"seed", e.seed},       {"summary", e.summary}, {"params", params},
            {"records", e.records}, {"views", e.views},     {"needs", needs}};
}

}  // namespace

const ExperimentSpec* findExperimentOrReport(const std::string& id, std::ostream& err) {
    const ExperimentSpec* spec = findExperiment(id);
    if (!spec)
        err << "warpscope-record: unknown experiment '" << id
            << "' (warpscope-record list shows them all)\n";
    return spec;
}

int listExperiments(const std::string& experiment, bool json, std::ostream& out,
                    std::ostream& err) {
    std::vector<const ExperimentSpec*> chosen;
    if (experiment.empty()) {
        for (const auto& e : catalog()) chosen.push_back(&e);
    } else if (const ExperimentSpec* e = findExperimentOrReport(experiment, err)) {
        chosen.push_back(e);
    } else {
        return kUsage;
    }
    if (json) {
        nlohmann::json all = nlohmann::json::array();
        for (const auto* e : chosen) all.push_back(specToJson(*e));
        out << all.dump(2) << "\n";
        return kOk;
    }
    for (const auto* e : chosen) {
        out << e->id << "  [" << e->group << "]  " << e->title << "\n";
        out << "  seed: " << e->seed << "\n";
        if (!e->needs.any()) out << "  " << requirementText(e->needs) << "\n";
        for (const auto& p : e->params) {
            const std::vector<std::string> range = rangeLines(p);
            // A name, range or default wider than its column still keeps a
            // space before what follows ("default 1073741824 bytes").
            out << "  " << std::left << std::setw(int(kNameWidth)) << p.name + " " << std::setw(7)
                << typeName(p.type) << std::setw(int(kRangeWidth)) << range[0] + " "
                << "default " << std::setw(10) << p.defaultValue + " " << p.unit << "\n";
            for (std::size_t i = 1; i < range.size(); ++i)
                out << std::string(2 + kNameWidth + 7, ' ') << range[i] << "\n";
        }
        out << "\n";
    }
    return kOk;
}

}  // namespace ws::record
