#include "core/program/launch_log.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/program/json_lines.h"

namespace ws::program {

namespace {

using nlohmann::json;

json dim(const Dim3& d) { return json::array({d.x, d.y, d.z}); }

Dim3 dimOf(const json& j, const char* key) {
    const json& v = j.at(key);
    if (!v.is_array() || v.size() != 3 || !v[0].is_number_unsigned() ||
        !v[1].is_number_unsigned() || !v[2].is_number_unsigned())
        throw std::runtime_error(std::string("'") + key + "' is not three numbers");
    return {v[0].get<std::uint32_t>(), v[1].get<std::uint32_t>(), v[2].get<std::uint32_t>()};
}

}  // namespace

std::string moduleLine(const LoggedModule& m) {
    return json{{"type", "module"},
                {"module", m.module},
                {"image", m.image},
                {"ptxArch", m.ptxArch},
                {"kernels", m.kernels},
                {"probed", m.probed},
                {"whyNotProbed", m.whyNotProbed}}
               .dump() +
           "\n";
}

std::string launchLine(const LoggedLaunch& l) {
    return json{{"type", "launch"},
                {"launch", l.launch},
                {"kernelLaunch", l.kernelLaunch},
                {"kernel", l.kernel},
                {"module", l.module},
                {"grid", dim(l.grid)},
                {"block", dim(l.block)},
                {"sharedBytes", l.sharedBytes},
                {"stream", l.stream},
                {"device", l.device},
                {"probed", l.probed},
                {"recorded", l.recorded},
                {"records", l.records},
                {"ms", l.ms},
                {"whyNotProbed", l.whyNotProbed}}
               .dump() +
           "\n";
}

std::string noteLine(const std::string& note) {
    return json{{"type", "note"}, {"note", note}}.dump() + "\n";
}

Result<LaunchLog> parseLaunchLog(std::string_view text) {
    LaunchLog log;
    const Status read = forEachJsonLine(text, kLaunchLogFile, log.cutShort, [&](const json& j) {
        const std::string type = j.at("type").get<std::string>();
        if (type == "module") {
            LoggedModule m;
            m.module = j.at("module").get<int>();
            m.image = j.at("image").get<std::string>();
            m.ptxArch = j.at("ptxArch").get<std::string>();
            m.kernels = j.at("kernels").get<std::vector<std::string>>();
            m.probed = j.at("probed").get<std::vector<std::string>>();
            m.whyNotProbed = j.at("whyNotProbed").get<std::string>();
            log.modules.push_back(std::move(m));
        } else if (type == "launch") {
            LoggedLaunch l;
            l.launch = j.at("launch").get<std::uint64_t>();
            l.kernelLaunch = j.at("kernelLaunch").get<std::uint64_t>();
            l.kernel = j.at("kernel").get<std::string>();
            l.module = j.at("module").get<int>();
            l.grid = dimOf(j, "grid");
            l.block = dimOf(j, "block");
            l.sharedBytes = j.at("sharedBytes").get<std::uint32_t>();
            l.stream = j.at("stream").get<std::uint64_t>();
            l.device = j.at("device").get<int>();
            l.probed = j.at("probed").get<bool>();
            l.recorded = j.at("recorded").get<bool>();
            l.records = j.at("records").get<std::string>();
            l.ms = j.at("ms").get<double>();
            l.whyNotProbed = j.at("whyNotProbed").get<std::string>();
            if (l.records.find('/') != std::string::npos)
                throw std::runtime_error("'records' names a file outside the folder");
            log.launches.push_back(std::move(l));
        } else if (type == "note") {
            log.notes.push_back(j.at("note").get<std::string>());
        } else {
            throw std::runtime_error("unknown type '" + type + "'");
        }
    });
    if (!read) return makeError(read.error());
    // Timed launches are logged once their events pass, after later ones.
    std::sort(log.launches.begin(), log.launches.end(),
              [](const LoggedLaunch& a, const LoggedLaunch& b) { return a.launch < b.launch; });
    return log;
}

}  // namespace ws::program
