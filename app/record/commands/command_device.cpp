// `device`: what deviceQuery prints, plus the %globaltimer tick measured now.
#include <iomanip>
#include <ostream>

#include "app/record/commands/record_commands.h"
#include "core/trace/device_json.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::record {

int printDevice(bool json, std::ostream& out, std::ostream& err) {
    if (auto reason = cudaUnavailableReason(); !reason.empty()) {
        err << "warpscope-record: " << reason << "\n";
        return kFailed;
    }
    auto device = queryDevice(0);
    if (!device) {
        err << "warpscope-record: " << device.error() << "\n";
        return kFailed;
    }
    const DeviceInfo& d = *device;
    if (json) {
        out << deviceToJson(d).dump(2) << "\n";
        return kOk;
    }
    auto row = [&](const char* label) -> std::ostream& {
        return out << "  " << std::left << std::setw(34) << label;
    };
    out << "Device 0: \"" << d.name << "\"\n";
    row("CUDA driver / runtime") << d.driverVersion << " / " << d.runtimeVersion << "\n";
    row("Compute capability") << d.ccMajor << "." << d.ccMinor << "\n";
    row("Multiprocessors (SMs)") << d.smCount << "\n";
    row("SM clock") << d.smClockKHz / 1000 << " MHz\n";
    row("Global memory") << std::fixed << std::setprecision(1)
                         << double(d.globalMemBytes) / (1 << 30) << " GiB\n";
    row("Memory bus / clock") << d.memBusWidthBits << " bit / " << d.memClockKHz / 1000 << " MHz\n";
    row("Peak memory bandwidth") << std::setprecision(0) << d.memBandwidthGBs << " GB/s\n";
    row("L2 cache") << d.l2CacheBytes / 1024 << " KiB\n";
    row("Max threads per block / per SM")
        << d.maxThreadsPerBlock << " / " << d.maxThreadsPerSm << "\n";
    row("Max resident blocks per SM") << d.maxBlocksPerSm << "\n";
    row("Shared memory per block")
        << d.sharedMemPerBlock << " B (opt-in " << d.sharedMemPerBlockOptin << " B)\n";
    row("Shared memory per SM") << d.sharedMemPerSm << " B\n";
    row("Registers per SM") << d.regsPerSm << "\n";
    row("Max grid x") << d.maxGridX << "\n";
    row("%globaltimer tick (measured)") << d.timerTickNs << " ns\n";
    return kOk;
}

}  // namespace ws::record
