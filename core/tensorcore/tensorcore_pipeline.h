#pragma once
// The TMA rungs' pipeline records in a trace (matmul-tc, variants
// wgmma-tma and after), and what they must mean.
//
// Launch table "pipeline", one row per k-step of each traced block (a
// persistent block's steps run on across its tiles): block, step, tileRow,
// tileCol, phase (the k-phase inside the tile), stage (the ring slot) as
// u32; producerWait, issued, and for consumer warpgroup c in 0 and 1
// wait<c>, ready<c>, released<c> as i64 clock64 readings of the block's SM
// (docs/trace-format.md, "matmul-tc"). The block's own record holds clock64
// and %globaltimer at its start, which place the cycles on the trace's
// clock.
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

inline constexpr int kPipelineConsumerLanes = 2;

struct PipelineStep {
    std::uint32_t block = 0, step = 0, tileRow = 0, tileCol = 0, phase = 0, stage = 0;
    std::int64_t producerWait = 0, issued = 0;
    std::array<std::int64_t, kPipelineConsumerLanes> wait{}, ready{}, released{};
};

// The table's columns while a launcher fills them, then stored as one table.
struct PipelineColumns {
    std::vector<PipelineStep> rows;
    void storeInto(std::vector<RecordTable>& tables) const;
};

// The "pipeline" table of a launch (empty when it has none), checked:
// column types, blocks below the grid, stages below `stages`, and within
// every step issued >= producerWait, wait <= ready <= released, and a
// consumer ready no earlier than the producer issued (the same SM's
// clock). Errors say which row.
Result<std::vector<PipelineStep>> readPipeline(const Launch& launch, std::uint32_t stages);

// The steps of one block in step order.
std::vector<PipelineStep> pipelineOfBlock(const std::vector<PipelineStep>& steps,
                                          std::uint32_t block);

// What a stage of the ring holds at cycle `at` of a block's steps: free
// (before its first load), loading (issued, no consumer let through yet: the
// bytes landing, or landed with no consumer come for them), ready (a
// consumer let through, until both released it: in wgmma, or waiting to be
// released behind the next step), consumed (released, not yet refilled).
enum class StageState { Free, Loading, Ready, Consumed };
const char* stageStateName(StageState s);
// The state of `stage` at `at`, judged from the block's last step on that
// stage issued by then; Free before any.
StageState stageStateAt(const std::vector<PipelineStep>& blockSteps, std::uint32_t stage,
                        std::int64_t at);

// Sums over a block's steps, in cycles: consumers' time waiting on full
// barriers, the producer's time waiting on empty ones, the consumers' time
// holding a stage (let through to released: their wgmma, and with a batch
// in flight the next step's wait as well, so it overlaps the waiting), and
// the span from the first wait to the last release.
struct PipelineWaits {
    std::int64_t consumerWaiting = 0, producerWaiting = 0, consumerBusy = 0, span = 0;
    std::uint32_t steps = 0;
};
PipelineWaits pipelineWaits(const std::vector<PipelineStep>& blockSteps);

// Over every traced block: the consumers' share of their time spent waiting
// on full barriers (consumerWaitFraction), the producer's on empty ones
// (producerWaitFraction), the steps recorded (pipelineSteps); for a run's
// figures and the lessons' narration. Empty when there are no steps.
std::vector<std::pair<std::string, double>> pipelineFigures(const std::vector<PipelineStep>& steps);

}  // namespace ws
