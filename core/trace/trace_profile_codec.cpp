// RunProfile <-> CBOR, and the rules a profile read from a file must keep.
// Integer columns are packed arrays like every record of the run, so a
// kernel's few thousand instructions and stall rows take a few bytes each.
#include "core/trace/trace_profile_codec.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "core/trace/packed_json.h"
#include "core/trace/trace_map_reader.h"

namespace ws {

namespace {

using json = nlohmann::json;
using trace_reading::fail;
using trace_reading::MapReader;
using trace_reading::typeName;
using trace_writing::packed;

// -0 and NaN are values too: only +0 is the default.
bool isSet(double v) { return std::bit_cast<std::uint64_t>(v) != 0; }

json functionJson(const ProfiledFunction& f) {
    json out = {{"name", f.name},
                {"displayName", f.displayName},
                {"sourceFile", f.sourceFile},
                {"pcOffset", packed(f.pcOffset)},
                {"line", packed(f.line)},
                {"file", packed(f.file)},
                {"files", f.files},
                {"sass", f.sass}};
    // Only where the cubin's line table said: a file without them reads as
    // having no inline information, and a profile without it is written
    // byte for byte as before it was kept.
    if (!f.callerLine.empty() || !f.callerFile.empty()) {
        out["callerLine"] = packed(f.callerLine);
        out["callerFile"] = packed(f.callerFile);
    }
    // Only where the cubin gave them: a file without them reads as unknown.
    if (f.registersPerThread > 0) {
        out["registers"] = f.registersPerThread;
        out["staticSharedBytes"] = f.staticSharedBytes;
    }
    return out;
}

const json& requireArray(const json& value, const std::string& where) {
    if (!value.is_array()) fail(where, "expected an array of maps, found " + typeName(value));
    return value;
}

std::vector<ProfiledFunction> readFunctions(const json& value, int version) {
    const json& list = requireArray(value, "profile.functions");
    std::vector<ProfiledFunction> functions;
    functions.reserve(list.size());  // items already read, so bounded by the file
    for (std::size_t i = 0; i < list.size(); ++i) {
        MapReader m(list[i], "profile.functions[" + std::to_string(i) + "]", version);
        ProfiledFunction f;
        m.text("name", f.name);
        m.text("displayName", f.displayName);
        m.text("sourceFile", f.sourceFile);
        m.array("pcOffset", f.pcOffset);
        m.array("line", f.line);
        m.array("file", f.file);
        m.texts("files", f.files);
        m.texts("sass", f.sass);
        m.array("callerLine", f.callerLine);
        m.array("callerFile", f.callerFile);
        m.integer("registers", f.registersPerThread);
        m.integer("staticSharedBytes", f.staticSharedBytes);
        functions.push_back(std::move(f));
    }
    return functions;
}

std::vector<ProfileCounter> readCounters(const json& value, int version) {
    const json& list = requireArray(value, "profile.counters");
    std::vector<ProfileCounter> counters;
    counters.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        MapReader m(list[i], "profile.counters[" + std::to_string(i) + "]", version);
        ProfileCounter c;
        m.text("kernel", c.kernel);
        m.text("metric", c.metric);
        m.number("value", c.value);
        counters.push_back(std::move(c));
    }
    return counters;
}

std::map<std::string, std::string> readSources(const json& value) {
    if (!value.is_object()) fail("profile.sources", "expected a map, found " + typeName(value));
    std::map<std::string, std::string> sources;
    for (const auto& [path, text] : value.items()) {
        if (!text.is_string())
            fail("profile.sources." + path, "expected a text string, found " + typeName(text));
        sources[path] = text.get<std::string>();
    }
    return sources;
}

std::string numberText(double v) {
    char text[40];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

Status sameLength(const std::string& name, std::size_t size, const std::string& refName,
                  std::size_t expected) {
    if (size == expected) return {};
    return makeError(name + " has " + std::to_string(size) + " values, " + refName + " has " +
                     std::to_string(expected));
}

// The first index at or above `count`, with its place.
Status below(const std::string& name, const std::vector<std::uint32_t>& values, std::size_t count,
             const std::string& noun) {
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i] >= count)
            return makeError(name + "[" + std::to_string(i) + "]: " + std::to_string(values[i]) +
                             " is not below the " + std::to_string(count) + " " + noun);
    return {};
}

Status measured(const std::string& name, double v) {
    if (!std::isfinite(v))
        return makeError(name + ": " + numberText(v) + " is not a finite number");
    if (v < 0) return makeError(name + ": " + numberText(v) + " is negative");
    return {};
}

Status checkStalls(const RunProfile& p) {
    const StallSampleRecords& s = p.stalls;
    const std::size_t n = s.function.size();
    const std::string ref = "profile.stalls.function";
    if (Status st = sameLength("profile.stalls.pcOffset", s.pcOffset.size(), ref, n); !st)
        return st;
    if (Status st = sameLength("profile.stalls.reason", s.reason.size(), ref, n); !st) return st;
    if (Status st = sameLength("profile.stalls.samples", s.samples.size(), ref, n); !st) return st;
    if (Status st = below(ref, s.function, p.functions.size(), "functions"); !st) return st;
    return below("profile.stalls.reason", s.reason, p.stallReasons.size(), "stall reasons");
}

// The inline information comes whole or not at all: one caller line and
// file per instruction, each file one of `files`.
Status checkCallers(const ProfiledFunction& f, const std::string& at) {
    if (f.callerLine.empty() && f.callerFile.empty()) return {};
    const std::size_t n = f.pcOffset.size();
    if (Status s = sameLength(at + "callerLine", f.callerLine.size(), at + "pcOffset", n); !s)
        return s;
    if (Status s = sameLength(at + "callerFile", f.callerFile.size(), at + "pcOffset", n); !s)
        return s;
    return below(at + "callerFile", f.callerFile, f.files.size(), "files");
}

Status checkFunctions(const RunProfile& p) {
    for (std::size_t i = 0; i < p.functions.size(); ++i) {
        const ProfiledFunction& f = p.functions[i];
        const std::string at = "profile.functions[" + std::to_string(i) + "].";
        const std::size_t n = f.pcOffset.size();
        if (Status s = sameLength(at + "line", f.line.size(), at + "pcOffset", n); !s) return s;
        if (Status s = sameLength(at + "sass", f.sass.size(), at + "pcOffset", n); !s) return s;
        // A thread holds at most 255 registers on every GPU warpscope runs on.
        if (f.registersPerThread > 255)
            return makeError(at + "registers is " + std::to_string(f.registersPerThread) +
                             ", above the 255 a thread can hold");
        if (Status s = checkCallers(f, at); !s) return s;
        // Without `file` every line is in sourceFile; with it, one index per instruction.
        if (f.file.empty()) continue;
        if (Status s = sameLength(at + "file", f.file.size(), at + "pcOffset", n); !s) return s;
        if (Status s = below(at + "file", f.file, f.files.size(), "files"); !s) return s;
    }
    return {};
}

Status checkCounters(const RunProfile& p) {
    for (std::size_t i = 0; i < p.counters.size(); ++i) {
        const std::string at = "profile.counters[" + std::to_string(i) + "]";
        if (p.counters[i].metric.empty()) return makeError(at + ".metric is empty");
        if (Status s = measured(at + ".value", p.counters[i].value); !s) return s;
    }
    return {};
}

Status checkScalars(const RunProfile& p) {
    // CUPTI samples once per 2^5 to 2^31 cycles; 0 where nothing was sampled.
    if (p.samplingPeriodLog2 < 0 || p.samplingPeriodLog2 > 31)
        return makeError("profile.samplingPeriodLog2: " + std::to_string(p.samplingPeriodLog2) +
                         " is not in [0, 31]");
    if (p.sampledLaunches < 0)
        return makeError("profile.sampledLaunches: " + std::to_string(p.sampledLaunches) +
                         " is negative");
    if (p.counterPasses < 0)
        return makeError("profile.counterPasses: " + std::to_string(p.counterPasses) +
                         " is negative");
    if (Status s = measured("profile.sampledKernelMs", p.sampledKernelMs); !s) return s;
    if (Status s = measured("profile.unsampledKernelMs", p.unsampledKernelMs); !s) return s;
    if (p.sources.contains("")) return makeError("profile.sources: a source without a path");
    return {};
}

}  // namespace

bool profileWorthWriting(const RunProfile& p) {
    const StallSampleRecords& s = p.stalls;
    return p.requested || !p.stallsUnavailable.empty() || !p.countersUnavailable.empty() ||
           !p.stallReasons.empty() || !p.functions.empty() || !s.function.empty() ||
           !s.pcOffset.empty() || !s.reason.empty() || !s.samples.empty() || p.totalSamples != 0 ||
           p.droppedSamples != 0 || p.samplingPeriodLog2 != 0 || p.sampledLaunches != 0 ||
           isSet(p.sampledKernelMs) || isSet(p.unsampledKernelMs) || !p.counters.empty() ||
           p.counterPasses != 0 || !p.sources.empty();
}

json profileToJson(const RunProfile& p) {
    json functions = json::array();
    for (const auto& f : p.functions) functions.push_back(functionJson(f));
    json counters = json::array();
    for (const auto& c : p.counters)
        counters.push_back({{"kernel", c.kernel}, {"metric", c.metric}, {"value", c.value}});
    const StallSampleRecords& s = p.stalls;
    return {{"requested", p.requested},
            {"stallsUnavailable", p.stallsUnavailable},
            {"countersUnavailable", p.countersUnavailable},
            {"stallReasons", p.stallReasons},
            {"functions", std::move(functions)},
            {"stalls",
             {{"function", packed(s.function)},
              {"pcOffset", packed(s.pcOffset)},
              {"reason", packed(s.reason)},
              {"samples", packed(s.samples)}}},
            {"totalSamples", p.totalSamples},
            {"droppedSamples", p.droppedSamples},
            {"samplingPeriodLog2", p.samplingPeriodLog2},
            {"sampledLaunches", p.sampledLaunches},
            {"sampledKernelMs", p.sampledKernelMs},
            {"unsampledKernelMs", p.unsampledKernelMs},
            {"counters", std::move(counters)},
            {"counterPasses", p.counterPasses},
            {"sources", p.sources}};
}

RunProfile readProfile(const json& value, int version) {
    MapReader m(value, "profile", version);
    RunProfile p;
    m.boolean("requested", p.requested);
    m.text("stallsUnavailable", p.stallsUnavailable);
    m.text("countersUnavailable", p.countersUnavailable);
    m.texts("stallReasons", p.stallReasons);
    if (const json* f = m.find("functions")) p.functions = readFunctions(*f, version);
    if (const json* g = m.find("stalls")) {
        MapReader r(*g, "profile.stalls", version);
        r.array("function", p.stalls.function);
        r.array("pcOffset", p.stalls.pcOffset);
        r.array("reason", p.stalls.reason);
        r.array("samples", p.stalls.samples);
    }
    m.integer("totalSamples", p.totalSamples);
    m.integer("droppedSamples", p.droppedSamples);
    m.integer("samplingPeriodLog2", p.samplingPeriodLog2);
    m.integer("sampledLaunches", p.sampledLaunches);
    m.number("sampledKernelMs", p.sampledKernelMs);
    m.number("unsampledKernelMs", p.unsampledKernelMs);
    if (const json* c = m.find("counters")) p.counters = readCounters(*c, version);
    m.integer("counterPasses", p.counterPasses);
    if (const json* s = m.find("sources")) p.sources = readSources(*s);
    return p;
}

Status checkProfile(const RunProfile& p) {
    if (Status s = checkFunctions(p); !s) return s;
    if (Status s = checkStalls(p); !s) return s;
    if (Status s = checkCounters(p); !s) return s;
    return checkScalars(p);
}

}  // namespace ws
