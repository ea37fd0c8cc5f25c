#include "widgets/tensorcore/pipeline_data.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "widgets/tensorcore/tensor_run_facts.h"

namespace ws {

namespace {

// Why a run of this variant records no ring, in the words of how its tiles
// arrive instead.
std::string noPipelineReason(const std::optional<TensorCoreVariant>& v) {
    if (!v) return "it is no variant this build knows";
    switch (*v) {
        case TensorCoreVariant::Wmma:
            return "every thread loads the tiles itself between two __syncthreads, so there is "
                   "no ring of stages to watch (the TMA rungs, wgmma-tma and after, record one)";
        case TensorCoreVariant::MmaSync:
        case TensorCoreVariant::Wgmma:
            return "its tiles arrive by cp.async in three stages that every thread waits on "
                   "with cp.async.wait_group, not through mbarriers (the TMA rungs, wgmma-tma "
                   "and after, record their ring)";
        case TensorCoreVariant::Cublas:
            return "cuBLAS runs its own kernel, which records nothing";
        default:
            return "this run recorded no pipeline table (record it with traced_blocks of 1 or "
                   "more, with records)";
    }
}

}  // namespace

double PipelineSlot::lastReleased() const {
    return *std::max_element(released.begin(), released.end());
}

std::int64_t PipelineBlock::clockAt(const PreparedRun& prepared, double ns) const {
    const Launch* l = prepared.launch(ref.launch);
    if (!l || std::size_t(ref.record) >= l->blocks.size()) return 0;
    const double t0 = prepared.startOf(ref), t1 = prepared.endOf(ref);
    const double c0 = double(l->blocks.startClock[std::size_t(ref.record)]);
    const double c1 = double(l->blocks.endClock[std::size_t(ref.record)]);
    if (c1 <= c0 || t1 <= t0) return std::int64_t(c0);
    const double f = std::clamp((ns - t0) / (t1 - t0), 0.0, 1.0);
    return std::int64_t(std::llround(c0 + f * (c1 - c0)));
}

int PipelineBlock::stepAt(double ns) const {
    // Slots are in step order and a producer begins its steps in order.
    const auto it =
        std::upper_bound(slotTimes.begin(), slotTimes.end(), ns,
                         [](double t, const PipelineSlot& s) { return t < s.producerWait; });
    return int(it - slotTimes.begin()) - 1;
}

PipelineData PipelineData::build(const PreparedRun* prepared) {
    PipelineData d;
    d.m_prepared = prepared;
    const Run* run = prepared ? prepared->run.get() : nullptr;
    if (!run) {
        d.m_message = "No run is shown.";
        return d;
    }
    if (run->experiment != kTensorCoreExperiment) {
        d.m_message =
            "The pipeline view shows the tensor-core product's TMA runs (matmul-tc, "
            "variants wgmma-tma and after); this run is " +
            run->experiment + ".";
        return d;
    }
    const auto variant = tensorCoreVariantOf(*run);
    d.m_variant = tensorCoreVariantName(*run);
    d.m_stages = pipelineStagesOf(*run);
    std::vector<PipelineStep> steps;
    int launch = -1;
    for (std::size_t i = 0; i < run->launches.size() && launch < 0; ++i) {
        auto read = readPipeline(run->launches[i], d.m_stages);
        if (!read) {
            d.m_message =
                "The pipeline table of variant " + d.m_variant + " cannot be read: " + read.error();
            return d;
        }
        if (!read->empty()) {
            steps = std::move(*read);
            launch = int(i);
        }
    }
    if (launch < 0) {
        d.m_message =
            "Variant " + d.m_variant + " has no TMA pipeline: " + noPipelineReason(variant) + ".";
        return d;
    }
    std::set<std::uint32_t> traced;
    for (const auto& s : steps) traced.insert(s.block);
    for (const std::uint32_t b : traced) {
        if (d.m_blocks.size() == kPipelineShownBlocks) {
            ++d.m_notShown;
            continue;
        }
        PipelineBlock pb;
        pb.block = b;
        pb.ref = prepared->refOfBlock(launch, b);
        if (!pb.ref.valid()) continue;  // no block record places its cycles
        pb.sm = run->launches[std::size_t(launch)].blocks.sm[std::size_t(pb.ref.record)];
        pb.steps = pipelineOfBlock(steps, b);
        pb.waits = pipelineWaits(pb.steps);
        auto ns = [&](std::int64_t clock) { return clockToNs(*prepared, pb.ref, clock); };
        for (const PipelineStep& s : pb.steps) {
            PipelineSlot slot;
            slot.step = s.step;
            slot.stage = s.stage;
            slot.phase = s.phase;
            slot.producerWait = ns(s.producerWait);
            slot.issued = ns(s.issued);
            for (int c = 0; c < kPipelineConsumerLanes; ++c) {
                slot.wait[std::size_t(c)] = ns(s.wait[std::size_t(c)]);
                slot.ready[std::size_t(c)] = ns(s.ready[std::size_t(c)]);
                slot.released[std::size_t(c)] = ns(s.released[std::size_t(c)]);
            }
            slot.firstReady = *std::min_element(slot.ready.begin(), slot.ready.end());
            pb.slotTimes.push_back(slot);
        }
        d.m_blocks.push_back(std::move(pb));
    }
    if (d.m_blocks.empty())
        d.m_message = "The pipeline table of variant " + d.m_variant +
                      " names blocks that have no block record, so its cycles cannot be "
                      "placed in time.";
    return d;
}

std::vector<StageState> PipelineData::ringAt(std::size_t index, double ns) const {
    std::vector<StageState> ring(m_stages, StageState::Free);
    if (index >= m_blocks.size() || !m_prepared) return ring;
    const PipelineBlock& b = m_blocks[index];
    const std::int64_t at = b.clockAt(*m_prepared, ns);
    for (std::uint32_t s = 0; s < m_stages; ++s) ring[s] = stageStateAt(b.steps, s, at);
    return ring;
}

PipelineShares pipelineShares(const PipelineWaits& w) {
    PipelineShares s;
    if (w.span <= 0) return s;
    const double consumers = double(kPipelineConsumerLanes) * double(w.span);
    s.consumersWaiting = 100.0 * double(w.consumerWaiting) / consumers;
    s.producerWaiting = 100.0 * double(w.producerWaiting) / double(w.span);
    return s;
}

std::string pipelineSummary(const PipelineWaits& w) {
    const PipelineShares s = pipelineShares(w);
    char text[160];
    std::snprintf(text, sizeof text,
                  "consumers waiting %.0f %%, producer waiting %.0f %%, over %u steps",
                  s.consumersWaiting, s.producerWaiting, w.steps);
    return text;
}

}  // namespace ws
