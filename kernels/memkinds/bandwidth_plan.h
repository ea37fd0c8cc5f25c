#pragma once
// How the bandwidth kernel reads a working set, and what it must find: pure
// C++, tested without a GPU. The set is cut into `slices`; in pass p, block b
// reads slice (b + p) mod slices, so from pass to pass a block, and its SM,
// moves on to data that other SMs read before. A set that fits in one SM's L1
// is read from L1 all the same (every SM meets every slice again soon); a
// larger one is not, since an SM comes back to a slice only after reading
// the whole set; one larger than L2 comes from HBM. Small sets are cut into
// fewer slices, each at least four loads per thread, so a pass is not all
// loop overhead.
#include <cstdint>

namespace ws::memkinds {

inline constexpr std::uint64_t kVectorBytes = 16;  // one uint4 load per thread and step

struct BandwidthPlan {
    std::uint64_t vectors = 0;  // 16-byte vectors in the set
    std::uint32_t grid = 0, block = 0;
    std::uint32_t slices = 1;
    std::uint64_t sliceVectors = 0;  // every slice but the last, which runs to the set's end
    std::uint32_t passes = 1;

    std::uint64_t sliceBegin(std::uint32_t s) const { return s * sliceVectors; }
    std::uint64_t sliceEnd(std::uint32_t s) const {
        return s + 1 == slices ? vectors : (s + 1) * sliceVectors;
    }
};

// Passes chosen so that one launch reads at least `targetBytes` (1 for 0).
BandwidthPlan planBandwidth(std::uint64_t workingSetBytes, std::uint32_t grid, std::uint32_t block,
                            std::uint64_t targetBytes);
// Bytes one launch of the plan reads, and the sum of every word it reads
// (words from bandwidthWord, kernels/memkinds/device_rules.h).
std::uint64_t planBytesRead(const BandwidthPlan& plan);
std::uint64_t planWordSum(const BandwidthPlan& plan);

// The sum of bandwidthWord(i) for i in [begin, end), end <= 2^32, in closed
// form: a 4 GiB set is summed without a loop over its words.
std::uint64_t bandwidthWordSum(std::uint64_t begin, std::uint64_t end);

// The shared-memory point: every block reads its own kSharedReadBytes
// (words 0 .. 8191 of the same rule) `passes` times.
inline constexpr std::uint32_t kSharedReadBytes = 32 * 1024;
std::uint64_t sharedBlockSum(std::uint32_t passes);

}  // namespace ws::memkinds
