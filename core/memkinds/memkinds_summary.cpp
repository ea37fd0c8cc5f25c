#include "core/memkinds/memkinds_summary.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/memkinds/l2_partitions.h"
#include "core/memkinds/latency_plateaus.h"
#include "core/memkinds/memkinds_settings.h"
#include "core/memkinds/memkinds_tables.h"

namespace ws::memkinds {

namespace {

std::string format(const char* pattern, double a, double b = 0, double c = 0, double d = 0) {
    char text[256];
    std::snprintf(text, sizeof text, pattern, a, b, c, d);
    return text;
}

// 128 B, 4 KiB, 1 GiB; sizes that are not a whole unit keep one decimal.
std::string bytesText(std::uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = double(bytes);
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        ++u;
    }
    return format(v == double(std::uint64_t(v)) ? "%.0f " : "%.1f ", v) + units[u];
}

std::string param(const Run& run, const char* name, const std::string& otherwise) {
    const auto it = run.params.find(name);
    return it == run.params.end() ? otherwise : it->second;
}

std::string verifiedText(bool verified) { return verified ? "" : " (not verified)"; }

void latencyLines(const Run& run, std::vector<std::string>& out) {
    auto points = readLatency(run);
    if (!points) {
        out.push_back("latency: " + points.error());
        return;
    }
    if (points->empty()) return;
    const auto& p = *points;
    const auto settings = memkindsSettingsOf(run);
    const LoadPath loadPath = settings ? settings->latency.path : LoadPath::Global;
    std::string line =
        std::to_string(p.size()) + (p.size() == 1 ? " working set, " : " working sets, ") +
        bytesText(p.front().workingSetBytes) + " to " + bytesText(p.back().workingSetBytes) +
        ", stride " + bytesText(p.front().strideBytes) + ", path " + loadPathName(loadPath);
    const auto wrong = std::count_if(
        p.begin(), p.end(), [](const LatencyPoint& q) { return q.finalIndex != q.expectedIndex; });
    if (wrong) line += format("; %.0f chases ended off the expected index", double(wrong));
    const auto plateaus = findPlateaus(p, cacheSizes(run.device), loadPath);
    std::string levels;
    for (const Plateau& pl : plateaus) {
        levels += levels.empty() ? "; plateaus: " : ", ";
        levels += pl.level + format(" %.0f cycles (%.0f ns)", pl.cyclesPerLoad, pl.nsPerLoad);
        if (pl.fromBytes == pl.toBytes) {
            levels += " at ";
            levels += bytesText(pl.fromBytes);
        } else {
            levels += " ";
            levels += bytesText(pl.fromBytes);
            levels += " to ";
            levels += bytesText(pl.toBytes);
        }
    }
    out.push_back("latency: " + line + levels);
}

void l2Lines(const Run& run, std::vector<std::string>& out) {
    auto points = readSmLatency(run);
    if (!points) {
        out.push_back("l2-distance: " + points.error());
        return;
    }
    if (points->empty()) return;
    const L2Split s = splitL2Partitions(*points);
    std::string line = format("l2-distance: %.0f SMs, %.0f to %.0f cycles; ",
                              double(points->size()), s.minCycles, s.maxCycles);
    if (s.split)
        line +=
            format("two partitions: near %.0f SMs %.0f cycles, far %.0f SMs %.0f cycles",
                   double(s.nearSms.size()), s.nearCycles, double(s.farSms.size()), s.farCycles);
    else
        line += format("one level, %.0f cycles (%.0f ns)", s.nearCycles, s.nearNs);
    out.push_back(line);
}

void bandwidthLines(const Run& run, std::vector<std::string>& out) {
    auto points = readBandwidth(run);
    if (!points) {
        out.push_back("bandwidth: " + points.error());
        return;
    }
    if (points->empty()) return;
    std::string line = "bandwidth: " + std::to_string(points->size()) + " points";
    for (BandwidthLevel level :
         {BandwidthLevel::Global, BandwidthLevel::L2Only, BandwidthLevel::Shared}) {
        const BandwidthPoint* best = nullptr;
        for (const auto& p : *points)
            if (p.level == level && (!best || p.gbPerS > best->gbPerS)) best = &p;
        if (!best) continue;
        line += std::string("; ") + bandwidthLevelName(level) +
                format(" best %.0f GB/s", best->gbPerS) + " at " + bytesText(best->workingSetBytes);
    }
    const auto unverified = std::count_if(points->begin(), points->end(),
                                          [](const BandwidthPoint& p) { return !p.verified; });
    if (unverified) line += format("; %.0f not verified", double(unverified));
    out.push_back(line);
}

void constantLines(const Run& run, std::vector<std::string>& out) {
    auto points = readConstant(run);
    if (!points) {
        out.push_back("constant: " + points.error());
        return;
    }
    for (ConstantPath path :
         {ConstantPath::Constant, ConstantPath::Global, ConstantPath::ReadOnly}) {
        std::string line;
        for (const auto& p : *points) {
            if (p.path != path) continue;
            line += line.empty() ? std::string("constant: ") + constantPathName(path) +
                                       ", cycles per warp load by distinct indices:"
                                 : ";";
            line += format(" %.0f: %.1f", double(p.distinct), p.cyclesPerLoad) +
                    verifiedText(p.verified);
        }
        if (!line.empty()) out.push_back(line);
    }
}

void textureLines(const Run& run, std::vector<std::string>& out) {
    auto rows = readTexturePaths(run);
    if (!rows) {
        out.push_back("texture-paths: " + rows.error());
        return;
    }
    if (rows->empty()) return;
    std::string line = "texture-paths (" + param(run, "angle", "?") + " degrees):";
    for (const auto& r : *rows)
        line += std::string(" ") + texturePathName(r.path) +
                format(" %.3f ms, %.0f GB/s", r.ms, r.gbPerS) + verifiedText(r.verified) + ";";
    line.pop_back();
    out.push_back(line);
}

void localLines(const Run& run, std::vector<std::string>& out) {
    auto rows = readLocal(run);
    if (!rows) {
        out.push_back("local: " + rows.error());
        return;
    }
    if (rows->empty()) return;
    std::string line = "local:";
    for (const auto& r : *rows)
        line += std::string(" ") + localKindName(r.kind) +
                format(" %.3f ms, %.0f registers, %.0f B local", r.ms, double(r.registersPerThread),
                       double(r.localBytesPerThread)) +
                verifiedText(r.verified) + ";";
    line.pop_back();
    out.push_back(line);
}

void occupancyLines(const Run& run, std::vector<std::string>& out) {
    auto points = readOccupancy(run);
    if (!points) {
        out.push_back("occupancy: " + points.error());
        return;
    }
    if (points->empty()) return;
    const auto matches = std::count_if(points->begin(), points->end(), [](const OccupancyPoint& p) {
        return p.predictedBlocksPerSm == p.measuredBlocksPerSm;
    });
    std::string line = format(
        "occupancy: %.0f register caps, measured blocks per SM equal the "
        "prediction at %.0f;",
        double(points->size()), double(matches));
    for (const auto& p : *points)
        line +=
            format(" %.0f registers: %.0f predicted, %.0f measured;", double(p.registersPerThread),
                   double(p.predictedBlocksPerSm), double(p.measuredBlocksPerSm));
    line.pop_back();
    out.push_back(line);
}

}  // namespace

std::vector<std::string> summaryLines(const Run& run) {
    std::vector<std::string> out;
    latencyLines(run, out);
    l2Lines(run, out);
    bandwidthLines(run, out);
    constantLines(run, out);
    textureLines(run, out);
    localLines(run, out);
    occupancyLines(run, out);
    return out;
}

}  // namespace ws::memkinds
