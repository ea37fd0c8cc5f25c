#include "kernels/matmul/matmul_trace_storage.h"

#include <algorithm>
#include <vector>

#include "core/matmul/matmul_records.h"
#include "kernels/common/record_layout.h"

namespace ws::matmul {

namespace {

template <typename T>
Status copyBack(const DeviceBuffer<T>& buffer, std::vector<T>& out) {
    out.resize(buffer.size());
    if (!out.empty())
        WS_CUDA_TRY(cudaMemcpy(out.data(), buffer.get(), buffer.bytes(), cudaMemcpyDeviceToHost));
    return {};
}

}  // namespace

std::uint64_t MatmulTraceStorage::deviceBytes(const Shape& s) {
    const std::uint64_t traced =
        std::min<std::uint64_t>({s.tracedBlocks, s.blocks, kMaxTracedSlots});
    return s.blocks * kBlockRecordBytes + traced * s.maxPhases * sizeof(PhaseSlot) +
           traced * s.maxShared * sizeof(SharedSlot);
}

Status MatmulTraceStorage::allocate(const Shape& shape) {
    m_shape = shape;
    const std::uint64_t n = shape.blocks;
    for (Status s : {m_block.allocate(n), m_sm.allocate(n), m_startNs.allocate(n),
                     m_endNs.allocate(n), m_startClock.allocate(n), m_endClock.allocate(n)})
        if (!s) return s;
    m_trace = {};
    m_trace.blocks = {m_block.get(), m_sm.get(),         m_startNs.get(),
                      m_endNs.get(), m_startClock.get(), m_endClock.get()};
    const std::vector<std::uint32_t> ids = tracedBlockIds(n, shape.tracedBlocks);
    std::copy(ids.begin(), ids.end(), m_trace.tracedBlock);
    m_trace.tracedCount = std::uint32_t(ids.size());
    m_trace.maxPhases = shape.maxPhases;
    m_trace.maxShared = shape.maxShared;
    if (Status s = m_phases.allocate(std::uint64_t(ids.size()) * shape.maxPhases); !s) return s;
    if (Status s = m_shared.allocate(std::uint64_t(ids.size()) * shape.maxShared); !s) return s;
    m_trace.phases = shape.maxPhases ? m_phases.get() : nullptr;
    m_trace.shared = shape.maxShared ? m_shared.get() : nullptr;
    return clear();
}

Status MatmulTraceStorage::clear() {
    if (Status s = m_phases.fill(0); !s) return s;
    if (Status s = m_shared.fill(0); !s) return s;
    // A block that never finished keeps id 0xffffffff (the id is written
    // last), one that never started keeps a start of 0.
    if (Status s = m_startNs.fill(0); !s) return s;
    return m_block.fill(0xff);
}

Status MatmulTraceStorage::download(Launch& launch) const {
    BlockRecords& b = launch.blocks;
    for (Status s : {copyBack(m_block, b.block), copyBack(m_sm, b.sm),
                     copyBack(m_startNs, b.startNs), copyBack(m_endNs, b.endNs),
                     copyBack(m_startClock, b.startClock), copyBack(m_endClock, b.endClock)})
        if (!s) return s;
    std::vector<PhaseSlot> phases;
    std::vector<SharedSlot> shared;
    if (Status s = copyBack(m_phases, phases); !s) return s;
    if (Status s = copyBack(m_shared, shared); !s) return s;

    if (m_trace.maxPhases > 0 && m_trace.tracedCount > 0) {
        PhaseColumns columns;
        for (std::uint32_t slot = 0; slot < m_trace.tracedCount; ++slot)
            for (std::uint32_t p = 0; p < m_trace.maxPhases; ++p) {
                const PhaseSlot& r = phases[std::uint64_t(slot) * m_trace.maxPhases + p];
                if (r.used)
                    columns.push(m_trace.tracedBlock[slot], p, r.aRow, r.aCol, r.bRow, r.bCol,
                                 r.clock);
            }
        columns.storeInto(launch.tables);
    }
    auto& a = launch.sharedAccesses;
    for (std::uint32_t slot = 0; slot < m_trace.tracedCount; ++slot)
        for (std::uint32_t i = 0; i < m_trace.maxShared; ++i) {
            const SharedSlot& r = shared[std::uint64_t(slot) * m_trace.maxShared + i];
            if (!r.used) continue;
            a.block.push_back(m_trace.tracedBlock[slot]);
            a.warp.push_back(0);
            a.instruction.push_back(i);
            a.widthBytes.push_back(r.widthBytes);
            a.activeMask.push_back(r.activeMask);
            a.address.insert(a.address.end(), r.address, r.address + 32);
            a.cycles.push_back(r.cycles);
        }
    return {};
}

}  // namespace ws::matmul
