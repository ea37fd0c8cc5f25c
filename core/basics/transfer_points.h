#pragma once
// The host-device-bandwidth experiment's measurements: one point per copy
// direction, host memory kind and size (the run's "transfers" table), the
// model t = latency + bytes / bandwidth fitted to a series, and the run's
// headline figures. bandwidthTest prints GB/s at one size; the series shows
// the latency floor of small copies and where large ones level off.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

enum class CopyDirection : std::uint8_t {
    HostToDevice = 0,
    DeviceToHost = 1,
    DeviceToDevice = 2,
    HostToHost = 3,  // memcpy on the CPU: what the host's own memory does
};
inline constexpr std::uint8_t kCopyDirectionCount = 4;

struct TransferPoint {
    CopyDirection direction = CopyDirection::HostToDevice;
    HostMemoryKind host = HostMemoryKind::Pinned;
    std::uint64_t bytes = 0;
    double medianMs = 0, minMs = 0, maxMs = 0, cvPercent = 0;
    std::uint32_t repetitions = 0;
    // Bytes copied per second, counted once (a device-to-device copy reads
    // and writes each byte: twice that crosses the memory bus).
    double gbPerS() const { return medianMs > 0 ? double(bytes) / (medianMs * 1e6) : 0; }
};

// "host to device, pinned", "device to device", "host memcpy".
std::string seriesName(CopyDirection direction, HostMemoryKind host);
const char* directionName(CopyDirection direction);  // "HtoD", "DtoH", "DtoD", "HtoH"

inline constexpr const char* kTransfersTable = "transfers";
RecordTable transfersTable(const std::vector<TransferPoint>& points);
// Rows checked: a known direction, a host kind that fits it (none for DtoD,
// pageable or pinned across the link, pageable for memcpy), bytes > 0, times
// finite, positive and ordered min <= median <= max.
Result<std::vector<TransferPoint>> readTransfers(const Run& run);

// The points of one series, ascending in bytes.
std::vector<TransferPoint> seriesOf(const std::vector<TransferPoint>& points,
                                    CopyDirection direction, HostMemoryKind host);

// t(bytes) = latency + bytes / bandwidth, fitted by least squares on the
// relative error (small and large copies count alike). ok is false for fewer
// than two sizes or a fit that makes no physical sense.
struct LinkFit {
    bool ok = false;
    double latencyUs = 0;
    double bandwidthGBs = 0;
    double msFor(double bytes) const { return latencyUs / 1e3 + bytes / (bandwidthGBs * 1e6); }
};
LinkFit fitLatencyBandwidth(const std::vector<TransferPoint>& series);

// Figure names of a bandwidth run: "<direction><Memory>GBs" at the largest
// size (htodPinnedGBs, dtohPageableGBs, dtodGBs, htohGBs, ...) and
// "<...>LatencyUs" from the fit.
std::string figureName(CopyDirection direction, HostMemoryKind host, const std::string& what);
std::map<std::string, double> transferFigures(const std::vector<TransferPoint>& points);

}  // namespace ws
