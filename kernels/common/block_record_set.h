#pragma once
// Block records for many launches in one set of device buffers: launch k
// writes at its own base, so a run of dozens of chunk kernels needs six
// allocations, not six per launch. Blocks that never ran keep the id
// 0xffffffff and are left out when the records are copied into the Launches.
#include <cstdint>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/record_pointers.h"

namespace ws {

class BlockRecordSet {
public:
    // One entry per launch: its block count.
    Status allocate(const std::vector<std::uint64_t>& blocksPerLaunch);
    static std::uint64_t deviceBytes(std::uint64_t blocks) { return blocks * 40; }
    // The pointers launch k's kernel writes through (indexed by blockIdx.x).
    BlockRecordPointers pointers(std::size_t launch) const;
    // Marks every record unwritten again (before a repeated recording) and
    // waits for it: the kernels may run in streams that do not wait.
    Status clear();
    // Copies launch k's written records into launches[k].blocks, in block order.
    Status download(std::vector<Launch>& launches) const;

private:
    std::vector<std::uint64_t> m_base;  // per launch, plus the total at the end
    DeviceBuffer<std::uint32_t> m_block, m_sm;
    DeviceBuffer<std::uint64_t> m_startNs, m_endNs;
    DeviceBuffer<std::int64_t> m_startClock, m_endClock;
};

}  // namespace ws
