#pragma once
// Device slots of one recording launch of a TMA rung's pipeline (a slot per
// k-step of each traced block) and their copy into the launch's "pipeline"
// table (core/tensorcore/tensorcore_pipeline.h).
#include <cstdint>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/device_buffer.h"
#include "kernels/tensorcore/tensorcore_pipeline_trace.h"

namespace ws::tensorcore {

class PipelineStorage {
public:
    static std::uint64_t deviceBytes(std::uint32_t tracedBlocks, std::uint32_t maxSteps);
    // `traced` the block ids the matmul records trace, in slot order.
    Status allocate(const std::vector<std::uint32_t>& traced, std::uint32_t maxSteps);
    const PipelineTrace& trace() const { return m_trace; }
    Status clear();
    // Steps whose producer and both consumers wrote their fields.
    Status download(Launch& launch) const;

private:
    std::vector<std::uint32_t> m_traced;
    PipelineTrace m_trace;
    DeviceBuffer<PipelineSlot> m_slots;
};

}  // namespace ws::tensorcore
