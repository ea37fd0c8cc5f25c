#include "widgets/tensorcore/tensor_tile_data.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/run/record_table.h"
#include "widgets/tensorcore/pipeline_data.h"
#include "widgets/tensorcore/tensor_run_facts.h"

namespace ws {

namespace {

// The recording rungs' "phases" table: one row per k-phase of each traced
// block, thread 0's clock64 as the phase began.
std::vector<TensorPhaseSpan> phaseSpans(const PreparedRun& prepared, std::uint32_t& block) {
    std::vector<TensorPhaseSpan> spans;
    if (prepared.run->launches.empty()) return spans;
    const RecordTable* t = findTable(prepared.run->launches[0].tables, "phases");
    if (!t) return spans;
    const auto* blocks = t->get<std::uint32_t>("block");
    const auto* phases = t->get<std::uint32_t>("phase");
    const auto* clocks = t->get<std::int64_t>("clock");
    if (!blocks || !phases || !clocks || blocks->empty()) return spans;
    block = *std::min_element(blocks->begin(), blocks->end());
    const BlockRef ref = prepared.refOfBlock(0, block);
    if (!ref.valid()) return spans;
    for (std::size_t i = 0; i < blocks->size() && i < phases->size() && i < clocks->size(); ++i)
        if ((*blocks)[i] == block)
            spans.push_back({(*phases)[i], clockToNs(prepared, ref, (*clocks)[i]), 0});
    std::sort(spans.begin(), spans.end(),
              [](const auto& a, const auto& b) { return a.start < b.start; });
    for (std::size_t i = 0; i < spans.size(); ++i)
        spans[i].end = i + 1 < spans.size() ? spans[i + 1].start : prepared.endOf(ref);
    return spans;
}

}  // namespace

TensorTileData TensorTileData::build(const PreparedRun* prepared) {
    TensorTileData d;
    const Run* run = prepared ? prepared->run.get() : nullptr;
    if (!run) {
        d.m_message = "No run is shown.";
        return d;
    }
    const auto variant = tensorCoreVariantOf(*run);
    if (!variant) {
        d.m_message =
            "The tensor tile view shows the tensor-core product's runs (matmul-tc); "
            "this run is " +
            run->experiment + ".";
        return d;
    }
    d.m_shape = tensorTileShape(*variant);
    if (!d.m_shape) {
        d.m_message = "Variant " + tensorCoreVariantName(*run) +
                      " runs cuBLAS's own kernel, whose tiles and instructions are not ours "
                      "to show.";
        return d;
    }
    const PipelineData pipeline = PipelineData::build(prepared);
    if (pipeline.valid()) {
        // Consumer 0's wgmma of each step, from when the tensor cores reach
        // it (after the step before is released) to its release.
        const PipelineBlock& b = pipeline.blocks().front();
        d.m_block = b.block;
        for (std::size_t i = 0; i < b.slotTimes.size(); ++i) {
            const PipelineSlot& s = b.slotTimes[i];
            double start = s.ready[0];
            if (i > 0) start = std::max(start, b.slotTimes[i - 1].released[0]);
            d.m_spans.push_back({s.phase, start, std::max(start, s.released[0])});
        }
    } else {
        d.m_spans = phaseSpans(*prepared, d.m_block);
    }
    return d;
}

TensorTilePosition TensorTileData::positionAt(double t) const {
    TensorTilePosition p;
    if (!valid()) return p;
    for (std::size_t i = 0; i < m_spans.size(); ++i)
        if (m_spans[i].start <= t) p.step = int(i);
    if (p.step < 0) return p;
    const TensorPhaseSpan& s = m_spans[std::size_t(p.step)];
    p.phase = s.phase;
    const double share = s.end > s.start ? (t - s.start) / (s.end - s.start) : 1.0;
    const std::uint32_t count = m_shape->perPhase();
    p.index = std::min(count - 1, std::uint32_t(std::clamp(share, 0.0, 1.0) * count));
    return p;
}

}  // namespace ws
