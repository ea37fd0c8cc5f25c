#include "kernels/tensorcore/tensorcore_pipeline_storage.h"

#include "core/tensorcore/tensorcore_pipeline.h"
#include "kernels/common/cuda_check.h"

namespace ws::tensorcore {

std::uint64_t PipelineStorage::deviceBytes(std::uint32_t tracedBlocks, std::uint32_t maxSteps) {
    return std::uint64_t(tracedBlocks) * maxSteps * sizeof(PipelineSlot);
}

Status PipelineStorage::allocate(const std::vector<std::uint32_t>& traced, std::uint32_t maxSteps) {
    m_traced = traced;
    m_trace = {};
    if (Status s = m_slots.allocate(std::uint64_t(traced.size()) * maxSteps); !s) return s;
    m_trace.slots = traced.empty() || maxSteps == 0 ? nullptr : m_slots.get();
    m_trace.maxSteps = maxSteps;
    return clear();
}

Status PipelineStorage::clear() { return m_slots.fill(0); }

Status PipelineStorage::download(Launch& launch) const {
    if (m_trace.slots == nullptr) return {};
    std::vector<PipelineSlot> slots(m_slots.size());
    if (!slots.empty())
        WS_CUDA_TRY(
            cudaMemcpy(slots.data(), m_slots.get(), m_slots.bytes(), cudaMemcpyDeviceToHost));
    PipelineColumns columns;
    for (std::size_t t = 0; t < m_traced.size(); ++t)
        for (std::uint32_t i = 0; i < m_trace.maxSteps; ++i) {
            const PipelineSlot& s = slots[t * m_trace.maxSteps + i];
            bool whole = s.producerWritten != 0;
            for (int c = 0; c < kPipelineConsumers; ++c) whole = whole && s.consumerWritten[c];
            if (!whole) continue;
            PipelineStep row;
            row.block = m_traced[t];
            row.step = i;
            row.tileRow = s.tileRow;
            row.tileCol = s.tileCol;
            row.phase = s.phase;
            row.stage = s.stage;
            row.producerWait = s.producerWait;
            row.issued = s.issued;
            for (int c = 0; c < kPipelineConsumers; ++c) {
                row.wait[c] = s.consumerWait[c];
                row.ready[c] = s.ready[c];
                row.released[c] = s.released[c];
            }
            columns.rows.push_back(row);
        }
    columns.storeInto(launch.tables);
    return {};
}

}  // namespace ws::tensorcore
