#pragma once
// What the tensor tile view shows of a run, prepared once per run: the
// variant's tile shape, and for its first traced block the k-phases on the
// playback clock (the TMA rungs' consumer 0 from the pipeline table, the
// others' phase starts from the "phases" table), so that playback steps
// through each phase's instructions. Qt-free.
#include <string>
#include <vector>

#include "widgets/model/prepared_run.h"
#include "widgets/tensorcore/tensor_tile_shape.h"

namespace ws {

struct TensorPhaseSpan {
    std::uint32_t phase = 0;  // the k-phase inside its tile
    double start = 0, end = 0;
};

// Where the playback stands: the step (a k-phase of the block, counted over
// its tiles) and the instruction within it.
struct TensorTilePosition {
    int step = -1;  // -1: before the first phase, or no records
    std::uint32_t phase = 0, index = 0;
};

class TensorTileData {
public:
    static TensorTileData build(const PreparedRun* prepared);

    bool valid() const { return m_shape.has_value(); }
    const std::string& message() const { return m_message; }  // why not valid
    const TensorTileShape& shape() const { return *m_shape; }
    std::uint32_t block() const { return m_block; }
    bool recorded() const { return !m_spans.empty(); }
    const std::vector<TensorPhaseSpan>& spans() const { return m_spans; }
    // The instruction at playback time t: the share of its phase gone by
    // picks it, k step outermost.
    TensorTilePosition positionAt(double t) const;

private:
    std::optional<TensorTileShape> m_shape;
    std::string m_message;
    std::uint32_t m_block = 0;
    std::vector<TensorPhaseSpan> m_spans;
};

}  // namespace ws
