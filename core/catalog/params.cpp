// Parsing and checking of experiment parameters against the catalog.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "core/catalog/catalog.h"

namespace ws {

namespace {

// The shortest text that reads back as the same double: 0.1 stays "0.1"
// (17 digits would print 0.10000000000000001).
std::string formatNumber(double v) {
    char text[32];
    const auto [end, ec] = std::to_chars(text, text + sizeof text, v);
    if (ec != std::errc()) {
        std::ostringstream out;
        out.precision(17);
        out << v;
        return out.str();
    }
    return std::string(text, end);
}

enum class IntegerText { Ok, Malformed, TooLarge };

// Accepts decimal integers and the shorthand 2^K (students type 2^20). A
// well-formed number that does not fit is TooLarge, so that the message
// gives the range instead of calling 2^64 "not an integer".
IntegerText parseInteger(std::string_view text, long long& out) {
    if (auto caret = text.find('^'); caret != std::string_view::npos) {
        long long base = 0, exponent = 0;
        const IntegerText b = parseInteger(text.substr(0, caret), base);
        const IntegerText e = parseInteger(text.substr(caret + 1), exponent);
        if (b == IntegerText::Malformed || e == IntegerText::Malformed || base < 0 || exponent < 0)
            return IntegerText::Malformed;
        if (b == IntegerText::TooLarge || e == IntegerText::TooLarge) return IntegerText::TooLarge;
        if (base <= 1) {
            out = base == 0 && exponent > 0 ? 0 : 1;
            return IntegerText::Ok;
        }
        long long value = 1;
        for (long long i = 0; i < exponent; ++i) {  // base >= 2: overflows within 63 steps
            if (value > (1LL << 62) / base) return IntegerText::TooLarge;
            value *= base;
        }
        out = value;
        return IntegerText::Ok;
    }
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (end != text.data() + text.size() || text.empty()) return IntegerText::Malformed;
    if (ec == std::errc::result_out_of_range) return IntegerText::TooLarge;
    return ec == std::errc() ? IntegerText::Ok : IntegerText::Malformed;
}

bool parseFloat(std::string_view text, double& out) {
    std::string s(text);
    char* end = nullptr;
    out = std::strtod(s.c_str(), &end);
    return !s.empty() && end == s.c_str() + s.size() && std::isfinite(out);
}

}  // namespace

const ParamSpec* ExperimentSpec::param(std::string_view name) const {
    for (const auto& p : params)
        if (p.name == name) return &p;
    return nullptr;
}

bool paramUsed(const ParamSpec& param, const ParamValues& values) {
    if (param.usedWith.empty()) return true;
    const std::size_t eq = param.usedWith.find('=');
    const auto it = values.find(param.usedWith.substr(0, eq));
    if (eq == std::string::npos || it == values.end()) return false;
    std::string_view wanted = std::string_view(param.usedWith).substr(eq + 1);
    while (true) {
        const std::size_t bar = wanted.find('|');
        if (wanted.substr(0, bar) == it->second) return true;
        if (bar == std::string_view::npos) return false;
        wanted.remove_prefix(bar + 1);
    }
}

bool measuredOnCpu(const Run& run) {
    const ExperimentSpec* spec = findExperiment(run.experiment);
    // The bandwidth test also times a host memcpy, but its own time is a copy.
    return spec && spec->launchesNoKernel && spec->launchesNoKernel(run.params) &&
           spec->timedAs.empty() && run.timing.cpuThreads > 0;
}

std::vector<std::string> unusedParams(const ExperimentSpec& spec, const ParamValues& values) {
    std::vector<std::string> unused;
    for (const ParamSpec& p : spec.params)
        if (!paramUsed(p, values)) unused.push_back(p.name);
    return unused;
}

bool ExperimentSpec::lists(std::string_view view) const {
    for (const auto& v : views)
        if (v == view) return true;
    return false;
}

Result<std::string> canonicalValue(const ParamSpec& spec, std::string_view text) {
    // Appended: GCC 12 warns falsely (-Wrestrict) on "'" + std::string(...).
    std::string quoted(1, '\'');
    quoted.append(text).push_back('\'');
    switch (spec.type) {
        case ParamType::Int: {
            long long v = 0;
            const std::string range = " is out of range [" + formatNumber(spec.min) + ", " +
                                      formatNumber(spec.max) + "]" +
                                      (spec.unit.empty() ? "" : " " + spec.unit);
            switch (parseInteger(text, v)) {
                case IntegerText::Malformed:
                    return makeError("parameter " + spec.name + ": " + quoted +
                                     " is not an integer");
                case IntegerText::TooLarge:
                    return makeError("parameter " + spec.name + ": " + quoted + range);
                case IntegerText::Ok:
                    break;
            }
            if (v < spec.min || v > spec.max)
                return makeError("parameter " + spec.name + "=" + std::to_string(v) + range);
            if (spec.powerOfTwo && v > 0 && (v & (v - 1)) != 0)
                return makeError("parameter " + spec.name + "=" + std::to_string(v) +
                                 " must be a power of two");
            if (spec.multipleOf > 1 && v % spec.multipleOf != 0)
                return makeError("parameter " + spec.name + "=" + std::to_string(v) +
                                 " must be a multiple of " + std::to_string(spec.multipleOf));
            return std::to_string(v);
        }
        case ParamType::Float: {
            double v = 0;
            if (!parseFloat(text, v))
                return makeError("parameter " + spec.name + ": " + quoted + " is not a number");
            if (v < spec.min || v > spec.max)
                return makeError("parameter " + spec.name + "=" + std::string(text) +
                                 " is out of range [" + formatNumber(spec.min) + ", " +
                                 formatNumber(spec.max) + "]" +
                                 (spec.unit.empty() ? "" : " " + spec.unit));
            return formatNumber(v);
        }
        case ParamType::Choice:
            for (const auto& c : spec.choices)
                if (c == text) return c;
            std::string list;
            for (const auto& c : spec.choices) list += (list.empty() ? "" : ", ") + c;
            return makeError("parameter " + spec.name + ": " + quoted + " is not one of " + list);
    }
    return makeError("parameter " + spec.name + ": unknown type");
}

Result<ParamValues> resolveParams(const ExperimentSpec& spec, const ParamValues& values) {
    ParamValues resolved;
    for (const auto& p : spec.params) resolved[p.name] = p.defaultValue;
    for (const auto& [name, text] : values) {
        const ParamSpec* p = spec.param(name);
        if (!p) {
            std::string known;
            for (const auto& q : spec.params) known += (known.empty() ? "" : ", ") + q.name;
            return makeError("experiment " + spec.id + " has no parameter '" + name +
                             "' (it has: " + known + ")");
        }
        auto canonical = canonicalValue(*p, text);
        if (!canonical) return makeError(canonical.error());
        resolved[name] = *canonical;
    }
    if (spec.crossCheck) {
        if (Status s = spec.crossCheck(resolved); !s)
            return makeError("experiment " + spec.id + ": " + s.error());
    }
    return resolved;
}

Result<ParamValues> resolveParams(const ExperimentSpec& spec,
                                  const std::vector<std::string>& assignments) {
    ParamValues values;
    for (const auto& a : assignments) {
        auto eq = a.find('=');
        if (eq == std::string::npos || eq == 0)
            return makeError("expected name=value, got '" + a + "'");
        const std::string name = a.substr(0, eq);
        // Two values for one name is a slip (which did the student mean?),
        // not a choice for the last one to make silently.
        if (auto [it, added] = values.emplace(name, a.substr(eq + 1)); !added)
            return makeError("parameter " + name + " is given twice: " + name + "=" + it->second +
                             " and " + a);
    }
    return resolveParams(spec, values);
}

long long paramInt(const ParamValues& values, const std::string& name) {
    auto it = values.find(name);
    long long v = 0;
    if (it != values.end()) parseInteger(it->second, v);
    return v;
}

double paramFloat(const ParamValues& values, const std::string& name) {
    auto it = values.find(name);
    double v = 0;
    if (it != values.end()) parseFloat(it->second, v);
    return v;
}

const std::string& paramChoice(const ParamValues& values, const std::string& name) {
    static const std::string empty;
    auto it = values.find(name);
    return it == values.end() ? empty : it->second;
}

}  // namespace ws
