// CBOR -> Run. Nothing in the input is trusted: every key is type-checked,
// every number range-checked, every packed array checked for whole elements,
// and the assembled Run then goes through validateRun for the cross-checks.
#include <limits>
#include <new>
#include <string>

#include "core/bounded_cbor.h"
#include "core/packed_arrays.h"
#include "core/trace_io.h"
#include "core/trace_keys.h"

namespace ws {

namespace {

using json = nlohmann::json;

// Thrown only inside this file; decodeTrace turns it into an Error.
struct DecodeFailure {
    std::string message;
};

[[noreturn]] void fail(const std::string& where, const std::string& what) {
    throw DecodeFailure{where.empty() ? what : where + ": " + what};
}

std::string typeName(const json& v) { return v.is_binary() ? "byte string" : v.type_name(); }

// Reads the members of one CBOR map; `where` prefixes every message.
class MapReader {
public:
    MapReader(const json& value, std::string where) : m_where(std::move(where)) {
        if (!value.is_object()) fail(m_where, "expected a map, found " + typeName(value));
        m_map = &value;
    }

    const json* find(const char* key) const {
        auto it = m_map->find(key);
        return it == m_map->end() ? nullptr : &*it;
    }

    const json& require(const char* key) const {
        const json* v = find(key);
        if (!v) fail(m_where, std::string("missing key '") + key + "'");
        return *v;
    }

    std::string name(const char* key) const { return m_where.empty() ? key : m_where + "." + key; }

    // Integer keys are optional: a missing key keeps the model's default.
    template <typename T>
    void integer(const char* key, T& out) const {
        if (const json* v = find(key)) out = toInteger<T>(*v, name(key));
    }

    template <typename T>
    static T toInteger(const json& v, const std::string& where) {
        if (v.is_number_unsigned()) {
            auto u = v.get<std::uint64_t>();
            if (u > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
                fail(where, std::to_string(u) + " is out of range");
            return static_cast<T>(u);
        }
        if (v.is_number_integer()) {
            auto i = v.get<std::int64_t>();
            if constexpr (std::is_unsigned_v<T>) {
                fail(where, std::to_string(i) + " is negative");
            } else {
                if (i < std::numeric_limits<T>::min() || i > std::numeric_limits<T>::max())
                    fail(where, std::to_string(i) + " is out of range");
            }
            return static_cast<T>(i);
        }
        fail(where, "expected an integer, found " + typeName(v));
    }

    void number(const char* key, double& out) const {
        if (const json* v = find(key)) {
            if (!v->is_number()) fail(name(key), "expected a number, found " + typeName(*v));
            out = v->get<double>();
        }
    }

    void text(const char* key, std::string& out) const {
        if (const json* v = find(key)) {
            if (!v->is_string()) fail(name(key), "expected a text string, found " + typeName(*v));
            out = v->get<std::string>();
        }
    }

    void boolean(const char* key, bool& out) const {
        if (const json* v = find(key)) {
            if (!v->is_boolean()) fail(name(key), "expected true or false, found " + typeName(*v));
            out = v->get<bool>();
        }
    }

    template <typename T>
    void array(const char* key, std::vector<T>& out) const {
        const json* v = find(key);
        if (!v) return;
        if (!v->is_binary())
            fail(name(key), "expected a byte string of packed values, found " + typeName(*v));
        if (!unpackLittleEndian(v->get_binary(), out))
            fail(name(key), std::to_string(v->get_binary().size()) +
                                " bytes is not a whole number of " + std::to_string(sizeof(T)) +
                                "-byte values");
    }

    // Step values: packed in the type `valueType` names (version 1: f64).
    void stepValues(const char* key, const std::string& type, std::vector<double>& out) const {
        if (type == "f64") return array(key, out);
        if (type == "u32") return widened<std::uint32_t>(key, out);
        if (type == "i32") return widened<std::int32_t>(key, out);
        if (type == "f32") return widened<float>(key, out);
        fail(name("valueType"), "'" + type + "' is not one of u32, i32, f32, f64");
    }

    template <typename T>
    void widened(const char* key, std::vector<double>& out) const {
        std::vector<T> narrow;
        array(key, narrow);
        out.assign(narrow.begin(), narrow.end());
    }

    void texts(const char* key, std::vector<std::string>& out) const {
        const json* v = find(key);
        if (!v) return;
        if (!v->is_array()) fail(name(key), "expected an array of text strings, found " + typeName(*v));
        out.clear();
        for (std::size_t i = 0; i < v->size(); ++i) {
            if (!(*v)[i].is_string())
                fail(name(key) + "[" + std::to_string(i) + "]",
                     "expected a text string, found " + typeName((*v)[i]));
            out.push_back((*v)[i].get<std::string>());
        }
    }

    template <typename T>
    void integers(const char* key, std::vector<T>& out) const {
        const json* v = find(key);
        if (!v) return;
        if (!v->is_array()) fail(name(key), "expected an array of integers, found " + typeName(*v));
        out.clear();
        for (std::size_t i = 0; i < v->size(); ++i)
            out.push_back(toInteger<T>((*v)[i], name(key) + "[" + std::to_string(i) + "]"));
    }

    void dim(const char* key, Dim3& out) const {
        const json* v = find(key);
        if (!v) return;
        if (!v->is_array() || v->size() != 3)
            fail(name(key), "expected an array of 3 unsigned integers");
        out.x = toInteger<std::uint32_t>((*v)[0], name(key) + "[0]");
        out.y = toInteger<std::uint32_t>((*v)[1], name(key) + "[1]");
        out.z = toInteger<std::uint32_t>((*v)[2], name(key) + "[2]");
    }

    const std::string& where() const { return m_where; }

private:
    const json* m_map = nullptr;
    std::string m_where;
};

DeviceInfo readDevice(const json& value) {
    MapReader m(value, "device");
    DeviceInfo d;
    m.text("name", d.name);
    m.integer("ccMajor", d.ccMajor);
    m.integer("ccMinor", d.ccMinor);
    m.integer("smCount", d.smCount);
    m.integer("smClockKHz", d.smClockKHz);
    m.integer("memClockKHz", d.memClockKHz);
    m.integer("memBusWidthBits", d.memBusWidthBits);
    m.number("memBandwidthGBs", d.memBandwidthGBs);
    m.integer("maxThreadsPerBlock", d.maxThreadsPerBlock);
    m.integer("maxThreadsPerSm", d.maxThreadsPerSm);
    m.integer("maxBlocksPerSm", d.maxBlocksPerSm);
    m.integer("sharedMemPerBlock", d.sharedMemPerBlock);
    m.integer("sharedMemPerBlockOptin", d.sharedMemPerBlockOptin);
    m.integer("sharedMemPerSm", d.sharedMemPerSm);
    m.integer("regsPerSm", d.regsPerSm);
    m.integer("l2CacheBytes", d.l2CacheBytes);
    m.integer("globalMemBytes", d.globalMemBytes);
    m.integer("maxGridX", d.maxGridX);
    m.text("driverVersion", d.driverVersion);
    m.text("runtimeVersion", d.runtimeVersion);
    m.integer("timerTickNs", d.timerTickNs);
    return d;
}

template <typename T>
ColumnData unpackColumn(const MapReader& m) {
    std::vector<T> values;
    m.array("data", values);
    return values;
}

std::vector<RecordTable> readTables(const json& value, const std::string& where) {
    if (!value.is_array()) fail(where, "expected an array of tables, found " + typeName(value));
    std::vector<RecordTable> tables;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string at = where + "[" + std::to_string(i) + "]";
        MapReader t(value[i], at);
        RecordTable table;
        t.text("name", table.name);
        const json& columns = t.require("columns");
        if (!columns.is_array())
            fail(at + ".columns", "expected an array, found " + typeName(columns));
        for (std::size_t c = 0; c < columns.size(); ++c) {
            MapReader col(columns[c], at + " '" + table.name + "'.columns[" + std::to_string(c) + "]");
            Column column;
            col.text("name", column.name);
            std::string type;
            col.text("type", type);
            if (type == "u8") column.data = unpackColumn<std::uint8_t>(col);
            else if (type == "u32") column.data = unpackColumn<std::uint32_t>(col);
            else if (type == "i32") column.data = unpackColumn<std::int32_t>(col);
            else if (type == "u64") column.data = unpackColumn<std::uint64_t>(col);
            else if (type == "i64") column.data = unpackColumn<std::int64_t>(col);
            else if (type == "f32") column.data = unpackColumn<float>(col);
            else if (type == "f64") column.data = unpackColumn<double>(col);
            else
                fail(col.name("type"),
                     "'" + type + "' is not one of u8, u32, i32, u64, i64, f32, f64");
            table.columns.push_back(std::move(column));
        }
        tables.push_back(std::move(table));
    }
    return tables;
}

Launch readLaunch(const json& value, std::size_t index) {
    const std::string where = "launch " + std::to_string(index);
    MapReader m(value, where);
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
    if (const json* t = m.find("tables")) l.tables = readTables(*t, where + ": tables");
    // Messages read "launch N: blocks.x": the record group is the subject.
    if (const json* g = m.find("blocks")) {
        MapReader r(*g, where + ": blocks");
        auto& b = l.blocks;
        r.array("block", b.block);
        r.array("sm", b.sm);
        r.array("startNs", b.startNs);
        r.array("endNs", b.endNs);
        r.array("startClock", b.startClock);
        r.array("endClock", b.endClock);
    }
    if (const json* g = m.find("steps")) {
        MapReader r(*g, where + ": steps");
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
        MapReader r(*g, where + ": sharedAccesses");
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
        MapReader r(*g, where + ": globalAccesses");
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
        MapReader r(*g, where + ": arrivals");
        auto& a = l.arrivals;
        r.array("block", a.block);
        r.array("counter", a.counter);
        r.array("timeNs", a.timeNs);
    }
    return l;
}

GpuEnvironment readEnvironment(const json& value) {
    MapReader r(value, "environment");
    GpuEnvironment e;
    r.boolean("queried", e.queried);
    r.text("unavailableReason", e.unavailableReason);
    r.text("uuid", e.uuid);
    r.integers("otherPids", e.otherPids);
    r.texts("otherProcessNames", e.otherProcessNames);
    r.integer("gpuUtilizationPercent", e.gpuUtilizationPercent);
    r.integer("memoryUtilizationPercent", e.memoryUtilizationPercent);
    r.text("computeMode", e.computeMode);
    r.boolean("migEnabled", e.migEnabled);
    r.text("migProfile", e.migProfile);
    r.integer("migSmCount", e.migSmCount);
    r.integer("smClockMHz", e.smClockMHz);
    r.integer("maxSmClockMHz", e.maxSmClockMHz);
    r.integer("memClockMHz", e.memClockMHz);
    r.integer("throttleReasons", e.throttleReasons);
    r.texts("throttleReasonNames", e.throttleReasonNames);
    r.integer("pcieGeneration", e.pcieGeneration);
    r.integer("pcieWidth", e.pcieWidth);
    r.integer("pcieMaxGeneration", e.pcieMaxGeneration);
    r.integer("pcieMaxWidth", e.pcieMaxWidth);
    r.number("lockWaitMs", e.lockWaitMs);
    r.integer("runsAheadAtStart", e.runsAheadAtStart);
    return e;
}

// What version 2 added at the top level; every key is optional.
void readVersion2(const MapReader& m, Run& run) {
    if (const json* t = m.find("tables")) run.tables = readTables(*t, "tables");
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
    if (const json* e = m.find("environment")) run.environment = readEnvironment(*e);
    if (const json* o = m.find("operations")) {
        MapReader r(*o, "operations");
        auto& ops = run.operations;
        r.array("kind", ops.kind);
        r.array("stream", ops.stream);
        r.array("engine", ops.engine);
        r.array("hostMemory", ops.hostMemory);
        r.array("bytes", ops.bytes);
        r.array("startNs", ops.startNs);
        r.array("endNs", ops.endNs);
        r.array("correlation", ops.correlation);
        r.array("launch", ops.launch);
    }
    if (const json* h = m.find("hostCalls")) {
        MapReader r(*h, "hostCalls");
        auto& calls = run.hostCalls;
        r.texts("names", calls.names);
        r.array("name", calls.name);
        r.array("thread", calls.thread);
        r.array("startNs", calls.startNs);
        r.array("endNs", calls.endNs);
        r.array("correlation", calls.correlation);
    }
    if (const json* c = m.find("clocks")) {
        MapReader r(*c, "clocks");
        r.boolean("measured", run.clocks.measured);
        r.number("offsetNs", run.clocks.offsetNs);
        r.number("spreadNs", run.clocks.spreadNs);
        r.integer("samples", run.clocks.samples);
    }
}

Run readRun(const json& doc) {
    MapReader m(doc, "");
    const json& format = m.require("format");
    if (!format.is_string() || format.get<std::string>() != trace_keys::kFormatName)
        fail("", std::string("not a warpscope trace (format is not '") + trace_keys::kFormatName +
                     "')");
    Run run;
    run.formatVersion = MapReader::toInteger<int>(m.require("version"), "version");
    if (run.formatVersion < 1 || run.formatVersion > kTraceFormatVersion)
        fail("", "trace format version " + std::to_string(run.formatVersion) +
                     " is not supported (this build reads versions 1 to " +
                     std::to_string(kTraceFormatVersion) + ")");
    m.text("experiment", run.experiment);
    if (const json* p = m.find("params")) {
        MapReader params(*p, "params");
        for (const auto& [name, value] : p->items()) {
            if (!value.is_string())
                fail("params." + name, "expected a text string, found " + typeName(value));
            run.params[name] = value.get<std::string>();
        }
    }
    if (const json* d = m.find("device")) run.device = readDevice(*d);
    m.text("recordedAt", run.recordedAt);
    m.text("tool", run.tool);
    if (const json* v = m.find("verification")) {
        MapReader r(*v, "verification");
        auto& ver = run.verification;
        r.boolean("checked", ver.checked);
        r.boolean("passed", ver.passed);
        r.text("expected", ver.expected);
        r.text("actual", ver.actual);
        r.number("absError", ver.absError);
        r.number("tolerance", ver.tolerance);
        r.text("note", ver.note);
    }
    if (const json* t = m.find("timing")) {
        MapReader r(*t, "timing");
        auto& tim = run.timing;
        r.number("kernelMs", tim.kernelMs);
        r.number("recordedKernelMs", tim.recordedKernelMs);
        r.number("overheadPercent", tim.overheadPercent);
        r.integer("repetitions", tim.repetitions);
        r.number("bytesMoved", tim.bytesMoved);
        r.number("flops", tim.flops);
        r.number("kernelMinMs", tim.kernelMinMs);
        r.number("kernelMaxMs", tim.kernelMaxMs);
        r.number("kernelCvPercent", tim.kernelCvPercent);
        r.array("kernelSamplesMs", tim.kernelSamplesMs);
        r.number("cpuMs", tim.cpuMs);
        r.number("cpuParallelMs", tim.cpuParallelMs);
        r.integer("cpuThreads", tim.cpuThreads);
        r.number("transferMs", tim.transferMs);
    }
    readVersion2(m, run);
    const json& launches = m.require("launches");
    if (!launches.is_array()) fail("launches", "expected an array, found " + typeName(launches));
    run.launches.reserve(launches.size());
    for (std::size_t i = 0; i < launches.size(); ++i)
        run.launches.push_back(readLaunch(launches[i], i));
    return run;
}

}  // namespace

Result<Run> decodeTrace(std::span<const std::uint8_t> bytes) {
    if (bytes.empty()) return makeError("empty input: not a warpscope trace");
    if (bytes.size() > trace_keys::kMaxTraceBytes)
        return makeError("input is " + std::to_string(bytes.size()) +
                         " bytes, more than the limit of " +
                         std::to_string(trace_keys::kMaxTraceBytes) + " bytes");
    auto doc = parseBoundedCbor(bytes);
    if (!doc) return makeError(doc.error());
    try {
        Run run = readRun(*doc);
        if (Status s = validateRun(run); !s) return makeError(s.error());
        return run;
    } catch (const DecodeFailure& f) {
        return makeError(f.message);
    } catch (const std::bad_alloc&) {
        return makeError("out of memory while decoding the trace");
    } catch (const std::exception& e) {
        return makeError(std::string("malformed trace: ") + e.what());
    }
}

}  // namespace ws
