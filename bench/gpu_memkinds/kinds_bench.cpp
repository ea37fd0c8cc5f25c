// The other kinds: __constant__ memory's passes against global and __ldg
// loads, the rotated window through the texture and the plain paths, and the
// per-thread array in registers, local memory and spills with the occupancy
// its registers buy.
#include <iostream>

#include "bench/gpu_memkinds/memkinds_bench.h"
#include "core/memkinds/constant_broadcast.h"
#include "core/memkinds/memkinds_tables.h"

namespace ws::bench {

nlohmann::json constantBench(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    std::cout << "\n## __constant__ memory: cycles per warp load against distinct indices\n\n"
              << "| path | 1 | 2 | 4 | 8 | 16 | 32 |\n|---|---|---|---|---|---|---|\n";
    auto run = runVerified("constant-memory", {"distinct=32", "loads=16384"}, o, device, failures);
    if (!run) return nullptr;
    auto points = memkinds::readConstant(*run);
    if (!points) {
        ++failures;
        return nullptr;
    }
    nlohmann::json rows = nlohmann::json::array();
    for (auto path : {memkinds::ConstantPath::Constant, memkinds::ConstantPath::Global,
                      memkinds::ConstantPath::ReadOnly}) {
        std::cout << "| " << memkinds::constantPathName(path) << " |";
        for (const auto& p : *points) {
            if (p.path != path) continue;
            rows.push_back({{"path", memkinds::constantPathName(path)},
                            {"distinct", p.distinct},
                            {"cyclesPerLoad", p.cyclesPerLoad}});
            std::cout << " " << fixed(p.cyclesPerLoad, 1) << " |";
        }
        std::cout << "\n";
    }
    return rows;
}

nlohmann::json textureBench(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    const std::string size = o.quick ? "4096" : "8192";
    std::cout << "\n## Rotated window, " << size << " x " << size << " floats, block 256\n\n"
              << "| angle | texture GB/s | global GB/s | ldg GB/s |\n|---|---|---|---|\n";
    nlohmann::json rows = nlohmann::json::array();
    for (const char* angle : {"0", "30", "90"}) {
        auto run = runVerified("texture", {"size=" + size, std::string("angle=") + angle}, o,
                               device, failures);
        if (!run) continue;
        auto timings = memkinds::readTexturePaths(*run);
        if (!timings) {
            ++failures;
            continue;
        }
        std::cout << "| " << angle << " |";
        for (const auto& t : *timings) {
            rows.push_back({{"angle", std::stod(angle)},
                            {"path", memkinds::texturePathName(t.path)},
                            {"ms", t.ms},
                            {"gbPerS", t.gbPerS}});
            std::cout << " " << fixed(t.gbPerS, 0) << " |";
        }
        std::cout << "\n";
    }
    return rows;
}

nlohmann::json localBench(const BenchOptions& o, const DeviceInfo& device, int& failures) {
    const std::string n = o.quick ? "4194304" : "67108864";
    std::cout << "\n## Registers, local memory and spills: " << n << " threads, block 256\n\n"
              << "| variant | registers | local bytes | ms |\n|---|---|---|---|\n";
    auto run = runVerified("local-memory", {"n=" + n}, o, device, failures);
    if (!run) return nullptr;
    auto variants = memkinds::readLocal(*run);
    auto occupancy = memkinds::readOccupancy(*run);
    if (!variants || !occupancy) {
        ++failures;
        return nullptr;
    }
    nlohmann::json rows = nlohmann::json::array(), sweep = nlohmann::json::array();
    for (const auto& v : *variants) {
        rows.push_back({{"variant", memkinds::localKindName(v.kind)},
                        {"registers", v.registersPerThread},
                        {"localBytes", v.localBytesPerThread},
                        {"ms", v.ms}});
        std::cout << "| " << memkinds::localKindName(v.kind) << " | " << v.registersPerThread
                  << " | " << v.localBytesPerThread << " | " << fixed(v.ms, 3) << " |\n";
    }
    std::cout << "\n| registers | local bytes | blocks per SM predicted | measured |\n"
              << "|---|---|---|---|\n";
    for (const auto& p : *occupancy) {
        sweep.push_back({{"registers", p.registersPerThread},
                         {"localBytes", p.localBytesPerThread},
                         {"threadsPerBlock", p.threadsPerBlock},
                         {"predicted", p.predictedBlocksPerSm},
                         {"measured", p.measuredBlocksPerSm}});
        std::cout << "| " << p.registersPerThread << " | " << p.localBytesPerThread << " | "
                  << p.predictedBlocksPerSm << " | " << p.measuredBlocksPerSm << " |\n";
        if (p.measuredBlocksPerSm != p.predictedBlocksPerSm) {
            std::cerr << "  occupancy at " << p.registersPerThread << " registers: measured "
                      << p.measuredBlocksPerSm << ", predicted " << p.predictedBlocksPerSm << "\n";
            ++failures;
        }
    }
    return {{"variants", rows}, {"occupancy", sweep}};
}

}  // namespace ws::bench
