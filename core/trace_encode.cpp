// Run -> CBOR. Field names follow the C++ model so the format document, the
// code and the files read alike.
#include <nlohmann/json.hpp>

#include "core/device_json.h"
#include "core/packed_arrays.h"
#include "core/trace_io.h"
#include "core/trace_keys.h"

namespace ws {

namespace {

using json = nlohmann::json;

template <typename T>
json packed(const std::vector<T>& values) {
    return json::binary(packLittleEndian(values));
}

json dimJson(const Dim3& d) { return json::array({d.x, d.y, d.z}); }

json launchJson(const Launch& l) {
    const auto& b = l.blocks;
    const auto& s = l.steps;
    const auto& a = l.sharedAccesses;
    const auto& g = l.globalAccesses;
    const auto& r = l.arrivals;
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
            {"steps",
             {{"components", s.components},
              {"block", packed(s.block)},
              {"warp", packed(s.warp)},
              {"step", packed(s.step)},
              {"activeMask", packed(s.activeMask)},
              {"clock", packed(s.clock)},
              {"before", packed(s.before)},
              {"after", packed(s.after)}}},
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

}  // namespace

std::vector<std::uint8_t> encodeTrace(const Run& run) {
    json params = json::object();
    for (const auto& [name, value] : run.params) params[name] = value;
    const auto& v = run.verification;
    const auto& t = run.timing;
    json launches = json::array();
    for (const auto& l : run.launches) launches.push_back(launchJson(l));
    json doc = {{"format", trace_keys::kFormatName},
                {"version", kTraceFormatVersion},
                {"experiment", run.experiment},
                {"params", std::move(params)},
                {"device", deviceToJson(run.device)},
                {"recordedAt", run.recordedAt},
                {"tool", run.tool},
                {"verification",
                 {{"checked", v.checked},
                  {"passed", v.passed},
                  {"expected", v.expected},
                  {"actual", v.actual},
                  {"absError", v.absError},
                  {"tolerance", v.tolerance},
                  {"note", v.note}}},
                {"timing",
                 {{"kernelMs", t.kernelMs},
                  {"recordedKernelMs", t.recordedKernelMs},
                  {"overheadPercent", t.overheadPercent},
                  {"repetitions", t.repetitions},
                  {"bytesMoved", t.bytesMoved},
                  {"flops", t.flops}}},
                {"launches", std::move(launches)}};
    return json::to_cbor(doc);
}

nlohmann::json deviceToJson(const DeviceInfo& d) {
    return {{"name", d.name},
            {"ccMajor", d.ccMajor},
            {"ccMinor", d.ccMinor},
            {"smCount", d.smCount},
            {"smClockKHz", d.smClockKHz},
            {"memClockKHz", d.memClockKHz},
            {"memBusWidthBits", d.memBusWidthBits},
            {"memBandwidthGBs", d.memBandwidthGBs},
            {"maxThreadsPerBlock", d.maxThreadsPerBlock},
            {"maxThreadsPerSm", d.maxThreadsPerSm},
            {"maxBlocksPerSm", d.maxBlocksPerSm},
            {"sharedMemPerBlock", d.sharedMemPerBlock},
            {"sharedMemPerBlockOptin", d.sharedMemPerBlockOptin},
            {"sharedMemPerSm", d.sharedMemPerSm},
            {"regsPerSm", d.regsPerSm},
            {"l2CacheBytes", d.l2CacheBytes},
            {"globalMemBytes", d.globalMemBytes},
            {"maxGridX", d.maxGridX},
            {"driverVersion", d.driverVersion},
            {"runtimeVersion", d.runtimeVersion},
            {"timerTickNs", d.timerTickNs}};
}

}  // namespace ws
