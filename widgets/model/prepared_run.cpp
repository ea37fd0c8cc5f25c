#include "widgets/model/prepared_run.h"

#include <algorithm>
#include <limits>

#include "core/common/time_offset.h"

namespace ws {

namespace {
constexpr std::size_t kMaxEventSteps = 4096;
constexpr std::size_t kUniformSteps = 1000;
}  // namespace

const Launch* PreparedRun::launch(int index) const {
    if (!run || index < 0 || std::size_t(index) >= run->launches.size()) return nullptr;
    return &run->launches[index];
}

BlockRef PreparedRun::refOfBlock(int li, std::uint32_t linearBlock) const {
    if (li < 0 || std::size_t(li) >= launches.size()) return {};
    const auto& map = launches[li].recordOfBlock;
    if (linearBlock >= map.size() || map[linearBlock] < 0) return {};
    return {li, map[linearBlock]};
}

double PreparedRun::startOf(const BlockRef& ref) const {
    const Launch* l = launch(ref.launch);
    if (!l || std::size_t(ref.record) >= l->blocks.size()) return 0;
    return nsAfter(l->blocks.startNs[ref.record], origin);
}

double PreparedRun::endOf(const BlockRef& ref) const {
    const Launch* l = launch(ref.launch);
    if (!l || std::size_t(ref.record) >= l->blocks.size()) return 0;
    // A damaged record may end before it starts; it is drawn with no length.
    return nsAfter(std::max(l->blocks.endNs[ref.record], l->blocks.startNs[ref.record]), origin);
}

BlockState PreparedRun::stateAt(const BlockRef& ref, double t) const {
    if (!ref.valid() || !launch(ref.launch)) return BlockState::NotRecorded;
    if (t < startOf(ref)) return BlockState::Waiting;
    if (t < endOf(ref)) return BlockState::Running;
    return BlockState::Done;
}

BlockState PreparedRun::stateOfBlock(int li, std::uint32_t linearBlock, double t) const {
    return stateAt(refOfBlock(li, linearBlock), t);
}

int PreparedRun::launchAt(double t) const {
    int best = launches.empty() ? -1 : 0;
    for (std::size_t i = 0; i < launches.size(); ++i)
        if (launches[i].start <= t) best = int(i);
    return best;
}

double clockToNs(const PreparedRun& prepared, const BlockRef& ref, std::int64_t clock) {
    const Launch* l = prepared.launch(ref.launch);
    if (!l || std::size_t(ref.record) >= l->blocks.size()) return 0;
    const auto& b = l->blocks;
    const double t0 = prepared.startOf(ref), t1 = prepared.endOf(ref);
    const double c0 = double(b.startClock[ref.record]);
    const double c1 = double(b.endClock[ref.record]);
    if (c1 <= c0 || t1 <= t0) return t0;
    return std::clamp(t0 + (double(clock) - c0) / (c1 - c0) * (t1 - t0), t0, t1);
}

std::shared_ptr<const PreparedRun> prepareRun(std::shared_ptr<const Run> run) {
    auto p = std::make_shared<PreparedRun>();
    p->run = run;
    std::uint64_t first = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t last = 0;
    for (const auto& l : run->launches)
        for (std::size_t i = 0; i < l.blocks.size(); ++i) {
            first = std::min(first, l.blocks.startNs[i]);
            last = std::max(last, std::max(l.blocks.endNs[i], l.blocks.startNs[i]));
        }
    // Copies before the first block and host calls around the launches belong
    // to the run's span too, once they are on the blocks' clock.
    if (run->clocks.measured) {
        auto widen = [&](const std::vector<std::uint64_t>& starts,
                         const std::vector<std::uint64_t>& ends) {
            for (std::size_t i = 0; i < starts.size() && i < ends.size(); ++i) {
                if (starts[i] == 0) continue;  // "not collected"
                first = std::min(first, starts[i]);
                last = std::max(last, std::max(starts[i], ends[i]));
            }
        };
        widen(run->operations.startNs, run->operations.endNs);
        // Host calls count only near the work: a launch call that returns
        // milliseconds after its grids ended (the host thread waited) would
        // otherwise stretch playback over time when nothing ran.
        if (first <= last) {
            const std::uint64_t work = last - first;
            const std::uint64_t from = first > work ? first - work : 0, to = last + work;
            std::vector<std::uint64_t> starts, ends;
            for (std::size_t i = 0;
                 i < run->hostCalls.startNs.size() && i < run->hostCalls.endNs.size(); ++i)
                if (run->hostCalls.startNs[i] >= from && run->hostCalls.endNs[i] <= to) {
                    starts.push_back(run->hostCalls.startNs[i]);
                    ends.push_back(run->hostCalls.endNs[i]);
                }
            widen(starts, ends);
        } else {
            widen(run->hostCalls.startNs, run->hostCalls.endNs);
        }
    }
    if (first > last) first = last = 0;
    p->origin = first;
    p->spanEnd = double(last - first);

    std::vector<double> events;
    for (std::size_t li = 0; li < run->launches.size(); ++li) {
        const auto& l = run->launches[li];
        LaunchIndex idx;
        idx.recordOfBlock.assign(std::size_t(std::min<std::uint64_t>(l.grid.count(), 1u << 30)),
                                 -1);
        double s = std::numeric_limits<double>::max(), e = 0;
        for (std::size_t i = 0; i < l.blocks.size(); ++i) {
            const std::uint32_t id = l.blocks.block[i];
            if (id >= idx.recordOfBlock.size()) idx.recordOfBlock.resize(id + 1, -1);
            idx.recordOfBlock[id] = std::int32_t(i);
            const double bs = nsAfter(l.blocks.startNs[i], first);
            const double be = nsAfter(std::max(l.blocks.endNs[i], l.blocks.startNs[i]), first);
            s = std::min(s, bs);
            e = std::max(e, be);
            if (events.size() <= 2 * kMaxEventSteps) {
                events.push_back(bs);
                events.push_back(be);
            }
        }
        idx.start = l.blocks.size() ? s : 0;
        idx.end = e;
        p->launches.push_back(std::move(idx));
    }
    p->lanes = TimelineLanes::build(*run, first);

    // Traced reduction steps are events too, so stepping walks through them.
    for (std::size_t li = 0; li < run->launches.size() && events.size() <= 2 * kMaxEventSteps;
         ++li) {
        const auto& st = run->launches[li].steps;
        for (std::size_t i = 0; i < st.size() && i < kMaxEventSteps; ++i) {
            const BlockRef ref = p->refOfBlock(int(li), st.block[i]);
            if (ref.valid() && i < st.clock.size())
                events.push_back(clockToNs(*p, ref, st.clock[i]));
        }
    }
    // So do the rows of a lab's tables that say when a block did something
    // (a u32 "block" and an i64 "clock" column: the matrix product's phases).
    for (std::size_t li = 0; li < run->launches.size() && events.size() <= 2 * kMaxEventSteps; ++li)
        for (const RecordTable& t : run->launches[li].tables) {
            const auto* block = t.get<std::uint32_t>("block");
            const auto* clock = t.get<std::int64_t>("clock");
            if (!block || !clock || block->size() != clock->size()) continue;
            for (std::size_t i = 0; i < block->size() && i < kMaxEventSteps; ++i) {
                const BlockRef ref = p->refOfBlock(int(li), (*block)[i]);
                if (ref.valid()) events.push_back(clockToNs(*p, ref, (*clock)[i]));
            }
        }
    events.push_back(0);
    events.push_back(p->spanEnd);
    std::sort(events.begin(), events.end());
    events.erase(std::unique(events.begin(), events.end()), events.end());
    if (events.size() > kMaxEventSteps) {
        events.clear();
        for (std::size_t k = 0; k <= kUniformSteps; ++k)
            events.push_back(p->spanEnd * double(k) / double(kUniformSteps));
    }
    p->steps = std::move(events);
    return p;
}

}  // namespace ws
