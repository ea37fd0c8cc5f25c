// Run -> CBOR. Field names follow the C++ model so the format document, the
// code and the files read alike.
#include <bit>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/trace/device_json.h"
#include "core/trace/packed_json.h"
#include "core/trace/trace_fields.h"
#include "core/trace/trace_io.h"
#include "core/trace/trace_keys.h"
#include "core/trace/trace_profile_codec.h"

namespace ws {

namespace {

using json = nlohmann::json;

using trace_writing::packed;

json dimJson(const Dim3& d) { return json::array({d.x, d.y, d.z}); }

// Step values are doubles in memory; most experiments hold 32-bit integers or
// floats (affine maps: pairs of uint32), so storing them in the narrowest
// exact type halves them, and integers then shrink further as varints.
const char* stepValueType(const StepRecords& s) {
    bool u32 = true, i32 = true, f32 = true;
    for (const auto* values : {&s.before, &s.after})
        for (double v : *values) {
            const bool integral = v == std::floor(v);
            u32 = u32 && integral && v >= 0 && v <= 4294967295.0;
            i32 = i32 && integral && v >= -2147483648.0 && v <= 2147483647.0;
            const double back = double(float(v));
            f32 = f32 && (std::bit_cast<std::uint64_t>(back) == std::bit_cast<std::uint64_t>(v));
            if (!u32 && !i32 && !f32) return "f64";
        }
    return u32 ? "u32" : i32 ? "i32" : f32 ? "f32" : "f64";
}

template <typename T>
json packedAs(const std::vector<double>& values) {
    std::vector<T> narrow(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) narrow[i] = static_cast<T>(values[i]);
    return packed(narrow);
}

json stepValues(const std::vector<double>& values, const std::string& type) {
    if (type == "u32") return packedAs<std::uint32_t>(values);
    if (type == "i32") return packedAs<std::int32_t>(values);
    if (type == "f32") return packedAs<float>(values);
    return packed(values);
}

json tablesJson(const std::vector<RecordTable>& tables) {
    json list = json::array();
    for (const auto& t : tables) {
        json columns = json::array();
        for (const auto& c : t.columns)
            columns.push_back(
                {{"name", c.name},
                 {"type", columnTypeName(c.data)},
                 {"data", std::visit([](const auto& v) { return packed(v); }, c.data)}});
        list.push_back({{"name", t.name}, {"columns", std::move(columns)}});
    }
    return list;
}

json launchJson(const Launch& l) {
    const auto& b = l.blocks;
    const auto& s = l.steps;
    const auto& a = l.sharedAccesses;
    const auto& g = l.globalAccesses;
    const auto& r = l.arrivals;
    const std::string valueType = stepValueType(s);
    return {{"kernel", l.kernel},
            {"grid", dimJson(l.grid)},
            {"block", dimJson(l.block)},
            {"sharedBytes", l.sharedBytes},
            {"stream", l.stream},
            {"blocks",
             {{"block", packed(b.block)},
              {"sm", packed(b.sm)},
              {"startNs", packed(b.startNs)},
              {"endNs", packed(b.endNs)},
              {"startClock", packed(b.startClock)},
              {"endClock", packed(b.endClock)}}},
            {"parentLaunch", l.parentLaunch},
            {"parentBlock", l.parentBlock},
            {"depth", l.depth},
            {"launchMode", l.launchMode},
            {"tables", tablesJson(l.tables)},
            {"steps",
             {{"components", s.components},
              {"valueType", valueType},
              {"block", packed(s.block)},
              {"warp", packed(s.warp)},
              {"step", packed(s.step)},
              {"activeMask", packed(s.activeMask)},
              {"clock", packed(s.clock)},
              {"before", stepValues(s.before, valueType)},
              {"after", stepValues(s.after, valueType)}}},
            {"sharedAccesses",
             {{"block", packed(a.block)},
              {"warp", packed(a.warp)},
              {"instruction", packed(a.instruction)},
              {"widthBytes", packed(a.widthBytes)},
              {"activeMask", packed(a.activeMask)},
              {"address", packed(a.address)},
              {"cycles", packed(a.cycles)}}},
            {"globalAccesses",
             {{"block", packed(g.block)},
              {"warp", packed(g.warp)},
              {"instruction", packed(g.instruction)},
              {"widthBytes", packed(g.widthBytes)},
              {"activeMask", packed(g.activeMask)},
              {"isWrite", packed(g.isWrite)},
              {"address", packed(g.address)}}},
            {"arrivals",
             {{"block", packed(r.block)},
              {"counter", packed(r.counter)},
              {"timeNs", packed(r.timeNs)}}}};
}

// A struct of the field table (core/trace/trace_fields.h) as a CBOR map.
template <typename S>
json fieldsJson(const S& s) {
    json j = json::object();
    trace_fields::forEachField<S>([&](const auto& f) {
        const auto& value = s.*(f.member);
        if constexpr (std::decay_t<decltype(f)>::coding == trace_fields::Coding::Packed)
            j[f.key] = packed(value);
        else
            j[f.key] = value;
    });
    return j;
}

}  // namespace

std::vector<std::uint8_t> encodeTrace(const Run& run) {
    json params = json::object();
    for (const auto& [name, value] : run.params) params[name] = value;
    json launches = json::array();
    for (const auto& l : run.launches) launches.push_back(launchJson(l));
    json doc = {{"format", trace_keys::kFormatName},
                {"version", kTraceFormatVersion},
                {"experiment", run.experiment},
                {"params", std::move(params)},
                {"device", deviceToJson(run.device)},
                {"recordedAt", run.recordedAt},
                {"tool", run.tool},
                {"verification", fieldsJson(run.verification)},
                {"timing", fieldsJson(run.timing)},
                {"launches", std::move(launches)},
                {"tables", tablesJson(run.tables)},
                {"texts", run.texts},
                {"figures", run.figures},
                {"environment", fieldsJson(run.environment)},
                {"operations", fieldsJson(run.operations)},
                {"hostCalls", fieldsJson(run.hostCalls)},
                {"clocks", fieldsJson(run.clocks)}};
    // A run that neither asked for a profile nor holds one writes no key, as
    // the files of versions 1 to 3 do.
    if (profileWorthWriting(run.profile)) doc["profile"] = profileToJson(run.profile);
    return json::to_cbor(doc);
}

nlohmann::json deviceToJson(const DeviceInfo& d) { return fieldsJson(d); }

}  // namespace ws
