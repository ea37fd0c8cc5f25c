// The staircases: the chase's cycles and nanoseconds per load against the
// working set for each load path, read as plateaus named by the cache level
// they fit; the L2's distance from each SM; every SM reading for bandwidth,
// from L1 to HBM, with the HBM figure against the device's peak.
#include <iostream>

#include "bench/gpu_memkinds/memkinds_bench.h"
#include "core/memkinds/l2_partitions.h"
#include "core/memkinds/latency_plateaus.h"
#include "core/memkinds/memkinds_tables.h"

namespace ws::bench {

namespace {

nlohmann::json latencyPath(const char* path, const std::string& minBytes,
                           const std::string& maxBytes, const std::string& stride,
                           const BenchOptions& o, const DeviceInfo& device, int& failures) {
    auto run = runVerified("memory-latency",
                           {std::string("path=") + path, "min_bytes=" + minBytes,
                            "max_bytes=" + maxBytes, "stride=" + stride, "loads=4096"},
                           o, device, failures);
    if (!run) return nullptr;
    auto points = memkinds::readLatency(*run);
    if (!points) {
        std::cerr << "  memory-latency " << path << ": " << points.error() << "\n";
        ++failures;
        return nullptr;
    }
    auto lp = memkinds::loadPathFromName(path);
    const auto plateaus = memkinds::findPlateaus(*points, memkinds::cacheSizes(run->device), *lp);
    nlohmann::json out = {{"path", path}, {"stride", std::stoul(stride)}};
    nlohmann::json rows = nlohmann::json::array(), levels = nlohmann::json::array();
    std::cout << "\n### path " << path << ", stride " << stride << " B\n\n"
              << "| working set | cycles per load | ns per load |\n|---|---|---|\n";
    for (const auto& p : *points) {
        rows.push_back({{"bytes", p.workingSetBytes},
                        {"cyclesPerLoad", p.cyclesPerLoad},
                        {"nsPerLoad", p.nsPerLoad}});
        std::cout << "| " << p.workingSetBytes << " | " << fixed(p.cyclesPerLoad, 1) << " | "
                  << fixed(p.nsPerLoad, 1) << " |\n";
    }
    std::cout << "\nPlateaus:";
    for (const auto& p : plateaus) {
        levels.push_back({{"level", p.level},
                          {"fromBytes", p.fromBytes},
                          {"toBytes", p.toBytes},
                          {"cyclesPerLoad", p.cyclesPerLoad},
                          {"nsPerLoad", p.nsPerLoad}});
        std::cout << " " << p.level << " " << fixed(p.cyclesPerLoad, 0) << " cycles ("
                  << fixed(p.nsPerLoad, 0) << " ns);";
    }
    std::cout << "\n";
    out["points"] = rows;
    out["plateaus"] = levels;
    return out;
}

}  // namespace

nlohmann::json latencyBench(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    std::cout << "\n## Latency: one thread chasing pointers, 4096 timed loads per set\n";
    const std::string big = o.quick ? "67108864" : "1073741824";
    nlohmann::json paths = nlohmann::json::array();
    paths.push_back(latencyPath("global", "1024", big, "128", o, device, failures));
    if (!o.quick)  // a page per load: past the TLB's reach
        paths.push_back(latencyPath("cg", "2097152", "8589934592", "2097152", o, device, failures));
    paths.push_back(latencyPath("ldg", "1024", "67108864", "128", o, device, failures));
    paths.push_back(latencyPath("cg", "1024", "67108864", "128", o, device, failures));
    paths.push_back(latencyPath("shared", "1024", "65536", "128", o, device, failures));
    paths.push_back(latencyPath("constant", "1024", "65536", "128", o, device, failures));
    paths.push_back(latencyPath("texture", "1024", "67108864", "128", o, device, failures));
    return paths;
}

nlohmann::json l2Bench(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    nlohmann::json out = nlohmann::json::array();
    std::cout << "\n## L2's distance from each SM (ld.global.cg chase, 2048 loads)\n\n"
              << "| set | SMs | near cycles (SMs) | far cycles (SMs) | near ns | far ns | split |\n"
              << "|---|---|---|---|---|---|---|\n";
    for (const char* bytes : {"4096", "16777216"}) {
        auto run = runVerified("l2-distance", {std::string("bytes=") + bytes, "loads=2048"}, o,
                               device, failures);
        if (!run) continue;
        auto points = memkinds::readSmLatency(*run);
        if (!points) {
            ++failures;
            continue;
        }
        const memkinds::L2Split s = memkinds::splitL2Partitions(*points);
        nlohmann::json sms = nlohmann::json::array();
        for (const auto& p : *points)
            sms.push_back(
                {{"sm", p.sm}, {"cyclesPerLoad", p.cyclesPerLoad}, {"nsPerLoad", p.nsPerLoad}});
        out.push_back({{"bytes", std::stoull(bytes)},
                       {"split", s.split},
                       {"nearCycles", s.nearCycles},
                       {"farCycles", s.farCycles},
                       {"nearNs", s.nearNs},
                       {"farNs", s.farNs},
                       {"nearSms", s.nearSms},
                       {"farSms", s.farSms},
                       {"minCycles", s.minCycles},
                       {"maxCycles", s.maxCycles},
                       {"placement", run->texts["placement"]},
                       {"sms", sms}});
        std::cout << "| " << bytes << " | " << points->size() << " | " << fixed(s.nearCycles, 1)
                  << " (" << s.nearSms.size() << ") | " << fixed(s.farCycles, 1) << " ("
                  << s.farSms.size() << ") | " << fixed(s.nearNs, 1) << " | " << fixed(s.farNs, 1)
                  << " | " << (s.split ? "yes" : "no") << " |\n";
    }
    return out;
}

nlohmann::json bandwidthBench(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    const std::string big = o.quick ? "268435456" : "4294967296";
    std::cout << "\n## Bandwidth: every SM reading a working set (uint4 loads, block 512)\n\n";
    auto run = runVerified("memory-bandwidth", {"min_bytes=16384", "max_bytes=" + big, "block=512"},
                           o, device, failures);
    if (!run) return nullptr;
    auto points = memkinds::readBandwidth(*run);
    if (!points) {
        ++failures;
        return nullptr;
    }
    nlohmann::json rows = nlohmann::json::array();
    std::cout << "| level | working set | GB/s | ms | bytes read |\n|---|---|---|---|---|\n";
    for (const auto& p : *points) {
        const char* level = memkinds::bandwidthLevelName(p.level);
        rows.push_back({{"level", level},
                        {"bytes", p.workingSetBytes},
                        {"bytesRead", p.bytesRead},
                        {"ms", p.ms},
                        {"gbPerS", p.gbPerS}});
        std::cout << "| " << level << " | " << p.workingSetBytes << " | " << fixed(p.gbPerS, 0)
                  << " | " << fixed(p.ms, 3) << " | " << p.bytesRead << " |\n";
    }
    nlohmann::json out = {{"points", rows}};
    for (const char* f : {"l1_gbs", "l2_gbs", "hbm_gbs", "hbm_percent_of_peak", "shared_gbs"})
        if (run->figures.count(f)) out[f] = run->figures.at(f);
    std::cout << "\nL1 " << figureOr(*run, "l1_gbs", 0) << " GB/s, L2 "
              << figureOr(*run, "l2_gbs", 0) << " GB/s, HBM " << figureOr(*run, "hbm_gbs", 0)
              << " GB/s (" << figureOr(*run, "hbm_percent_of_peak", 1) << " % of "
              << fixed(device.memBandwidthGBs, 0) << "), shared memory "
              << figureOr(*run, "shared_gbs", 0) << " GB/s\n";
    return out;
}

}  // namespace ws::bench
