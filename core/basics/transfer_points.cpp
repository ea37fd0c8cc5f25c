#include "core/basics/transfer_points.h"

#include <algorithm>
#include <cmath>

namespace ws {

const char* directionName(CopyDirection d) {
    switch (d) {
        case CopyDirection::HostToDevice:
            return "HtoD";
        case CopyDirection::DeviceToHost:
            return "DtoH";
        case CopyDirection::DeviceToDevice:
            return "DtoD";
        case CopyDirection::HostToHost:
            return "HtoH";
    }
    return "?";
}

std::string seriesName(CopyDirection d, HostMemoryKind host) {
    switch (d) {
        case CopyDirection::DeviceToDevice:
            return "device to device";
        case CopyDirection::HostToHost:
            return "host memcpy";
        case CopyDirection::HostToDevice:
        case CopyDirection::DeviceToHost: {
            const std::string where =
                d == CopyDirection::HostToDevice ? "host to device" : "device to host";
            return where + (host == HostMemoryKind::Pinned ? ", pinned" : ", pageable");
        }
    }
    return "?";
}

RecordTable transfersTable(const std::vector<TransferPoint>& points) {
    RecordTable t{kTransfersTable, {}};
    t.columns.reserve(8);  // add() returns references into the columns
    auto& direction = t.add<std::uint8_t>("direction");
    auto& host = t.add<std::uint8_t>("hostMemory");
    auto& bytes = t.add<std::uint64_t>("bytes");
    auto& median = t.add<double>("medianMs");
    auto& min = t.add<double>("minMs");
    auto& max = t.add<double>("maxMs");
    auto& cv = t.add<double>("cvPercent");
    auto& reps = t.add<std::uint32_t>("repetitions");
    for (const TransferPoint& p : points) {
        direction.push_back(std::uint8_t(p.direction));
        host.push_back(std::uint8_t(p.host));
        bytes.push_back(p.bytes);
        median.push_back(p.medianMs);
        min.push_back(p.minMs);
        max.push_back(p.maxMs);
        cv.push_back(p.cvPercent);
        reps.push_back(p.repetitions);
    }
    return t;
}

namespace {

bool hostFits(CopyDirection d, HostMemoryKind h) {
    switch (d) {
        case CopyDirection::DeviceToDevice:
            return h == HostMemoryKind::None;
        case CopyDirection::HostToHost:
            return h == HostMemoryKind::Pageable;
        case CopyDirection::HostToDevice:
        case CopyDirection::DeviceToHost:
            return h == HostMemoryKind::Pageable || h == HostMemoryKind::Pinned;
    }
    return false;
}

}  // namespace

Result<std::vector<TransferPoint>> readTransfers(const Run& run) {
    const RecordTable* t = findTable(run.tables, kTransfersTable);
    if (!t) return makeError("the run has no table 'transfers'");
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    auto direction = requireColumn<std::uint8_t>(*t, "direction");
    if (!direction) return makeError(direction.error());
    auto host = requireColumn<std::uint8_t>(*t, "hostMemory");
    if (!host) return makeError(host.error());
    auto bytes = requireColumn<std::uint64_t>(*t, "bytes");
    if (!bytes) return makeError(bytes.error());
    auto reps = requireColumn<std::uint32_t>(*t, "repetitions");
    if (!reps) return makeError(reps.error());
    std::vector<const std::vector<double>*> times;
    for (const char* name : {"medianMs", "minMs", "maxMs", "cvPercent"}) {
        auto c = requireColumn<double>(*t, name);
        if (!c) return makeError(c.error());
        times.push_back(*c);
    }
    std::vector<TransferPoint> out(t->rows());
    for (std::size_t i = 0; i < out.size(); ++i) {
        const std::string at = "transfers row " + std::to_string(i) + ": ";
        if ((**direction)[i] >= kCopyDirectionCount)
            return makeError(at + "direction " + std::to_string((**direction)[i]) +
                             " is not 0 (HtoD), 1 (DtoH), 2 (DtoD) or 3 (HtoH)");
        TransferPoint& p = out[i];
        p.direction = CopyDirection((**direction)[i]);
        p.host = HostMemoryKind((**host)[i]);
        if ((**host)[i] > std::uint8_t(HostMemoryKind::Managed) || !hostFits(p.direction, p.host))
            return makeError(at + "host memory kind " + std::to_string((**host)[i]) +
                             " does not fit a " + directionName(p.direction) + " copy");
        p.bytes = (**bytes)[i];
        p.repetitions = (**reps)[i];
        p.medianMs = (*times[0])[i];
        p.minMs = (*times[1])[i];
        p.maxMs = (*times[2])[i];
        p.cvPercent = (*times[3])[i];
        if (p.bytes == 0) return makeError(at + "0 bytes");
        for (double v : {p.medianMs, p.minMs, p.maxMs, p.cvPercent})
            if (!std::isfinite(v) || v < 0) return makeError(at + "a time of " + std::to_string(v));
        if (!(p.medianMs > 0 && p.minMs <= p.medianMs && p.medianMs <= p.maxMs))
            return makeError(at + "times are not 0 < min <= median <= max (" +
                             std::to_string(p.minMs) + ", " + std::to_string(p.medianMs) + ", " +
                             std::to_string(p.maxMs) + " ms)");
    }
    return out;
}

std::vector<TransferPoint> seriesOf(const std::vector<TransferPoint>& points, CopyDirection d,
                                    HostMemoryKind host) {
    std::vector<TransferPoint> out;
    for (const auto& p : points)
        if (p.direction == d && p.host == host) out.push_back(p);
    std::sort(out.begin(), out.end(),
              [](const TransferPoint& a, const TransferPoint& b) { return a.bytes < b.bytes; });
    return out;
}

LinkFit fitLatencyBandwidth(const std::vector<TransferPoint>& series) {
    // Minimise sum ((L + s * x_i - t_i) / t_i)^2 over L and s = 1 / bandwidth:
    // weighted least squares with weights 1 / t_i^2.
    double sw = 0, swx = 0, swxx = 0, swt = 0, swxt = 0;
    std::size_t sizes = 0;
    for (const auto& p : series) {
        if (p.medianMs <= 0) continue;
        const double x = double(p.bytes), t = p.medianMs, w = 1 / (t * t);
        sw += w;
        swx += w * x;
        swxx += w * x * x;
        swt += w * t;
        swxt += w * x * t;
        ++sizes;
    }
    LinkFit fit;
    const double det = sw * swxx - swx * swx;
    if (sizes < 2 || !(std::fabs(det) > 0)) return fit;
    const double slope = (sw * swxt - swx * swt) / det;  // ms per byte
    const double latency = (swt - slope * swx) / sw;     // ms
    if (!(slope > 0) || !std::isfinite(latency)) return fit;
    fit.ok = true;
    fit.latencyUs = std::max(0.0, latency) * 1e3;
    fit.bandwidthGBs = 1 / (slope * 1e6);
    return fit;
}

std::string figureName(CopyDirection d, HostMemoryKind host, const std::string& what) {
    std::string name;
    switch (d) {
        case CopyDirection::HostToDevice:
            name = "htod";
            break;
        case CopyDirection::DeviceToHost:
            name = "dtoh";
            break;
        case CopyDirection::DeviceToDevice:
            name = "dtod";
            break;
        case CopyDirection::HostToHost:
            name = "htoh";
            break;
    }
    if (d == CopyDirection::HostToDevice || d == CopyDirection::DeviceToHost)
        name += host == HostMemoryKind::Pinned ? "Pinned" : "Pageable";
    return name + what;
}

std::map<std::string, double> transferFigures(const std::vector<TransferPoint>& points) {
    std::map<std::string, double> out;
    const std::pair<CopyDirection, HostMemoryKind> kinds[] = {
        {CopyDirection::HostToDevice, HostMemoryKind::Pinned},
        {CopyDirection::DeviceToHost, HostMemoryKind::Pinned},
        {CopyDirection::HostToDevice, HostMemoryKind::Pageable},
        {CopyDirection::DeviceToHost, HostMemoryKind::Pageable},
        {CopyDirection::DeviceToDevice, HostMemoryKind::None},
        {CopyDirection::HostToHost, HostMemoryKind::Pageable}};
    for (auto [d, h] : kinds) {
        const auto s = seriesOf(points, d, h);
        if (s.empty()) continue;
        out[figureName(d, h, "GBs")] = s.back().gbPerS();
        out[figureName(d, h, "Bytes")] = double(s.back().bytes);
        out[figureName(d, h, "SmallestUs")] = s.front().medianMs * 1e3;
        if (const LinkFit fit = fitLatencyBandwidth(s); fit.ok) {
            out[figureName(d, h, "LatencyUs")] = fit.latencyUs;
            out[figureName(d, h, "FitGBs")] = fit.bandwidthGBs;
        }
    }
    return out;
}

}  // namespace ws
