// CBOR -> Run. Nothing in the input is trusted: every key is type-checked,
// every number range-checked, every packed array checked for whole elements,
// and the assembled Run then goes through validateRun for the cross-checks.
#include <algorithm>
#include <new>
#include <string>

#include "core/run/launch_label.h"
#include "core/trace/bounded_cbor.h"
#include "core/trace/trace_fields.h"
#include "core/trace/trace_io.h"
#include "core/trace/trace_keys.h"
#include "core/trace/trace_map_reader.h"
#include "core/trace/trace_places.h"
#include "core/trace/trace_profile_codec.h"

namespace ws {

namespace {

using json = nlohmann::json;

using trace_reading::DecodeFailure;
using trace_reading::fail;
using trace_reading::MapReader;
using trace_reading::typeName;

// A struct of the field table (core/trace/trace_fields.h) from its map:
// each key optional, a missing one keeping the model's default.
template <typename S>
void readFields(const MapReader& r, S& s) {
    trace_fields::forEachField<S>([&](const auto& f) {
        auto& value = s.*(f.member);
        using Value = std::decay_t<decltype(value)>;
        if constexpr (std::decay_t<decltype(f)>::coding == trace_fields::Coding::Packed)
            r.array(f.key, value);
        else if constexpr (std::is_same_v<Value, bool>)
            r.boolean(f.key, value);
        else if constexpr (std::is_same_v<Value, std::string>)
            r.text(f.key, value);
        else if constexpr (std::is_same_v<Value, double>)
            r.number(f.key, value);
        else if constexpr (std::is_integral_v<Value>)
            r.integer(f.key, value);
        else if constexpr (std::is_same_v<Value, std::vector<std::string>>)
            r.texts(f.key, value);
        else
            r.integers(f.key, value);
    });
}

DeviceInfo readDevice(const json& value, int version) {
    DeviceInfo d;
    readFields(MapReader(value, "device", version), d);
    return d;
}

template <typename T>
ColumnData unpackColumn(const MapReader& m) {
    std::vector<T> values;
    m.array("data", values);
    return values;
}

std::vector<RecordTable> readTables(const json& value, const std::string& where, int version) {
    if (!value.is_array()) fail(where, "expected an array of tables, found " + typeName(value));
    std::vector<RecordTable> tables;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string at = where + "[" + std::to_string(i) + "]";
        MapReader t(value[i], at, version);
        RecordTable table;
        t.text("name", table.name);
        const json& columns = t.require("columns");
        if (!columns.is_array())
            fail(at + ".columns", "expected an array, found " + typeName(columns));
        for (std::size_t c = 0; c < columns.size(); ++c) {
            MapReader col(columns[c],
                          at + " '" + table.name + "'.columns[" + std::to_string(c) + "]", version);
            Column column;
            col.text("name", column.name);
            std::string type;
            col.text("type", type);
            if (type == "u8")
                column.data = unpackColumn<std::uint8_t>(col);
            else if (type == "u32")
                column.data = unpackColumn<std::uint32_t>(col);
            else if (type == "i32")
                column.data = unpackColumn<std::int32_t>(col);
            else if (type == "u64")
                column.data = unpackColumn<std::uint64_t>(col);
            else if (type == "i64")
                column.data = unpackColumn<std::int64_t>(col);
            else if (type == "f32")
                column.data = unpackColumn<float>(col);
            else if (type == "f64")
                column.data = unpackColumn<double>(col);
            else
                fail(col.name("type"),
                     "'" + type + "' is not one of u8, u32, i32, u64, i64, f32, f64");
            table.columns.push_back(std::move(column));
        }
        tables.push_back(std::move(table));
    }
    return tables;
}

Launch readLaunch(const json& value, std::size_t index, int version) {
    const std::string where = launchLabel(index);
    MapReader m(value, where, version);
    Launch l;
    m.text("kernel", l.kernel);
    m.dim("grid", l.grid);
    m.dim("block", l.block);
    m.integer("sharedBytes", l.sharedBytes);
    m.integer("stream", l.stream);
    m.integer("parentLaunch", l.parentLaunch);
    m.integer("parentBlock", l.parentBlock);
    m.integer("depth", l.depth);
    m.text("launchMode", l.launchMode);
    if (const json* t = m.find("tables")) l.tables = readTables(*t, where + ": tables", version);
    // Messages read "launch N: blocks.x": the record group is the subject.
    if (const json* g = m.find("blocks")) {
        MapReader r(*g, where + ": blocks", version);
        auto& b = l.blocks;
        r.array("block", b.block);
        r.array("sm", b.sm);
        r.array("startNs", b.startNs);
        r.array("endNs", b.endNs);
        r.array("startClock", b.startClock);
        r.array("endClock", b.endClock);
    }
    if (const json* g = m.find("steps")) {
        MapReader r(*g, where + ": steps", version);
        auto& s = l.steps;
        r.integer("components", s.components);
        std::string valueType = "f64";
        r.text("valueType", valueType);
        r.array("block", s.block);
        r.array("warp", s.warp);
        r.array("step", s.step);
        r.array("activeMask", s.activeMask);
        r.array("clock", s.clock);
        r.stepValues("before", valueType, s.before);
        r.stepValues("after", valueType, s.after);
    }
    if (const json* g = m.find("sharedAccesses")) {
        MapReader r(*g, where + ": sharedAccesses", version);
        auto& a = l.sharedAccesses;
        r.array("block", a.block);
        r.array("warp", a.warp);
        r.array("instruction", a.instruction);
        r.array("widthBytes", a.widthBytes);
        r.array("activeMask", a.activeMask);
        r.array("address", a.address);
        r.array("cycles", a.cycles);
    }
    if (const json* g = m.find("globalAccesses")) {
        MapReader r(*g, where + ": globalAccesses", version);
        auto& a = l.globalAccesses;
        r.array("block", a.block);
        r.array("warp", a.warp);
        r.array("instruction", a.instruction);
        r.array("widthBytes", a.widthBytes);
        r.array("activeMask", a.activeMask);
        r.array("isWrite", a.isWrite);
        r.array("address", a.address);
    }
    if (const json* g = m.find("arrivals")) {
        MapReader r(*g, where + ": arrivals", version);
        auto& a = l.arrivals;
        r.array("block", a.block);
        r.array("counter", a.counter);
        r.array("timeNs", a.timeNs);
    }
    return l;
}

// What version 2 added at the top level; every key is optional.
void readVersion2(const MapReader& m, Run& run) {
    if (const json* t = m.find("tables")) run.tables = readTables(*t, "tables", m.version());
    if (const json* t = m.find("texts")) {
        if (!t->is_object()) fail("texts", "expected a map, found " + typeName(*t));
        for (const auto& [name, value] : t->items()) {
            if (!value.is_string())
                fail("texts." + name, "expected a text string, found " + typeName(value));
            run.texts[name] = value.get<std::string>();
        }
    }
    if (const json* f = m.find("figures")) {
        if (!f->is_object()) fail("figures", "expected a map, found " + typeName(*f));
        for (const auto& [name, value] : f->items()) {
            if (!value.is_number())
                fail("figures." + name, "expected a number, found " + typeName(value));
            run.figures[name] = value.get<double>();
        }
    }
    if (const json* e = m.find("environment"))
        readFields(MapReader(*e, "environment", m.version()), run.environment);
    if (const json* o = m.find("operations"))
        readFields(MapReader(*o, "operations", m.version()), run.operations);
    if (const json* h = m.find("hostCalls"))
        readFields(MapReader(*h, "hostCalls", m.version()), run.hostCalls);
    if (const json* c = m.find("clocks"))
        readFields(MapReader(*c, "clocks", m.version()), run.clocks);
}

Run readRun(const json& doc) {
    const std::string expected = std::string("'") + trace_keys::kFormatName + "'";
    if (!doc.is_object()) fail("", "not a warpscope trace: expected a map, found " + typeName(doc));
    const auto format = doc.find("format");
    if (format == doc.end())
        fail("", "not a warpscope trace: it has no 'format' key (expected " + expected + ")");
    if (!format->is_string() || format->get<std::string>() != trace_keys::kFormatName)
        fail("", "not a warpscope trace: its format is " +
                     (format->is_string() ? "'" + format->get<std::string>() + "'"
                                          : typeName(*format)) +
                     ", expected " + expected);
    Run run;
    MapReader top(doc, "", 1);
    run.formatVersion = MapReader::toInteger<int>(top.require("version"), "version");
    if (run.formatVersion < 1 || run.formatVersion > kTraceFormatVersion)
        fail("", "trace format version " + std::to_string(run.formatVersion) +
                     " is not supported (this build reads versions 1 to " +
                     std::to_string(kTraceFormatVersion) + ")");
    MapReader m(doc, "", run.formatVersion);
    m.text("experiment", run.experiment);
    if (const json* p = m.find("params")) {
        MapReader params(*p, "params", run.formatVersion);
        for (const auto& [name, value] : p->items()) {
            if (!value.is_string())
                fail("params." + name, "expected a text string, found " + typeName(value));
            run.params[name] = value.get<std::string>();
        }
    }
    if (const json* d = m.find("device")) run.device = readDevice(*d, run.formatVersion);
    m.text("recordedAt", run.recordedAt);
    m.text("tool", run.tool);
    if (const json* v = m.find("verification"))
        readFields(MapReader(*v, "verification", run.formatVersion), run.verification);
    if (const json* t = m.find("timing"))
        readFields(MapReader(*t, "timing", run.formatVersion), run.timing);
    readVersion2(m, run);
    // Files of versions 1 to 3 have no profile; a key of that name in one is
    // not this one, and is ignored like any key the version does not know.
    if (run.formatVersion >= kFirstVersionWithProfile)
        if (const json* p = m.find("profile")) run.profile = readProfile(*p, run.formatVersion);
    const json& launches = m.require("launches");
    if (!launches.is_array()) fail("launches", "expected an array, found " + typeName(launches));
    run.launches.reserve(launches.size());
    for (std::size_t i = 0; i < launches.size(); ++i)
        run.launches.push_back(readLaunch(launches[i], i, run.formatVersion));
    return run;
}

// Text where a trace should begin: a JSON export, a log, a manifest.
bool looksLikeText(std::span<const std::uint8_t> bytes) {
    const std::size_t n = std::min<std::size_t>(bytes.size(), 256);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t b = bytes[i];
        if (b == 0x7f || (b < 0x20 && b != '\t' && b != '\n' && b != '\r')) return false;
    }
    return true;
}

// A trace someone compressed to send it: say so rather than "not CBOR".
std::string compressedHint(std::span<const std::uint8_t> bytes) {
    auto startsWith = [&](std::initializer_list<std::uint8_t> magic) {
        return bytes.size() >= magic.size() &&
               std::equal(magic.begin(), magic.end(), bytes.begin());
    };
    if (startsWith({0x1f, 0x8b})) return " (it looks compressed with gzip)";
    if (startsWith({0x28, 0xb5, 0x2f, 0xfd})) return " (it looks compressed with zstd)";
    if (startsWith({0xfd, '7', 'z', 'X', 'Z', 0x00})) return " (it looks compressed with xz)";
    if (startsWith({'P', 'K', 0x03, 0x04})) return " (it looks like a zip archive)";
    return "";
}

}  // namespace

Result<Run> decodeTrace(std::span<const std::uint8_t> bytes) {
    if (bytes.empty()) return makeError("not a warpscope trace: it is empty");
    if (bytes.size() > trace_keys::kMaxTraceBytes)
        return makeError("it is " + std::to_string(bytes.size()) +
                         " bytes, more than the limit of " +
                         std::to_string(trace_keys::kMaxTraceBytes) + " bytes for a trace");
    // A trace is one CBOR map; anything else is not one, damaged or not.
    if ((bytes[0] >> 5) != 5) {
        if (looksLikeText(bytes))
            return makeError(std::string("not a warpscope trace: expected CBOR, found text") +
                             (bytes[0] == '{' || bytes[0] == '[' ? " (it looks like JSON)" : ""));
        return makeError("not a warpscope trace: expected a CBOR map at byte 0, found " +
                         cborItemName(bytes[0]) + compressedHint(bytes));
    }
    auto doc = parseBoundedCbor(bytes);
    if (const auto* failure = std::get_if<CborFailure>(&doc))
        return makeError(cborFailureText(*failure));
    try {
        Run run = readRun(std::get<nlohmann::json>(doc));
        if (Status s = validateRun(run); !s) return makeError(s.error());
        return run;
    } catch (const DecodeFailure& f) {
        return makeError(f.message);
    } catch (const std::bad_alloc&) {
        return makeError("out of memory while decoding the trace");
    } catch (const std::exception&) {
        // Every value is type-checked before it is read, so this is a bug of
        // the reader; the library's own words would not help the user.
        return makeError("the trace holds a value of a kind this reader did not expect");
    }
}

}  // namespace ws
