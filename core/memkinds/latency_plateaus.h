#pragma once
// The latency staircase read as plateaus: runs of working sets whose latency
// stays within a band, each named by the cache level whose size it fits
// (from the device's properties), so the view labels "L1 33 cycles", "L2
// 262 cycles", "HBM 650 cycles" at the measured values, not published ones.
#include <cstdint>
#include <string>
#include <vector>

#include "core/memkinds/memkinds_tables.h"

namespace ws::memkinds {

struct CacheSizes {
    std::uint64_t l1Bytes = 0;      // unified L1/shared per SM (see l1Bytes())
    std::uint64_t sharedBytes = 0;  // shared memory per SM
    std::uint64_t l2Bytes = 0;
};
// From DeviceInfo: L2 from l2CacheBytes, shared per SM from sharedMemPerSm,
// L1 as the unified L1/shared array by compute capability (256 KiB on 9.x and
// 10.x, 192 KiB on 8.0 and 8.7, 128 KiB on 7.0, 8.6, 8.9 and 12.x, 96 KiB on
// 7.5, else 64 KiB) minus nothing: the most a load can find.
CacheSizes cacheSizes(const DeviceInfo& device);

struct Plateau {
    std::uint64_t fromBytes = 0, toBytes = 0;  // working sets it spans
    double cyclesPerLoad = 0, nsPerLoad = 0;   // median over its points
    std::string level;  // "L1", "L2", "HBM", "HBM, TLB misses", "L2, far partition", "shared"...
};

// Consecutive points within `band` (relative) of the plateau's first point
// form one plateau; a lone point between two plateaus (a transition) joins
// none, a lone point at either end of the sweep is a plateau. `path` names
// the level of a path that has one (shared, constant cache); otherwise the
// bytes the chase leaves in the caches at the plateau's largest set decide:
// L1 (never for cg), L2, HBM. Those bytes are the working set, or one line
// of 128 bytes per load where the stride is wider (a chase of 2 MiB steps
// through 1 GiB touches 512 lines). A later plateau of a level already named
// that is over 1.3 times slower is named for why: ", TLB misses" where each
// load has its own page (stride >= 64 KiB) and for HBM; "L2, far partition"
// (on the H100 a set past about half the L2 no longer fits in the partition
// near the SM); "constant, L1.5 cache" past the 2 KiB constant cache.
std::vector<Plateau> findPlateaus(const std::vector<LatencyPoint>& points, const CacheSizes& sizes,
                                  LoadPath path, double band = 0.12);

}  // namespace ws::memkinds
