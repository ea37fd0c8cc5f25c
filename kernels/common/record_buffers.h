#pragma once
// Device buffers for the records of one launch, sized from its RecordLayout,
// and their download into the Launch of the trace model.
#include <cstdint>

#include "core/common/result.h"
#include "core/reduction/reduction_shapes.h"
#include "core/run/run.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/record_layout.h"
#include "kernels/common/record_pointers.h"

namespace ws {

class RecordBuffers {
public:
    // Allocates and initialises: block ids to 0xffffffff (so a block that
    // never wrote its record shows up as out of range), step records to
    // "not written".
    Status allocate(const RecordLayout& layout);
    const RecordPointers& pointers() const { return m_pointers; }

    // Copies the records into `launch`: blocks in block order, steps in
    // (block, step, warp) order with the second pass after the first passes,
    // arrivals in ticket order. Lane values become doubles: int32 sums as
    // their unsigned (wrapped) value, floats exactly, affine maps as (a, b).
    Status download(ElementKind kind, Launch& launch) const;

private:
    RecordLayout m_layout;
    RecordPointers m_pointers;
    DeviceBuffer<std::uint32_t> m_block, m_sm;
    DeviceBuffer<std::uint64_t> m_startNs, m_endNs;
    DeviceBuffer<std::int64_t> m_startClock, m_endClock;
    DeviceBuffer<std::uint32_t> m_ticket;
    DeviceBuffer<std::uint64_t> m_arrivalNs;
    DeviceBuffer<std::uint32_t> m_written, m_mask, m_before, m_after, m_secondBlock;
    DeviceBuffer<std::int64_t> m_clock;
};

// Lane values of a step record as the trace model stores them.
double wordToValue(ElementKind kind, std::uint32_t word);

}  // namespace ws
