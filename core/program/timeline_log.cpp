#include "core/program/timeline_log.h"

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/program/json_lines.h"

namespace ws::program {

namespace {

using nlohmann::json;

json span(const char* type, std::uint64_t start, std::uint64_t end) {
    return json{{"type", type}, {"start", start}, {"end", end}};
}

template <typename T>
T number(const json& j, const char* key) {
    const json& v = j.at(key);
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<long long>() >= 0))
        throw std::runtime_error(std::string("'") + key + "' is not a count");
    const auto value = v.get<std::uint64_t>();
    if (value > std::uint64_t(std::numeric_limits<T>::max()))
        throw std::runtime_error(std::string("'") + key + "' " + std::to_string(value) +
                                 " is too large");
    return T(value);
}

bool isCopyKind(std::uint64_t kind) {
    return kind >= std::uint64_t(OperationKind::CopyHostToDevice) &&
           kind <= std::uint64_t(OperationKind::CopyHostToHost);
}

}  // namespace

std::string activityLines(const ActivityLog& batch) {
    std::string out;
    const auto add = [&](const json& j) { out += j.dump() + "\n"; };
    for (const KernelActivity& k : batch.kernels) {
        json j = span("kernel", k.startNs, k.endNs);
        j["stream"] = k.stream;
        j["correlation"] = k.correlation;
        j["name"] = k.name;
        j["grid"] = json::array({k.gridX, k.gridY, k.gridZ});
        j["deviceLaunched"] = k.deviceLaunched;
        add(j);
    }
    for (const CopyActivity& c : batch.copies) {
        json j = span("copy", c.startNs, c.endNs);
        j["bytes"] = c.bytes;
        j["kind"] = int(c.kind);
        j["host"] = int(c.hostMemory);
        j["stream"] = c.stream;
        j["correlation"] = c.correlation;
        j["channel"] = c.channel;
        j["copyChannel"] = c.copyChannel;
        add(j);
    }
    for (const MemsetActivity& m : batch.memsets) {
        json j = span("memset", m.startNs, m.endNs);
        j["bytes"] = m.bytes;
        j["stream"] = m.stream;
        j["correlation"] = m.correlation;
        add(j);
    }
    for (const ApiActivity& a : batch.calls) {
        json j = span("call", a.startNs, a.endNs);
        j["thread"] = a.threadId;
        j["correlation"] = a.correlation;
        j["name"] = a.name;
        add(j);
    }
    if (batch.dropped > 0) add(json{{"type", "dropped"}, {"records", batch.dropped}});
    return out;
}

std::string clockLine(const ClockSample& s) {
    return json{{"type", "clock"},
                {"before", s.hostBeforeNs},
                {"device", s.deviceNs},
                {"after", s.hostAfterNs}}
               .dump() +
           "\n";
}

std::string ownStreamLine(std::uint32_t cuptiStream) {
    return json{{"type", "ownStream"}, {"stream", cuptiStream}}.dump() + "\n";
}

std::string timelineNoteLine(const std::string& note) {
    return json{{"type", "note"}, {"note", note}}.dump() + "\n";
}

Result<ProgramTimeline> parseTimelineLog(std::string_view text) {
    ProgramTimeline t;
    ActivityLog& a = t.activity;
    const Status read = forEachJsonLine(text, kTimelineLogFile, t.cutShort, [&](const json& j) {
        const std::string type = j.at("type").get<std::string>();
        const auto start = [&] { return number<std::uint64_t>(j, "start"); };
        const auto end = [&] { return number<std::uint64_t>(j, "end"); };
        if (type == "kernel") {
            const json& grid = j.at("grid");
            if (!grid.is_array() || grid.size() != 3)
                throw std::runtime_error("'grid' is not three numbers");
            a.kernels.push_back({.startNs = start(),
                                 .endNs = end(),
                                 .stream = number<std::uint32_t>(j, "stream"),
                                 .correlation = number<std::uint32_t>(j, "correlation"),
                                 .name = j.at("name").get<std::string>(),
                                 .gridX = grid[0].get<std::uint32_t>(),
                                 .gridY = grid[1].get<std::uint32_t>(),
                                 .gridZ = grid[2].get<std::uint32_t>(),
                                 .deviceLaunched = j.at("deviceLaunched").get<bool>()});
        } else if (type == "copy") {
            const auto kind = number<std::uint8_t>(j, "kind");
            if (!isCopyKind(kind))
                throw std::runtime_error("'kind' " + std::to_string(kind) + " is not a copy");
            const auto host = number<std::uint8_t>(j, "host");
            if (host > std::uint8_t(HostMemoryKind::Managed))
                throw std::runtime_error("'host' " + std::to_string(host) +
                                         " is no kind of host memory");
            a.copies.push_back({.startNs = start(),
                                .endNs = end(),
                                .bytes = number<std::uint64_t>(j, "bytes"),
                                .kind = OperationKind(kind),
                                .hostMemory = HostMemoryKind(host),
                                .stream = number<std::uint32_t>(j, "stream"),
                                .correlation = number<std::uint32_t>(j, "correlation"),
                                .channel = number<std::uint32_t>(j, "channel"),
                                .copyChannel = j.at("copyChannel").get<bool>()});
        } else if (type == "memset") {
            a.memsets.push_back({.startNs = start(),
                                 .endNs = end(),
                                 .bytes = number<std::uint64_t>(j, "bytes"),
                                 .stream = number<std::uint32_t>(j, "stream"),
                                 .correlation = number<std::uint32_t>(j, "correlation")});
        } else if (type == "call") {
            a.calls.push_back({.startNs = start(),
                               .endNs = end(),
                               .threadId = number<std::uint32_t>(j, "thread"),
                               .correlation = number<std::uint32_t>(j, "correlation"),
                               .name = j.at("name").get<std::string>()});
        } else if (type == "clock") {
            t.clocks.push_back({number<std::uint64_t>(j, "before"),
                                number<std::uint64_t>(j, "device"),
                                number<std::uint64_t>(j, "after")});
        } else if (type == "ownStream") {
            t.ownStreams.insert(number<std::uint32_t>(j, "stream"));
        } else if (type == "dropped") {
            a.dropped += number<std::uint64_t>(j, "records");
        } else if (type == "note") {
            t.notes.push_back(j.at("note").get<std::string>());
        } else {
            throw std::runtime_error("unknown type '" + type + "'");
        }
    });
    if (!read) return makeError(read.error());
    return t;
}

ActivityLog programActivity(const ProgramTimeline& t) {
    ActivityLog out;
    const auto theProgram = [&](std::uint32_t stream) { return !t.ownStreams.contains(stream); };
    for (const KernelActivity& k : t.activity.kernels)
        if (theProgram(k.stream) && k.name != kClockKernelName) out.kernels.push_back(k);
    for (const CopyActivity& c : t.activity.copies)
        if (theProgram(c.stream)) out.copies.push_back(c);
    for (const MemsetActivity& m : t.activity.memsets)
        if (theProgram(m.stream)) out.memsets.push_back(m);
    out.calls = t.activity.calls;
    out.dropped = t.activity.dropped;
    return out;
}

}  // namespace ws::program
