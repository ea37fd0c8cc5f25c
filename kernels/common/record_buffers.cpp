#include "kernels/common/record_buffers.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <vector>

namespace ws {

namespace {

template <typename T>
Result<std::vector<T>> copyToHost(const DeviceBuffer<T>& buffer) {
    std::vector<T> host(buffer.size());
    if (!host.empty())
        WS_CUDA_TRY(cudaMemcpy(host.data(), buffer.get(), buffer.bytes(), cudaMemcpyDeviceToHost));
    return host;
}

}  // namespace

double wordToValue(ElementKind kind, std::uint32_t word) {
    if (kind == ElementKind::Float) return double(std::bit_cast<float>(word));
    return double(word);
}

Status RecordBuffers::allocate(const RecordLayout& layout) {
    m_layout = layout;
    m_pointers = {};
    const std::uint64_t grid = layout.grid;
    for (Status s :
         {m_block.allocate(grid), m_sm.allocate(grid), m_startNs.allocate(grid),
          m_endNs.allocate(grid), m_startClock.allocate(grid), m_endClock.allocate(grid)})
        if (!s) return s;
    if (Status s = m_block.fill(0xff); !s) return s;
    for (Status s : {m_sm.fill(0), m_startNs.fill(0), m_endNs.fill(0), m_startClock.fill(0),
                     m_endClock.fill(0)})
        if (!s) return s;
    m_pointers.blocks = {m_block.get(), m_sm.get(),         m_startNs.get(),
                         m_endNs.get(), m_startClock.get(), m_endClock.get()};

    if (layout.arrivals) {
        if (Status s = m_ticket.allocate(grid); !s) return s;
        if (Status s = m_arrivalNs.allocate(grid); !s) return s;
        if (Status s = m_ticket.fill(0xff); !s) return s;
        if (Status s = m_arrivalNs.fill(0); !s) return s;
        m_pointers.arrivals = {m_ticket.get(), m_arrivalNs.get()};
    }

    const StepLayout& steps = layout.steps;
    const std::uint64_t records = steps.records();
    if (records > 0) {
        const std::uint64_t words = records * 32 * steps.components;
        for (Status s :
             {m_written.allocate(records), m_mask.allocate(records), m_clock.allocate(records),
              m_before.allocate(words), m_after.allocate(words), m_secondBlock.allocate(1)})
            if (!s) return s;
        for (Status s : {m_written.fill(0), m_mask.fill(0), m_clock.fill(0), m_before.fill(0),
                         m_after.fill(0), m_secondBlock.fill(0xff)})
            if (!s) return s;
        StepRecordPointers& p = m_pointers.steps;
        p.tracedCount = std::uint32_t(steps.tracedBlocks.size());
        std::copy(steps.tracedBlocks.begin(), steps.tracedBlocks.end(), p.tracedBlock);
        p.firstSteps = steps.first.steps;
        p.firstWarps = steps.first.warps();
        p.secondSteps = steps.second ? steps.second->steps : 0;
        p.secondWarps = steps.second ? steps.second->warps() : 0;
        p.components = steps.components;
        p.written = m_written.get();
        p.activeMask = m_mask.get();
        p.clock = m_clock.get();
        p.before = m_before.get();
        p.after = m_after.get();
        p.secondBlock = m_secondBlock.get();
    }
    WS_CUDA_TRY(cudaDeviceSynchronize());  // the fills ran on the legacy stream
    return {};
}

Status RecordBuffers::download(ElementKind kind, Launch& launch) const {
    auto block = copyToHost(m_block);
    auto sm = copyToHost(m_sm);
    auto startNs = copyToHost(m_startNs);
    auto endNs = copyToHost(m_endNs);
    auto startClock = copyToHost(m_startClock);
    auto endClock = copyToHost(m_endClock);
    for (const auto* r : {&block, &sm})
        if (!*r) return makeError(r->error());
    if (!startNs) return makeError(startNs.error());
    if (!endNs) return makeError(endNs.error());
    if (!startClock) return makeError(startClock.error());
    if (!endClock) return makeError(endClock.error());
    launch.blocks.block = std::move(*block);
    launch.blocks.sm = std::move(*sm);
    launch.blocks.startNs = std::move(*startNs);
    launch.blocks.endNs = std::move(*endNs);
    launch.blocks.startClock = std::move(*startClock);
    launch.blocks.endClock = std::move(*endClock);

    if (m_layout.arrivals) {
        auto ticket = copyToHost(m_ticket);
        auto timeNs = copyToHost(m_arrivalNs);
        if (!ticket) return makeError(ticket.error());
        if (!timeNs) return makeError(timeNs.error());
        std::vector<std::uint32_t> order(ticket->size());
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return (*ticket)[a] < (*ticket)[b];
        });
        ArrivalRecords& out = launch.arrivals;
        out = {};
        for (std::uint32_t b : order) {
            out.block.push_back(b);
            out.counter.push_back((*ticket)[b]);
            out.timeNs.push_back((*timeNs)[b]);
        }
    }

    const StepLayout& layout = m_layout.steps;
    StepRecords& steps = launch.steps;
    steps = {};
    steps.components = layout.components;
    if (layout.records() == 0) return {};
    auto written = copyToHost(m_written);
    auto mask = copyToHost(m_mask);
    auto before = copyToHost(m_before);
    auto after = copyToHost(m_after);
    auto clock = copyToHost(m_clock);
    auto secondBlock = copyToHost(m_secondBlock);
    for (const auto* r : {&written, &mask, &before, &after, &secondBlock})
        if (!*r) return makeError(r->error());
    if (!clock) return makeError(clock.error());

    const std::uint32_t lanesWords = 32 * layout.components;
    auto take = [&](std::uint64_t r, std::uint32_t blockId, std::uint32_t step,
                    std::uint32_t warp) {
        if ((*written)[r] == 0) return;
        steps.block.push_back(blockId);
        steps.warp.push_back(warp);
        steps.step.push_back(step);
        steps.activeMask.push_back((*mask)[r]);
        steps.clock.push_back((*clock)[r]);
        for (std::uint32_t i = 0; i < lanesWords; ++i) {
            steps.before.push_back(wordToValue(kind, (*before)[r * lanesWords + i]));
            steps.after.push_back(wordToValue(kind, (*after)[r * lanesWords + i]));
        }
    };
    const std::uint32_t warps = layout.first.warps();
    std::uint64_t r = 0;
    for (std::uint32_t blockId : layout.tracedBlocks)
        for (std::uint32_t step = 0; step < layout.first.steps; ++step)
            for (std::uint32_t warp = 0; warp < warps; ++warp) take(r++, blockId, step, warp);
    if (layout.second && (*secondBlock)[0] != 0xffffffffu) {
        for (std::uint32_t step = 0; step < layout.second->steps; ++step)
            for (std::uint32_t warp = 0; warp < layout.second->warps(); ++warp)
                take(r++, (*secondBlock)[0], layout.first.steps + step, warp);
    }
    return {};
}

}  // namespace ws
