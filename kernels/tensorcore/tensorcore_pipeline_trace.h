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
// clock. A traced block keeps its steps in shared memory while it runs
// (kSharedPipelineSteps of them) and copies them out at its end: stored
// to global memory as they happened, they cost each recorded step about
// 35 cycles of its 1,050 (producer clocks of one traced persistent block
// at n = 4096, its first two tiles against its last two), and the traced
// blocks' lateness held the whole grid. The plain build compiles every
// call to nothing.
#include <cstdint>

#include "kernels/matmul/matmul_trace.h"

namespace ws::tensorcore {

inline constexpr int kPipelineConsumers = 2;
// Tiles of a persistent block whose steps are recorded, and at most how
// many steps (what a traced block holds in shared memory: two tiles at
// n = 4096, one at 8192).
inline constexpr std::uint32_t kPipelineTracedTiles = 2;
inline constexpr std::uint32_t kSharedPipelineSteps = 128;

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

static_assert(sizeof(PipelineSlot) % 16 == 0, "slots copied 16 bytes at a time");

// Passed by value beside MatmulTrace; slot t keeps steps [t * maxSteps, ..).
// Steps from maxSteps on are not recorded: a persistent block records its
// first tiles only (kPipelineTracedTiles), which keeps what the traced
// blocks pay, and with them the whole persistent grid, small. maxSteps is
// at most kSharedPipelineSteps.
struct PipelineTrace {
    PipelineSlot* slots = nullptr;
    std::uint32_t maxSteps = 0;
};

#ifdef __CUDACC__

// The kernel reads the clock with now() where a moment falls (every thread
// of a warpgroup alike, so no branch parts the warps before their wgmma)
// and hands the readings over once the work they delimit is issued: the
// stores then leave while the TMA unit or the tensor cores work, not
// between a barrier and the instruction it lets go.
template <bool kRecord>
class PipelineRecorder {
public:
    // `local`: kSharedPipelineSteps slots of the block's shared memory.
    __device__ PipelineRecorder(const matmul::MatmulTrace&, const PipelineTrace&, PipelineSlot*) {}
    __device__ void clear(int, int) {}
    __device__ void flush(int, int) {}
    __device__ static constexpr std::int64_t now() { return 0; }
    __device__ void produced(std::uint32_t, std::int64_t, std::int64_t, std::uint32_t,
                             std::uint32_t, std::uint32_t, std::uint32_t) {}
    __device__ void consumed(std::uint32_t, int, std::int64_t, std::int64_t) {}
    __device__ void released(std::uint32_t, int, std::int64_t) {}
};

// produced() comes from the producer's one issuing thread, consumed() and
// released() from every lane of a consumer warpgroup's first warp alike
// (one value to one address: no branch parts the warp); each writes only
// its own fields.
template <>
class PipelineRecorder<true> {
public:
    __device__ PipelineRecorder(const matmul::MatmulTrace& t, const PipelineTrace& p,
                                PipelineSlot* local) {
        const std::uint32_t b = matmul::linearBlock();
        if (p.slots == nullptr) return;
        for (std::uint32_t i = 0; i < t.tracedCount; ++i)
            if (t.tracedBlock[i] == b) m_global = p.slots + std::uint64_t(i) * p.maxSteps;
        if (m_global == nullptr) return;
        m_slots = local;
        m_maxSteps = p.maxSteps < kSharedPipelineSteps ? p.maxSteps : kSharedPipelineSteps;
    }
    // Every thread of the block, before the barrier that follows the
    // barriers' initialisation: the slots zeroed, their written flags 0.
    __device__ void clear(int thread, int threads) {
        if (m_slots == nullptr) return;
        uint4* words = reinterpret_cast<uint4*>(m_slots);
        for (std::uint32_t i = std::uint32_t(thread); i < wordCount(); i += std::uint32_t(threads))
            words[i] = make_uint4(0, 0, 0, 0);
    }
    // Every thread of the block, after a barrier that follows its last step.
    __device__ void flush(int thread, int threads) {
        if (m_slots == nullptr) return;
        const uint4* from = reinterpret_cast<const uint4*>(m_slots);
        uint4* to = reinterpret_cast<uint4*>(m_global);
        for (std::uint32_t i = std::uint32_t(thread); i < wordCount(); i += std::uint32_t(threads))
            to[i] = from[i];
    }
    __device__ static std::int64_t now() { return dev::cycleCounter(); }
    // The producer began waiting for the stage at `waitFrom`, issued its
    // loads at `issuedAt`.
    __device__ void produced(std::uint32_t step, std::int64_t waitFrom, std::int64_t issuedAt,
                             std::uint32_t tileRow, std::uint32_t tileCol, std::uint32_t phase,
                             std::uint32_t stage) {
        if (PipelineSlot* s = at(step)) {
            s->producerWait = waitFrom;
            s->issued = issuedAt;
            s->tileRow = tileRow;
            s->tileCol = tileCol;
            s->phase = phase;
            s->stage = stage;
            s->producerWritten = 1;
        }
    }
    // Consumer c began waiting on the stage's full barrier at `waitFrom`
    // and passed it at `readyAt`.
    __device__ void consumed(std::uint32_t step, int c, std::int64_t waitFrom,
                             std::int64_t readyAt) {
        if (PipelineSlot* s = at(step)) {
            s->consumerWait[c] = waitFrom;
            s->ready[c] = readyAt;
        }
    }
    __device__ void released(std::uint32_t step, int c, std::int64_t releasedAt) {
        if (PipelineSlot* s = at(step)) {
            s->released[c] = releasedAt;
            s->consumerWritten[c] = 1;
        }
    }

private:
    __device__ PipelineSlot* at(std::uint32_t step) const {
        return m_slots != nullptr && step < m_maxSteps ? m_slots + step : nullptr;
    }
    __device__ std::uint32_t wordCount() const {
        return m_maxSteps * std::uint32_t(sizeof(PipelineSlot) / sizeof(uint4));
    }
    PipelineSlot* m_slots = nullptr;   // in shared memory
    PipelineSlot* m_global = nullptr;  // where they go at the end
    std::uint32_t m_maxSteps = 0;
};

#endif  // __CUDACC__

}  // namespace ws::tensorcore
