#pragma once
// Device buffers of one recording launch of a matrix multiply kernel: a
// record per block, the phases and shared reads of the traced blocks, and
// their copy into a Launch (blocks, the "phases" table, sharedAccesses).
#include <cstdint>

#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/device_buffer.h"
#include "kernels/matmul/matmul_trace.h"

namespace ws::matmul {

class MatmulTraceStorage {
public:
    struct Shape {
        std::uint64_t blocks = 0;
        std::uint32_t tracedBlocks = 0;  // as asked; block 0, the last and between
        std::uint32_t maxPhases = 0;     // per traced block; 0 for kernels without k-phases
        std::uint32_t maxShared = 0;     // shared reads recorded per traced warp
    };
    static std::uint64_t deviceBytes(const Shape& shape);

    Status allocate(const Shape& shape);
    const MatmulTrace& trace() const { return m_trace; }
    // Marks every slot unused and every block as not run, before a launch.
    Status clear();
    Status download(Launch& launch) const;

private:
    Shape m_shape;
    MatmulTrace m_trace;
    DeviceBuffer<std::uint32_t> m_block, m_sm;
    DeviceBuffer<std::uint64_t> m_startNs, m_endNs;
    DeviceBuffer<std::int64_t> m_startClock, m_endClock;
    DeviceBuffer<PhaseSlot> m_phases;
    DeviceBuffer<SharedSlot> m_shared;
};

}  // namespace ws::matmul
