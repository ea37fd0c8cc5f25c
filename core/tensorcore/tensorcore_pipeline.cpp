#include "core/tensorcore/tensorcore_pipeline.h"

#include <algorithm>

#include "core/run/record_table.h"

namespace ws {

namespace {

const char* const kIds[] = {"block", "step", "tileRow", "tileCol", "phase", "stage"};
const char* const kWaits[] = {"wait0", "wait1"};
const char* const kReadies[] = {"ready0", "ready1"};
const char* const kReleases[] = {"released0", "released1"};

}  // namespace

void PipelineColumns::storeInto(std::vector<RecordTable>& tables) const {
    // Filled apart and moved in at the end: a table's columns live in a
    // vector that moves as columns are added.
    std::vector<std::uint32_t> ids[6];
    std::vector<std::int64_t> producerWait, issued, wait[2], ready[2], released[2];
    for (const PipelineStep& s : rows) {
        const std::uint32_t v[6] = {s.block, s.step, s.tileRow, s.tileCol, s.phase, s.stage};
        for (int i = 0; i < 6; ++i) ids[i].push_back(v[i]);
        producerWait.push_back(s.producerWait);
        issued.push_back(s.issued);
        for (int c = 0; c < kPipelineConsumerLanes; ++c) {
            wait[c].push_back(s.wait[c]);
            ready[c].push_back(s.ready[c]);
            released[c].push_back(s.released[c]);
        }
    }
    RecordTable& t = addTable(tables, "pipeline");
    for (int i = 0; i < 6; ++i) t.add<std::uint32_t>(kIds[i]) = std::move(ids[i]);
    t.add<std::int64_t>("producerWait") = std::move(producerWait);
    t.add<std::int64_t>("issued") = std::move(issued);
    for (int c = 0; c < kPipelineConsumerLanes; ++c) {
        t.add<std::int64_t>(kWaits[c]) = std::move(wait[c]);
        t.add<std::int64_t>(kReadies[c]) = std::move(ready[c]);
        t.add<std::int64_t>(kReleases[c]) = std::move(released[c]);
    }
}

Result<std::vector<PipelineStep>> readPipeline(const Launch& launch, std::uint32_t stages) {
    std::vector<PipelineStep> out;
    const RecordTable* table = findTable(launch.tables, "pipeline");
    if (!table) return out;
    const std::vector<std::uint32_t>* ids[6];
    for (int i = 0; i < 6; ++i) {
        auto c = requireColumn<std::uint32_t>(*table, kIds[i]);
        if (!c) return makeError(c.error());
        ids[i] = *c;
    }
    const std::vector<std::int64_t>*producerWait, *issued, *wait[2], *ready[2], *released[2];
    auto clockColumn = [&](const char* name, const std::vector<std::int64_t>*& into) -> Status {
        auto c = requireColumn<std::int64_t>(*table, name);
        if (!c) return makeError(c.error());
        into = *c;
        return {};
    };
    for (Status s : {clockColumn("producerWait", producerWait), clockColumn("issued", issued)})
        if (!s) return makeError(s.error());
    for (int c = 0; c < kPipelineConsumerLanes; ++c)
        for (Status s : {clockColumn(kWaits[c], wait[c]), clockColumn(kReadies[c], ready[c]),
                         clockColumn(kReleases[c], released[c])})
            if (!s) return makeError(s.error());
    if (Status s = checkTable(*table, ""); !s) return makeError(s.error());
    const std::uint64_t blocks = launch.grid.count();
    for (std::size_t r = 0; r < table->rows(); ++r) {
        auto bad = [&](const std::string& what) {
            return makeError("table 'pipeline', row " + std::to_string(r) + ": " + what);
        };
        PipelineStep s;
        s.block = (*ids[0])[r];
        s.step = (*ids[1])[r];
        s.tileRow = (*ids[2])[r];
        s.tileCol = (*ids[3])[r];
        s.phase = (*ids[4])[r];
        s.stage = (*ids[5])[r];
        s.producerWait = (*producerWait)[r];
        s.issued = (*issued)[r];
        if (s.block >= blocks)
            return bad("block " + std::to_string(s.block) + " is not below the grid size " +
                       std::to_string(blocks));
        if (s.stage >= stages)
            return bad("stage " + std::to_string(s.stage) + " is not below the ring's " +
                       std::to_string(stages));
        if (s.issued < s.producerWait) return bad("the loads were issued before the wait began");
        for (int c = 0; c < kPipelineConsumerLanes; ++c) {
            s.wait[c] = (*wait[c])[r];
            s.ready[c] = (*ready[c])[r];
            s.released[c] = (*released[c])[r];
            const std::string who = "consumer " + std::to_string(c);
            if (s.ready[c] < s.wait[c] || s.released[c] < s.ready[c])
                return bad(who + "'s wait, ready and release are out of order");
            if (s.ready[c] < s.issued)
                return bad(who + " was let through before the stage's loads were issued");
        }
        out.push_back(s);
    }
    return out;
}

std::vector<PipelineStep> pipelineOfBlock(const std::vector<PipelineStep>& steps,
                                          std::uint32_t block) {
    std::vector<PipelineStep> out;
    for (const auto& s : steps)
        if (s.block == block) out.push_back(s);
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.step < b.step; });
    return out;
}

const char* stageStateName(StageState s) {
    switch (s) {
        case StageState::Free:
            return "free";
        case StageState::Loading:
            return "loading";
        case StageState::Ready:
            return "ready";
        case StageState::Consumed:
            return "consumed";
    }
    return "";
}

StageState stageStateAt(const std::vector<PipelineStep>& blockSteps, std::uint32_t stage,
                        std::int64_t at) {
    const PipelineStep* last = nullptr;
    for (const auto& s : blockSteps)
        if (s.stage == stage && s.issued <= at) last = &s;
    if (!last) return StageState::Free;
    const std::int64_t firstReady = std::min(last->ready[0], last->ready[1]);
    const std::int64_t allReleased = std::max(last->released[0], last->released[1]);
    if (at < firstReady) return StageState::Loading;
    if (at < allReleased) return StageState::Ready;
    return StageState::Consumed;
}

PipelineWaits pipelineWaits(const std::vector<PipelineStep>& blockSteps) {
    PipelineWaits w;
    if (blockSteps.empty()) return w;
    std::int64_t first = blockSteps.front().producerWait, last = first;
    for (const auto& s : blockSteps) {
        w.producerWaiting += s.issued - s.producerWait;
        first = std::min(first, s.producerWait);
        for (int c = 0; c < kPipelineConsumerLanes; ++c) {
            w.consumerWaiting += s.ready[c] - s.wait[c];
            w.consumerBusy += s.released[c] - s.ready[c];
            first = std::min(first, s.wait[c]);
            last = std::max(last, s.released[c]);
        }
        ++w.steps;
    }
    w.span = last - first;
    return w;
}

std::vector<std::pair<std::string, double>> pipelineFigures(
    const std::vector<PipelineStep>& steps) {
    std::vector<std::uint32_t> blocks;
    for (const auto& s : steps)
        if (std::find(blocks.begin(), blocks.end(), s.block) == blocks.end())
            blocks.push_back(s.block);
    double consumerWaiting = 0, producerWaiting = 0, span = 0, count = 0;
    for (std::uint32_t b : blocks) {
        const PipelineWaits w = pipelineWaits(pipelineOfBlock(steps, b));
        consumerWaiting += double(w.consumerWaiting);
        producerWaiting += double(w.producerWaiting);
        span += double(w.span);
        count += w.steps;
    }
    if (span <= 0) return {};
    return {{"consumerWaitFraction", consumerWaiting / (kPipelineConsumerLanes * span)},
            {"producerWaitFraction", producerWaiting / span},
            {"pipelineSteps", count}};
}

}  // namespace ws
