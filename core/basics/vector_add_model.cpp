#include "core/basics/vector_add_model.h"

#include <algorithm>

#include "core/basics/basics_settings.h"

namespace ws {

std::string launchText(const VectorAddShape& s) {
    std::string head =
        s.seedLaunch ? "<<<2, (" + std::to_string(s.n) + " + 1) / 2>>> = <<<2, " +
                           std::to_string(s.block) + ">>>"
                     : "<<<" + std::to_string(s.grid) + ", " + std::to_string(s.block) + ">>>";
    return head + ": " + std::to_string(s.threads()) + " threads for " + std::to_string(s.n) +
           (s.n == 1 ? " element" : " elements");
}

std::int32_t vectorAddA(std::uint64_t i) { return std::int32_t(i % 100000 + 1); }
std::int32_t vectorAddB(std::uint64_t i) { return 10 * vectorAddA(i); }

void fillVectorAddInputs(std::span<std::int32_t> a, std::span<std::int32_t> b) {
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = vectorAddA(i);
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = vectorAddB(i);
}

void addArrays(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
               std::span<std::int32_t> c) {
    const std::size_t n = std::min({a.size(), b.size(), c.size()});
    for (std::size_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
}

std::vector<std::uint32_t> vectorAddTracedBlocks(std::uint64_t grid, std::uint32_t count) {
    std::vector<std::uint32_t> ids;
    const std::uint64_t take = std::min<std::uint64_t>(count, grid);
    const std::uint64_t head = (take + 1) / 2;
    for (std::uint64_t b = 0; b < head; ++b) ids.push_back(std::uint32_t(b));
    for (std::uint64_t b = grid - (take - head); b < grid; ++b) ids.push_back(std::uint32_t(b));
    return ids;
}

RecordTable threadsTable(const std::vector<ThreadIndex>& rows) {
    RecordTable t{kThreadsTable, {}};
    t.columns.reserve(8);  // add() returns references into the columns
    auto& block = t.add<std::uint32_t>("block");
    auto& thread = t.add<std::uint32_t>("thread");
    auto& index = t.add<std::uint32_t>("index");
    auto& wrote = t.add<std::uint8_t>("wrote");
    auto& value = t.add<std::int32_t>("value");
    for (const ThreadIndex& r : rows) {
        block.push_back(r.block);
        thread.push_back(r.thread);
        index.push_back(r.index);
        wrote.push_back(r.wrote);
        value.push_back(r.value);
    }
    return t;
}

Result<std::vector<ThreadIndex>> readThreads(const Launch& launch) {
    const RecordTable* t = findTable(launch.tables, kThreadsTable);
    if (!t) return std::vector<ThreadIndex>{};
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    auto block = requireColumn<std::uint32_t>(*t, "block");
    if (!block) return makeError(block.error());
    auto thread = requireColumn<std::uint32_t>(*t, "thread");
    if (!thread) return makeError(thread.error());
    auto index = requireColumn<std::uint32_t>(*t, "index");
    if (!index) return makeError(index.error());
    auto wrote = requireColumn<std::uint8_t>(*t, "wrote");
    if (!wrote) return makeError(wrote.error());
    auto value = requireColumn<std::int32_t>(*t, "value");
    if (!value) return makeError(value.error());
    std::vector<ThreadIndex> rows(t->rows());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ThreadIndex& r = rows[i];
        r = {(**block)[i], (**thread)[i], (**index)[i], (**wrote)[i], (**value)[i]};
        const std::string at = "threads row " + std::to_string(i) + ": ";
        if (r.block >= launch.grid.x || r.thread >= launch.block.x)
            return makeError(at + "block " + std::to_string(r.block) + " thread " +
                             std::to_string(r.thread) + " is outside the launch <<<" +
                             std::to_string(launch.grid.x) + ", " + std::to_string(launch.block.x) +
                             ">>>");
        if (r.index != globalIndex(r.block, launch.block.x, r.thread))
            return makeError(at + "index " + std::to_string(r.index) + " is not blockIdx.x * " +
                             "blockDim.x + threadIdx.x = " +
                             std::to_string(globalIndex(r.block, launch.block.x, r.thread)));
        if (r.wrote > 1)
            return makeError(at + "wrote is " + std::to_string(r.wrote) + ", not 0 or 1");
    }
    return rows;
}

std::uint64_t guardElements(const VectorAddShape& shape) {
    // Every index a thread can compute lies below threads(); 32 more elements
    // on each side, rounded to whole 128-byte lines, keep the guards aligned.
    const std::uint64_t need = shape.extraThreads() + 32;
    return (need + 31) / 32 * 32;
}

GuardReport scanGuards(std::span<const std::int32_t> cWithGuards, std::uint64_t guard,
                       std::uint64_t n, std::uint64_t blockDim) {
    GuardReport r;
    for (std::uint64_t i = 0; i < guard && i < cWithGuards.size(); ++i)
        if (cWithGuards[i] != kCanary) ++r.before;
    for (std::uint64_t k = 0; k < guard; ++k) {
        const std::uint64_t at = guard + n + k;
        if (at >= cWithGuards.size()) break;
        if (cWithGuards[at] == kCanary) continue;
        const std::uint64_t index = n + k;
        r.overruns.push_back({index, std::uint32_t(index / std::max<std::uint64_t>(1, blockDim)),
                              std::uint32_t(index % std::max<std::uint64_t>(1, blockDim)),
                              cWithGuards[at]});
    }
    return r;
}

RecordTable overrunsTable(const std::vector<Overrun>& overruns) {
    RecordTable t{kOverrunsTable, {}};
    t.columns.reserve(8);  // add() returns references into the columns
    auto& index = t.add<std::uint64_t>("index");
    auto& block = t.add<std::uint32_t>("block");
    auto& thread = t.add<std::uint32_t>("thread");
    auto& value = t.add<std::int32_t>("value");
    for (const Overrun& o : overruns) {
        index.push_back(o.index);
        block.push_back(o.block);
        thread.push_back(o.thread);
        value.push_back(o.value);
    }
    return t;
}

Result<std::vector<Overrun>> readOverruns(const Run& run) {
    const RecordTable* t = findTable(run.tables, kOverrunsTable);
    if (!t) return std::vector<Overrun>{};
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());
    auto index = requireColumn<std::uint64_t>(*t, "index");
    if (!index) return makeError(index.error());
    auto block = requireColumn<std::uint32_t>(*t, "block");
    if (!block) return makeError(block.error());
    auto thread = requireColumn<std::uint32_t>(*t, "thread");
    if (!thread) return makeError(thread.error());
    auto value = requireColumn<std::int32_t>(*t, "value");
    if (!value) return makeError(value.error());
    const auto settings = basicsSettingsOf(run);
    if (!settings) return makeError("the run's parameters are not a vector add's");
    const std::uint64_t n = settings->vectorAdd.shape.n;
    const std::uint64_t blockDim = run.launches.empty() ? 0 : run.launches.front().block.x;
    std::vector<Overrun> out(t->rows());
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i] = {(**index)[i], (**block)[i], (**thread)[i], (**value)[i]};
        const std::string at = "overruns row " + std::to_string(i) + ": ";
        if (out[i].index < n)
            return makeError(at + "index " + std::to_string(out[i].index) +
                             " is inside the array (n = " + std::to_string(n) + ")");
        if (blockDim > 0 && out[i].index != globalIndex(out[i].block, blockDim, out[i].thread))
            return makeError(at + "block " + std::to_string(out[i].block) + " thread " +
                             std::to_string(out[i].thread) + " computes index " +
                             std::to_string(globalIndex(out[i].block, blockDim, out[i].thread)) +
                             ", not " + std::to_string(out[i].index));
    }
    return out;
}

Verification verifyVectorAdd(std::span<const std::int32_t> gpu, const GuardReport& guards,
                             const VectorAddShape& shape) {
    Verification v;
    v.checked = true;
    std::uint64_t wrong = 0, first = shape.n;
    for (std::uint64_t i = 0; i < shape.n && i < gpu.size(); ++i)
        if (gpu[i] != vectorAddA(i) + vectorAddB(i)) {
            if (wrong++ == 0) first = i;
        }
    if (gpu.size() < shape.n) wrong += shape.n - gpu.size();
    auto element = [&](std::uint64_t i) {
        return "c[" + std::to_string(i) + "] = " + std::to_string(vectorAddA(i) + vectorAddB(i));
    };
    v.expected = element(0) + (shape.n > 1 ? " ... " + element(shape.n - 1) : "");
    v.actual = wrong == 0
                   ? "all " + std::to_string(shape.n) + " elements equal"
                   : std::to_string(wrong) + " elements differ, first c[" + std::to_string(first) +
                         "] = " + (first < gpu.size() ? std::to_string(gpu[first]) : "missing");
    v.absError = double(wrong + guards.overruns.size() + guards.before);
    v.passed = wrong == 0 && guards.clean();
    std::string note = "int32 sums compared exactly";
    if (!guards.overruns.empty()) {
        const Overrun& o = guards.overruns.front();
        note = std::to_string(guards.overruns.size()) +
               (guards.overruns.size() == 1 ? " thread wrote" : " threads wrote") +
               " past the end of c: block " + std::to_string(o.block) + " thread " +
               std::to_string(o.thread) + " wrote c[" + std::to_string(o.index) +
               "] = " + std::to_string(o.value) +
               " (a and b read from beyond their ends too). Without the bounds check that is "
               "another allocation's memory; here it landed in a guard zone";
        v.actual += "; " + std::to_string(guards.overruns.size()) + " writes past the end";
    } else if (guards.before > 0) {
        note = std::to_string(guards.before) + " elements before c were overwritten";
    } else if (!guards.inputsIntact) {
        note = "the guards around a or b were overwritten";
    }
    v.note = note;
    return v;
}

}  // namespace ws
