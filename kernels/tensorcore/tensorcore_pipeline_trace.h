#pragma once
// Recording of the TMA rungs' pipeline: for each traced block (the matmul
// lab's traced list, MatmulTrace::tracedBlock) and each k-step it ran (a
// persistent block's steps run on across its tiles), clock64 when the
// producer began waiting for the stage to be free, when it issued the
// stage's TMA loads, and for each consumer warpgroup when it began waiting
// on the stage's full barrier, when the barrier let it through (its wgmma
// issued at once) and when it released the stage: at once after its wgmma
// in wgmma-tma, and from warp-specialized on (one batch in flight) only
// after it has also waited for the next step's stage and issued that
// step's wgmma, so `released` then spans the next step's wait.
// The block's record (kernels/matmul/matmul_trace.h) holds clock64 and
// %globaltimer at its start and end, which put these cycles on the trace's
// clock. The plain build compiles every call to nothing.
#include <cstdint>

#include "kernels/matmul/matmul_trace.h"

namespace ws::tensorcore {

inline constexpr int kPipelineConsumers = 2;
// Tiles of a persistent block whose steps are recorded.
inline constexpr std::uint32_t kPipelineTracedTiles = 2;

struct PipelineSlot {
    std::int64_t producerWait, issued;
    std::int64_t consumerWait[kPipelineConsumers], ready[kPipelineConsumers],
        released[kPipelineConsumers];
    std::uint32_t tileRow, tileCol;  // the tile this step belongs to
    std::uint32_t phase, stage;      // its k-phase in the tile, the ring slot it used
    // 1 once the producer's fields, and consumer c's, are written: a word
    // each, so that plain stores suffice (an atomic a step cost the traced
    // blocks, and with them a persistent grid, several per cent).
    std::uint32_t producerWritten, consumerWritten[kPipelineConsumers];
    std::uint32_t pad;
};

// Passed by value beside MatmulTrace; slot t keeps steps [t * maxSteps, ..).
// Steps from maxSteps on are not recorded: a persistent block records its
// first tiles only (kPipelineTracedTiles), which keeps what the traced
// blocks pay, and with them the whole persistent grid, small.
struct PipelineTrace {
    PipelineSlot* slots = nullptr;
    std::uint32_t maxSteps = 0;
};

#ifdef __CUDACC__

template <bool kRecord>
class PipelineRecorder {
public:
    __device__ PipelineRecorder(const matmul::MatmulTrace&, const PipelineTrace&) {}
    __device__ void producerWaits(std::uint32_t) {}
    __device__ void issued(std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t,
                           std::uint32_t) {}
    __device__ void consumerWaits(std::uint32_t, int) {}
    __device__ void ready(std::uint32_t, int) {}
    __device__ void released(std::uint32_t, int) {}
};

// The producer's calls come from its one issuing thread, a consumer's from
// its warpgroup's first thread; each writes only its own fields.
template <>
class PipelineRecorder<true> {
public:
    __device__ PipelineRecorder(const matmul::MatmulTrace& t, const PipelineTrace& p) {
        const std::uint32_t b = matmul::linearBlock();
        if (p.slots == nullptr) return;
        for (std::uint32_t i = 0; i < t.tracedCount; ++i)
            if (t.tracedBlock[i] == b) m_slots = p.slots + std::uint64_t(i) * p.maxSteps;
        m_maxSteps = p.maxSteps;
    }
    __device__ void producerWaits(std::uint32_t step) {
        if (PipelineSlot* s = at(step)) s->producerWait = dev::cycleCounter();
    }
    __device__ void issued(std::uint32_t step, std::uint32_t tileRow, std::uint32_t tileCol,
                           std::uint32_t phase, std::uint32_t stage) {
        if (PipelineSlot* s = at(step)) {
            s->issued = dev::cycleCounter();
            s->tileRow = tileRow;
            s->tileCol = tileCol;
            s->phase = phase;
            s->stage = stage;
            s->producerWritten = 1;
        }
    }
    __device__ void consumerWaits(std::uint32_t step, int c) {
        if (PipelineSlot* s = at(step)) s->consumerWait[c] = dev::cycleCounter();
    }
    __device__ void ready(std::uint32_t step, int c) {
        if (PipelineSlot* s = at(step)) s->ready[c] = dev::cycleCounter();
    }
    __device__ void released(std::uint32_t step, int c) {
        if (PipelineSlot* s = at(step)) {
            s->released[c] = dev::cycleCounter();
            s->consumerWritten[c] = 1;
        }
    }

private:
    __device__ PipelineSlot* at(std::uint32_t step) const {
        return m_slots != nullptr && step < m_maxSteps ? m_slots + step : nullptr;
    }
    PipelineSlot* m_slots = nullptr;
    std::uint32_t m_maxSteps = 0;
};

#endif  // __CUDACC__

}  // namespace ws::tensorcore
