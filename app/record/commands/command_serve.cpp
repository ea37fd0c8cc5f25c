// `serve`: the worker side of docs/worker-protocol.md. One run at a time;
// while a run waits for the GPU its place in the queue is reported, and a
// `cancel` or a newer superseding run is seen at once (the requests are read
// on a thread of their own). Diagnostics go to stderr, stdout carries only
// protocol messages.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <istream>
#include <limits>
#include <nlohmann/json.hpp>
#include <ostream>

#include "app/record/commands/measured_run.h"
#include "app/record/commands/record_commands.h"
#include "app/record/gpu/request_inbox.h"
#include "core/catalog/catalog.h"
#include "core/common/json_fields.h"
#include "core/kernelfile/kernel_description.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/trace/device_json.h"
#include "core/trace/trace_io.h"
#include "kernels/device/device_uuid.h"
#include "kernels/kernelfile/kernel_file_runner.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::record {

namespace {

// 2: `queued` while a run waits for the GPU, `cancel` and `cancelled`, and
// run requests that supersede the waiting one. Version 1 clients never ask
// for these and ignore the `queued` messages they do not know.
constexpr int kProtocolVersion = 3;  // docs/worker-protocol.md
// A waiting run repeats its place this often, so a client can tell a long
// queue from a worker that hangs.
constexpr std::chrono::seconds kQueuedHeartbeat{2};

using nlohmann::json;

void send(std::ostream& out, const json& message) { out << message.dump() << '\n' << std::flush; }

void sendError(std::ostream& out, long long id, const std::string& message) {
    send(out, {{"type", "error"}, {"id", id}, {"message", message}});
}

void sendCancelled(std::ostream& out, long long id, const std::string& reason) {
    send(out, {{"type", "cancelled"}, {"id", id}, {"reason", reason}});
}

// A field of the wrong type reads as a missing one (core/common/json_fields.h).
long long idOf(const json& r) { return json_fields::integer(r, "id"); }
std::string typeOf(const json& r) { return json_fields::text(r, "type"); }
bool supersedes(const json& r) { return typeOf(r) == "run" && json_fields::flag(r, "supersede"); }

void answerHello(std::ostream& out, long long id, std::optional<int> pinned) {
    json hello = {
        {"type", "hello"}, {"id", id}, {"protocol", kProtocolVersion}, {"tool", toolName()}};
    if (auto reason = cudaUnavailableReason(); !reason.empty()) {
        hello["device"] = nullptr;
        hello["reason"] = reason;
    } else if (auto device = queryDevice(pinned.value_or(0)); device) {
        hello["device"] = deviceToJson(*device);
        // The GPUs its runs may go to: the pinned one, or every one it sees.
        auto count = visibleDeviceCount();
        hello["gpus"] = pinned ? 1 : (count ? *count : 1);
    } else {
        hello["device"] = nullptr;
        hello["reason"] = device.error();
    }
    send(out, hello);
}

// A request's id as the protocol gives it: a positive whole number; 0 (the id
// of answers to requests without a usable one) otherwise.
long long validId(const json& r) {
    const auto id = r.find("id");
    if (id == r.end() || !id->is_number_unsigned()) return 0;
    const auto v = id->get<unsigned long long>();
    return v >= 1 && v <= std::uint64_t(std::numeric_limits<long long>::max()) ? (long long)v : 0;
}

// What is wrong with the fields of a request, in the protocol's words
// (docs/worker-protocol.md); empty when nothing is. A field of the wrong type
// is refused rather than read as missing: a run with other parameters than
// those asked for would answer another question.
std::string fieldProblem(const json& r) {
    const auto type = r.find("type");
    if (type == r.end() || !type->is_string())
        return "type: expected one of \"hello\", \"run\", \"cancel\", \"quit\"";
    if (*type == "quit") return {};
    if (validId(r) == 0)
        return "id: expected a positive whole number, found " +
               (r.contains("id") ? r["id"].dump() : std::string("none"));
    if (*type != "run") return {};
    const auto experiment = r.find("experiment");
    if (experiment == r.end() || !experiment->is_string())
        return "experiment: expected an experiment's name as text, found " +
               (experiment == r.end() ? std::string("none") : experiment->dump());
    if (const auto params = r.find("params"); params != r.end() && params->is_object())
        for (const auto& [name, value] : params->items())
            if (!value.is_string())
                return "params." + name + ": expected the value as text (\"" + name +
                       "\": \"2\"), found " + value.dump();
    if (const auto s = r.find("supersede"); s != r.end() && !s->is_boolean())
        return "supersede: expected true or false, found " + s->dump();
    return {};
}

// The experiment and parameters of a run request, or the error to answer.
Result<RunRequest> parseRun(const json& request) {
    const std::string experiment = json_fields::text(request, "experiment");
    const ExperimentSpec* spec = findExperiment(experiment);
    if (!spec) return makeError("unknown experiment '" + experiment + "'");
    ParamValues values;
    if (auto it = request.find("params"); it != request.end()) {
        // A run with the defaults instead of the parameters asked for would
        // answer another question: a malformed field is refused.
        if (!it->is_object())
            return makeError("params: expected an object of name: value, found " +
                             std::string(it->type_name()));
        for (const auto& [name, value] : it->items()) values[name] = value.get<std::string>();
    }
    RunRequest run{spec, {}, {}};
    if (auto file = request.find("kernelFile"); file != request.end()) {
        // A kernel file of one's own (docs/your-kernel.md): its parameters
        // are the file's, checked against its description here, before the
        // queue, as the catalog's are.
        if (spec->id != kernelfile::kKernelFileExperiment || !file->is_object() ||
            !file->contains("name") || !file->contains("source") || !(*file)["name"].is_string() ||
            !(*file)["source"].is_string())
            return makeError(
                "kernelFile: expected {\"name\": ..., \"source\": ...} with experiment \"" +
                std::string(kernelfile::kKernelFileExperiment) + "\"");
        kernelfile::KernelFileSource source{(*file)["name"].get<std::string>(),
                                            (*file)["source"].get<std::string>()};
        // The folder its .npy files are read from, on this machine: a
        // window's own worker shares the window's; a class server's
        // students name none, and their files read no .npy.
        if (auto folder = file->find("directory"); folder != file->end()) {
            if (!folder->is_string())
                return makeError("kernelFile.directory: expected a folder's path, found " +
                                 folder->dump());
            source.directory = folder->get<std::string>();
        }
        auto description = kernelfile::parseKernelDescription(source.source, source.fileName);
        if (!description) return makeError(description.error());
        for (const auto& [name, value] : values)
            run.kernelAssignments.push_back(name + "=" + value);
        auto resolved =
            resolveParams(kernelfile::kernelFileSpec(*description), run.kernelAssignments);
        if (!resolved) return makeError(resolved.error());
        run.params = *resolved;
        run.kernelFile = std::move(source);
        run.options.timeCpu = false;
        if (auto limit = request.find("timeLimit"); limit != request.end()) {
            if (!limit->is_number() || limit->get<double>() <= 0 || limit->get<double>() > 600)
                return makeError("timeLimit: expected seconds in (0, 600], found " + limit->dump());
            run.kernelOptions.timeLimitSeconds = limit->get<double>();
        }
        if (auto probes = request.find("probes"); probes != request.end()) {
            if (*probes != "blocks" && *probes != "warps")
                return makeError("probes: expected \"blocks\" or \"warps\", found " +
                                 probes->dump());
            run.kernelOptions.probeLevel =
                *probes == "warps" ? kernelfile::ProbeLevel::Warps : kernelfile::ProbeLevel::Blocks;
        }
    } else {
        auto resolved = resolveParams(*spec, values);
        if (!resolved) return makeError(resolved.error());
        run.params = *resolved;
    }
    if (auto r = request.find("repetitions"); r != request.end()) {
        if (!r->is_number_integer() || r->get<long long>() < 1 || r->get<long long>() > 1000)
            return makeError("repetitions: expected a whole number in [1, 1000], found " +
                             r->dump());
        run.options.repetitions = r->get<int>();
    }
    if (auto w = request.find("why"); w != request.end()) {
        if (w->is_boolean())
            run.options.why = w->get<bool>() ? WhyMode::Always : WhyMode::Never;
        else if (w->is_string() && w->get<std::string>() == "when-cheap")
            run.options.why = WhyMode::WhenCheap;
        else
            return makeError("why: expected true, false or \"when-cheap\", found " + w->dump());
    }
    return run;
}

class Connection {
public:
    Connection(std::istream& in, std::ostream& out, std::optional<int> device)
        : m_inbox(in), m_out(out), m_device(device) {}

    int serve(std::ostream& err) {
        while (auto request = m_inbox.next()) {
            if (request->is_discarded() || !request->is_object()) {
                err << "warpscope-record serve: a line that is not a JSON object was answered "
                       "with an error\n";
                sendError(m_out, 0, "request is not a JSON object");
                continue;
            }
            if (const std::string problem = fieldProblem(*request); !problem.empty()) {
                sendError(m_out, validId(*request), problem);
                continue;
            }
            const std::string type = typeOf(*request);
            const long long id = idOf(*request);
            if (type == "quit") return kOk;
            if (type == "hello") {
                answerHello(m_out, id, m_device);
            } else if (type == "run") {
                if (!answerRun(*request)) {
                    err << "warpscope-record serve: the CUDA context is unusable; exiting\n";
                    return kDeviceFault;
                }
            } else if (type == "cancel") {
                // Nothing of this id waits any more (it ran, or never came): nothing to say.
            } else {
                sendError(m_out, id, "unknown request type '" + type + "'");
            }
            // Answers no one can read: the client is gone or its pipe is full.
            if (!m_out) return answersLost(err);
        }
        return m_out ? kOk : answersLost(err);
    }

private:
    static int answersLost(std::ostream& err) {
        err << "warpscope-record serve: cannot write its answers (the output is closed or full); "
               "exiting\n";
        return kFailed;
    }

    // A cancel naming `id`, or a later superseding run, ends a run before it starts.
    bool cancelledBeforeStart(long long id) {
        if (!m_inbox.takeIf([id](const json& r) { return typeOf(r) == "cancel" && idOf(r) == id; })
                 .empty()) {
            sendCancelled(m_out, id, "cancelled");
            return true;
        }
        if (m_inbox.anyPending(supersedes)) {
            sendCancelled(m_out, id, "replaced by a newer request");
            return true;
        }
        return false;
    }

    // Called on every poll while the run waits: false gives up its place.
    bool keepWaiting(long long& id, RunRequest& run, int ahead) {
        if (cancelledBeforeStart(id) && !m_inbox.anyPending(supersedes)) return false;
        if (m_inbox.anyPending([](const json& r) { return typeOf(r) == "quit"; })) {
            sendCancelled(m_out, id, "the worker was asked to quit");
            return false;
        }
        // The newest superseding run takes over this one's place in the queue.
        auto newer = m_inbox.takeIf(supersedes);
        if (!newer.empty()) {
            for (std::size_t i = 0; i + 1 < newer.size(); ++i)
                sendCancelled(m_out, idOf(newer[i]), "replaced by a newer request");
            // `id` was told it is cancelled by cancelledBeforeStart already.
            id = idOf(newer.back());
            auto parsed = parseRun(newer.back());
            if (!parsed) {
                sendError(m_out, id, parsed.error());
                return false;
            }
            run = std::move(*parsed);
            if (m_device) {
                run.options.device = *m_device;
                run.devicePinned = true;
            }
            m_lastAhead = -1;
        }
        const auto now = std::chrono::steady_clock::now();
        if (ahead != m_lastAhead || now - m_lastQueued >= kQueuedHeartbeat) {
            send(m_out, {{"type", "queued"}, {"id", id}, {"ahead", ahead}});
            m_lastAhead = ahead;
            m_lastQueued = now;
        }
        return true;
    }

    // Returns false when the device is no longer usable and the worker must exit.
    bool answerRun(const json& request) {
        long long id = idOf(request);
        auto parsed = parseRun(request);
        if (!parsed) {
            sendError(m_out, id, parsed.error());
            return true;
        }
        if (cancelledBeforeStart(id)) return true;
        RunRequest run = std::move(*parsed);
        if (m_device) {
            run.options.device = *m_device;
            run.devicePinned = true;
        }
        m_lastAhead = -1;
        WaitHooks hooks;
        hooks.keepWaiting = [&](int ahead) { return keepWaiting(id, run, ahead); };
        hooks.pause = [this](std::chrono::milliseconds t) { m_inbox.waitForMore(t); };
        auto outcome = measuredRun(run, hooks, [&] {
            send(m_out, {{"type", "progress"},
                         {"id", id},
                         {"message", "running " + run.spec->id + " on GPU " +
                                         std::to_string(run.options.device)}});
        });
        if (!outcome) {
            sendError(m_out, id, outcome.error());
            // A launch that never ended holds the GPU until this process ends.
            if (kernelfile::isHungLaunch(outcome.error())) return false;
            // A sticky CUDA error poisons this process's context: only a fresh
            // process can use the GPU again. Without a device there is none to lose.
            return !cudaUnavailableReason().empty() || deviceStillUsable();
        }
        if (outcome->gaveUp) return true;
        outcome->run.tool = toolName();
        const auto bytes = encodeTrace(outcome->run);
        // Which GPU ran it and when its turn was: a client (or a test of a
        // server with several GPUs) can see that no two runs shared one.
        send(m_out, {{"type", "result"},
                     {"id", id},
                     {"bytes", bytes.size()},
                     {"device", outcome->device},
                     {"turnStartNs", outcome->turnStartNs},
                     {"turnEndNs", outcome->turnEndNs}});
        m_out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        m_out.flush();
        return true;
    }

    RequestInbox m_inbox;
    std::ostream& m_out;
    std::optional<int> m_device;
    int m_lastAhead = -1;
    std::chrono::steady_clock::time_point m_lastQueued;
};

}  // namespace

int serveCommand(std::istream& in, std::ostream& out, std::ostream& err,
                 std::optional<int> device) {
    Connection connection(in, out, device);
    return connection.serve(err);
}

std::string toolName() { return std::string("warpscope-record ") + WS_VERSION; }

}  // namespace ws::record
