// `serve`: the worker side of docs/worker-protocol.md. One request at a time;
// diagnostics go to stderr, stdout carries only protocol messages.
#include <algorithm>
#include <istream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "app/record/record_commands.h"
#include "core/catalog.h"
#include "core/device_json.h"
#include "core/trace_io.h"
#include "kernels/experiment_runner.h"

namespace ws::record {

namespace {

constexpr int kProtocolVersion = 1;

void send(std::ostream& out, const nlohmann::json& message) {
    out << message.dump() << '\n' << std::flush;
}

void sendError(std::ostream& out, long long id, const std::string& message) {
    send(out, {{"type", "error"}, {"id", id}, {"message", message}});
}

void answerHello(std::ostream& out, long long id) {
    nlohmann::json hello = {
        {"type", "hello"}, {"id", id}, {"protocol", kProtocolVersion}, {"tool", toolName()}};
    if (auto reason = cudaUnavailableReason(); !reason.empty()) {
        hello["device"] = nullptr;
        hello["reason"] = reason;
    } else if (auto device = queryDevice(0); device) {
        hello["device"] = deviceToJson(*device);
    } else {
        hello["device"] = nullptr;
        hello["reason"] = device.error();
    }
    send(out, hello);
}

// Returns false when the device is no longer usable and the worker must exit.
bool answerRun(const nlohmann::json& request, long long id, std::ostream& out) {
    const std::string experiment = request.value("experiment", "");
    const ExperimentSpec* spec = findExperiment(experiment);
    if (!spec) {
        sendError(out, id, "unknown experiment '" + experiment + "'");
        return true;
    }
    ParamValues values;
    if (auto it = request.find("params"); it != request.end() && it->is_object()) {
        for (const auto& [name, value] : it->items())
            values[name] = value.is_string() ? value.get<std::string>() : value.dump();
    }
    auto resolved = resolveParams(*spec, values);
    if (!resolved) {
        sendError(out, id, resolved.error());
        return true;
    }
    if (auto reason = cudaUnavailableReason(); !reason.empty()) {
        sendError(out, id, reason);
        return true;
    }
    RunOptions options;
    if (auto r = request.find("repetitions"); r != request.end() && r->is_number_integer())
        options.repetitions = std::clamp(r->get<int>(), 1, 1000);
    send(out, {{"type", "progress"}, {"id", id}, {"message", "running " + experiment}});
    auto run = runExperiment(*spec, *resolved, options);
    if (run) run->tool = toolName();
    if (!run) {
        sendError(out, id, run.error());
        // A sticky CUDA error poisons this process's context: only a fresh
        // process can use the GPU again.
        return deviceStillUsable();
    }
    const auto bytes = encodeTrace(*run);
    send(out, {{"type", "result"}, {"id", id}, {"bytes", bytes.size()}});
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    out.flush();
    return true;
}

}  // namespace

int serveCommand(std::istream& in, std::ostream& out, std::ostream& err) {
    for (std::string line; std::getline(in, line);) {
        if (line.empty()) continue;
        auto request = nlohmann::json::parse(line, nullptr, false);
        if (request.is_discarded() || !request.is_object()) {
            err << "warpscope-record serve: ignoring a line that is not a JSON object\n";
            sendError(out, 0, "request is not a JSON object");
            continue;
        }
        const std::string type = request.value("type", "");
        const long long id = request.value("id", 0LL);
        if (type == "quit") return kOk;
        if (type == "hello") {
            answerHello(out, id);
        } else if (type == "run") {
            if (!answerRun(request, id, out)) {
                err << "warpscope-record serve: the CUDA context is unusable; exiting\n";
                return kDeviceFault;
            }
        } else {
            sendError(out, id, "unknown request type '" + type + "'");
        }
    }
    return kOk;
}

std::string toolName() { return std::string("warpscope-record ") + WS_VERSION; }

}  // namespace ws::record
