#pragma once
// The toolkit's ptxas run on a PTX text for the H100, for the tests that hold
// probed PTX to what the driver will build. The test target defines
// WS_CUDA_BIN_DIR, the CUDA toolkit's bin folder.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace ws::test {

// ptxas beside nvcc, or nothing (a test then fails saying so: every
// machine that builds warpscope has the toolkit).
inline std::string ptxas() {
    for (const char* dir : {WS_CUDA_BIN_DIR, "/usr/local/cuda/bin"}) {
        const std::filesystem::path p = std::filesystem::path(dir) / "ptxas";
        if (std::filesystem::exists(p)) return p.string();
    }
    return {};
}

// ptxas's exit status for this PTX, and its report (-v) in `report`.
inline int assemble(const std::string& ptx, const std::string& name, std::string& report) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("ws-probe-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const auto input = dir / (name + ".ptx"), log = dir / (name + ".log");
    std::ofstream(input) << ptx;
    const std::string command = ptxas() + " -arch=sm_90 -v -o " +
                                (dir / (name + ".cubin")).string() + " " + input.string() + " > " +
                                log.string() + " 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream in(log);
    report.assign(std::istreambuf_iterator<char>(in), {});
    return status;
}

}  // namespace ws::test
