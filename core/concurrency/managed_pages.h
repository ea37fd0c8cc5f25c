#pragma once
// Where the pages of a run's managed arrays live over time, from CUPTI's
// unified-memory records (the tables "managed-arrays" and "managed-transfers",
// core/concurrency/concurrency_tables.h): each array cut into bins of whole pages, each
// bin's bytes on the device as a step function of time, the fault groups that
// hit it, and when the kernel's blocks touching it ran. Pages never touched
// have no home until their first touch; a GPU fault on such a bin populates it
// on the device without a transfer, which the model shows as the whole bin
// arriving at the fault (the records say no more than that).
#include <cstdint>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/concurrency/concurrency_tables.h"
#include "core/run/run.h"

namespace ws {

struct PageChange {
    double startNs = 0,
           endNs = 0;  // the transfer (or fault) that made the change, after the origin
    std::uint64_t deviceBytes = 0;  // bytes of the bin on the device once it ended
};

struct ManagedArrayPages {
    std::string name;  // "a", "b", "c"
    std::uint64_t bytes = 0;
    std::uint32_t elementBytes = 4;
    tables::ManagedHome initial = tables::ManagedHome::Host;
    std::uint64_t binBytes = 0;
    std::uint32_t bins = 0;
    std::vector<std::vector<PageChange>> changes;   // [bin], in time order
    std::vector<std::vector<double>> faults;        // [bin]: fault groups' start times
    std::vector<double> firstBlockNs, lastBlockNs;  // [bin]: the kernel's blocks on it; NaN if none
    std::uint64_t binSize(std::uint32_t bin) const;
    // Share of the bin on the device at time t (0..1), and whether it has a home yet.
    double deviceFractionAt(std::uint32_t bin, double t) const;
    bool touchedAt(std::uint32_t bin, double t) const;
    // The transfer in flight over the bin at t, if any.
    const PageChange* movingAt(std::uint32_t bin, double t) const;
};

struct ManagedPages {
    std::vector<ManagedArrayPages> arrays;
    double firstNs = 0, lastNs = 0;  // span of the transfers, faults and blocks
};

// `origin`: the %globaltimer value that is time 0 (the views' origin).
// `maxBins`: at most this many bins per array (bins are whole 4 KiB pages).
// `launch`: the kernel whose blocks are placed beside the pages (each block b
// of B threads touches elements [b B, (b + 1) B) of every array), -1 for none.
Result<ManagedPages> buildManagedPages(const Run& run, std::uint64_t origin, std::uint32_t maxBins,
                                       int launch);

}  // namespace ws
