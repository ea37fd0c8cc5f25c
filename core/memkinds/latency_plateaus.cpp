#include "core/memkinds/latency_plateaus.h"

#include <algorithm>
#include <cmath>

namespace ws::memkinds {

namespace {

constexpr std::uint64_t kKiB = 1024;

// The unified L1/shared array per SM, by compute capability (the CUDA C++
// programming guide's tables): a load through L1 finds at most this much.
std::uint64_t unifiedL1Bytes(int major, int minor) {
    if (major == 9) return 256 * kKiB;                                // H100, H200
    if (major == 10) return 256 * kKiB;                               // B200
    if (major == 8 && (minor == 0 || minor == 7)) return 192 * kKiB;  // A100, Orin
    if (major == 8 || major == 12) return 128 * kKiB;  // 8.6, 8.9, consumer Blackwell
    if (major == 7 && minor == 5) return 96 * kKiB;    // Turing
    if (major == 7) return 128 * kKiB;                 // Volta
    return 64 * kKiB;
}

constexpr std::uint64_t kLineBytes = 128;
constexpr std::uint32_t kPageStrideBytes = 64 * 1024;

// The bytes of lines a chase over this set keeps in the caches.
std::uint64_t cachedBytes(const LatencyPoint& p) {
    if (p.strideBytes <= kLineBytes) return p.workingSetBytes;
    return p.workingSetBytes / p.strideBytes * kLineBytes;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

}  // namespace

CacheSizes cacheSizes(const DeviceInfo& device) {
    CacheSizes s;
    s.l1Bytes = unifiedL1Bytes(device.ccMajor, device.ccMinor);
    s.sharedBytes = std::uint64_t(std::max(device.sharedMemPerSm, 0));
    s.l2Bytes = std::uint64_t(std::max(device.l2CacheBytes, 0));
    return s;
}

std::vector<Plateau> findPlateaus(const std::vector<LatencyPoint>& points, const CacheSizes& sizes,
                                  LoadPath path, double band) {
    // Runs of points within the band of their first point.
    std::vector<std::pair<std::size_t, std::size_t>> groups;  // [begin, end)
    for (std::size_t i = 0; i < points.size();) {
        const double first = points[i].cyclesPerLoad;
        std::size_t j = i + 1;
        while (j < points.size() && std::abs(points[j].cyclesPerLoad - first) <= band * first) ++j;
        groups.push_back({i, j});
        i = j;
    }

    std::vector<Plateau> plateaus;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const auto [begin, end] = groups[g];
        const bool inner = g > 0 && g + 1 < groups.size();
        if (end - begin == 1 && inner) continue;  // a transition between two levels
        Plateau p;
        p.fromBytes = points[begin].workingSetBytes;
        p.toBytes = points[end - 1].workingSetBytes;
        std::vector<double> cycles, ns;
        for (std::size_t i = begin; i < end; ++i) {
            cycles.push_back(points[i].cyclesPerLoad);
            ns.push_back(points[i].nsPerLoad);
        }
        p.cyclesPerLoad = median(cycles);
        p.nsPerLoad = median(ns);
        const std::uint64_t cached = cachedBytes(points[end - 1]);
        std::string level;
        if (path == LoadPath::Shared) {
            level = "shared";
        } else if (path == LoadPath::Constant) {
            level = "constant cache";
        } else if (cached <= sizes.l1Bytes && path != LoadPath::L2Only) {
            level = "L1";
        } else if (cached <= std::max(sizes.l1Bytes, sizes.l2Bytes)) {
            level = "L2";
        } else {
            level = "HBM";
        }
        // The first plateau of this level, if one came before.
        const Plateau* first = nullptr;
        for (const Plateau& q : plateaus)
            if (q.level.rfind(level, 0) == 0) {
                first = &q;
                break;
            }
        p.level = level;
        if (first && p.cyclesPerLoad > 1.3 * first->cyclesPerLoad) {
            if (points[begin].strideBytes >= kPageStrideBytes || level == "HBM")
                p.level = level + ", TLB misses";  // every load also walks the page tables
            else if (level == "L2")
                p.level = "L2, far partition";
            else if (level == "constant cache")
                p.level = "constant, L1.5 cache";
        }
        plateaus.push_back(p);
    }
    return plateaus;
}

}  // namespace ws::memkinds
