#pragma once
// What the pipeline view shows of a TMA run of the tensor-core product,
// prepared once per run: for each traced block (four at most) its k-steps
// from the "pipeline" table, in clock64 cycles and on the playback clock
// (each block's cycles placed by its own start and end records), the ring's
// stages at any time, and how long each side waited. A run without the
// table gets a sentence saying why instead. Qt-free, tested alone.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/tensorcore/tensorcore_pipeline.h"
#include "widgets/model/prepared_run.h"

namespace ws {

// Blocks the view draws at most: more lanes than this do not read from the
// back of a lecture hall.
inline constexpr std::size_t kPipelineShownBlocks = 4;

// One k-step on the playback clock (ns after the run's origin).
struct PipelineSlot {
    std::uint32_t step = 0, stage = 0, phase = 0;
    double producerWait = 0, issued = 0;
    double firstReady = 0;  // the first consumer let through: the bytes had landed
    std::array<double, kPipelineConsumerLanes> wait{}, ready{}, released{};
    double lastReleased() const;
};

struct PipelineBlock {
    std::uint32_t block = 0;
    std::uint32_t sm = 0;
    BlockRef ref;
    std::vector<PipelineStep> steps;      // in step order, clock64 cycles
    std::vector<PipelineSlot> slotTimes;  // the same steps, on the playback clock
    PipelineWaits waits;
    // The block's clock64 reading at playback time `ns` (the inverse of
    // clockToNs, within the block's life).
    std::int64_t clockAt(const PreparedRun& prepared, double ns) const;
    // The last step whose producer had begun by `ns`; -1 before the first.
    int stepAt(double ns) const;
};

class PipelineData {
public:
    static PipelineData build(const PreparedRun* prepared);

    bool valid() const { return !m_blocks.empty(); }
    // Why there is nothing to draw, in a sentence ("variant wmma has no TMA
    // pipeline: ...").
    const std::string& message() const { return m_message; }
    const std::string& variant() const { return m_variant; }
    std::uint32_t stages() const { return m_stages; }
    const std::vector<PipelineBlock>& blocks() const { return m_blocks; }
    // Traced blocks the run has beyond those shown.
    std::size_t blocksNotShown() const { return m_notShown; }
    // The ring of block `index` at playback time `ns`, stage by stage.
    std::vector<StageState> ringAt(std::size_t index, double ns) const;

private:
    const PreparedRun* m_prepared = nullptr;
    std::string m_message, m_variant;
    std::uint32_t m_stages = 0;
    std::vector<PipelineBlock> m_blocks;
    std::size_t m_notShown = 0;
};

// Shares of the block's span: the consumers' time waiting on full barriers
// (over both consumers' time), the producer's waiting on empty ones, in %.
struct PipelineShares {
    double consumersWaiting = 0, producerWaiting = 0;
};
PipelineShares pipelineShares(const PipelineWaits& w);
// "consumers waiting 12 %, producer waiting 81 %, over 64 steps".
std::string pipelineSummary(const PipelineWaits& w);

}  // namespace ws
