// A function's registers and static shared memory read out of a real cubin
// (tests/kernels/profile/resource_probe.cu, compiled by nvcc for this test),
// held to what ptxas itself reported when it built it (--resource-usage).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/profile/cubin_symbols.h"

namespace ws::profile {
namespace {

std::vector<std::uint8_t> readBytes(const char* path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

struct Reported {
    std::uint32_t registers = 0, sharedBytes = 0;
};

// ptxas's lines: "Function properties for NAME", then "Used 14 registers,
// used 1 barriers, 4224 bytes smem" (no smem part where there is none).
std::map<std::string, Reported> ptxasReport(const char* path) {
    std::ifstream in(path);
    std::map<std::string, Reported> out;
    std::string line, function;
    const std::regex properties(R"(Function properties for (\S+))");
    const std::regex used(R"(Used (\d+) registers(?:.*?, (\d+) bytes smem)?)");
    std::smatch m;
    while (std::getline(in, line)) {
        if (std::regex_search(line, m, properties))
            function = m[1];
        else if (!function.empty() && std::regex_search(line, m, used)) {
            out[function] = {std::uint32_t(std::stoul(m[1])),
                             m[2].matched ? std::uint32_t(std::stoul(m[2])) : 0u};
            function.clear();
        }
    }
    return out;
}

TEST(CubinResources, RegistersAndSharedMemoryAreWhatPtxasReported) {
    const auto cubin = readBytes(WS_RESOURCE_PROBE_CUBIN);
    ASSERT_FALSE(cubin.empty()) << WS_RESOURCE_PROBE_CUBIN;
    const auto report = ptxasReport(WS_RESOURCE_PROBE_USAGE);
    ASSERT_EQ(report.size(), 4u) << "ptxas's report " << WS_RESOURCE_PROBE_USAGE;
    for (const auto& [name, reported] : report) {
        const auto found = findFunctionResources(cubin, name);
        ASSERT_TRUE(found) << name;
        EXPECT_EQ(found->registersPerThread, reported.registers) << name;
        EXPECT_EQ(found->staticSharedBytes, reported.sharedBytes) << name;
    }
    // The probe's kernels differ where they are meant to.
    EXPECT_EQ(report.at("_Z10sharedTilePKfPf").sharedBytes, 32u * 33u * 4u);
    EXPECT_EQ(report.at("_Z13dynamicSharedPf").sharedBytes, 0u);
    EXPECT_GT(report.at("_Z13manyRegistersPKfPfi").registers,
              report.at("_Z12fewRegistersPf").registers);
}

TEST(CubinResources, ANameNotInTheCubinOrBrokenBytesFindNothing) {
    auto cubin = readBytes(WS_RESOURCE_PROBE_CUBIN);
    EXPECT_FALSE(findFunctionResources(cubin, "_Z10sharedTile"));
    for (std::size_t keep : {std::size_t(0), std::size_t(40), cubin.size() / 2}) {
        std::vector<std::uint8_t> cut(cubin.begin(), cubin.begin() + std::ptrdiff_t(keep));
        EXPECT_FALSE(findFunctionResources(cut, "_Z12fewRegistersPf")) << keep << " bytes";
    }
}

}  // namespace
}  // namespace ws::profile
