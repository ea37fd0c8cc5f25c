#include "core/matmul/matmul_records.h"

#include <algorithm>
#include <cmath>

#include "core/catalog/catalog.h"
#include "core/matmul/matmul_settings.h"
#include "core/run/launch_label.h"

namespace ws {

namespace {

Result<std::uint32_t> figure(const Run& run, const char* name, std::uint32_t most) {
    const auto it = run.figures.find(name);
    if (it == run.figures.end()) return makeError(std::string("figure ") + name + " is missing");
    const double v = it->second;
    if (!(v >= 1 && v <= most) || v != std::floor(v))
        return makeError(std::string("figure ") + name + " = " + std::to_string(v) +
                         " is not an integer in [1, " + std::to_string(most) + "]");
    return std::uint32_t(v);
}

// The tiling the run stored, when it stored one.
Result<std::optional<MatmulTiling>> storedTiling(const Run& run, const MatmulTiling& catalog) {
    if (!run.figures.count("tileM")) return std::optional<MatmulTiling>{};
    MatmulTiling t = catalog;
    for (auto [name, field, most] : {std::tuple{"tileM", &t.tileM, 4096u},
                                     {"tileN", &t.tileN, 4096u},
                                     {"threadM", &t.threadM, 64u},
                                     {"threadN", &t.threadN, 64u}}) {
        auto v = figure(run, name, most);
        if (!v) return makeError(v.error());
        *field = *v;
    }
    if (const auto k = run.figures.find("tileK"); k != run.figures.end())
        t.tileK = std::uint32_t(std::clamp(k->second, 0.0, 4096.0));
    if (t.warptile) {
        WarptileConfig c = *t.warptile;
        c.bm = int(t.tileM);
        c.bn = int(t.tileN);
        c.bk = int(t.tileK);
        c.tm = int(t.threadM);
        c.tn = int(t.threadN);
        for (auto [name, field] :
             {std::pair{"warpM", &c.wm}, {"warpN", &c.wn}, {"stages", &c.stages}}) {
            auto v = figure(run, name, 4096);
            if (!v) return makeError(v.error());
            *field = int(*v);
        }
        if (!c.valid())
            return makeError("the stored warp-tile configuration " + warptileConfigText(c) +
                             " is not one a kernel can run");
        t = warptileTiling(c);
    }
    return std::optional<MatmulTiling>{t};
}

}  // namespace

void storeMatmulTiling(Run& run, const MatmulTiling& t) {
    run.figures["tileM"] = t.tileM;
    run.figures["tileN"] = t.tileN;
    run.figures["tileK"] = t.tileK;
    run.figures["threads"] = double(t.block.count());
    run.figures["threadM"] = t.threadM;
    run.figures["threadN"] = t.threadN;
    if (t.warptile) {
        run.figures["warpM"] = t.warptile->wm;
        run.figures["warpN"] = t.warptile->wn;
        run.figures["stages"] = t.warptile->stages;
    }
}

void PhaseColumns::push(std::uint32_t b, std::uint32_t p, std::uint32_t ar, std::uint32_t ac,
                        std::uint32_t br, std::uint32_t bc, std::int64_t c) {
    block.push_back(b);
    phase.push_back(p);
    aRow.push_back(ar);
    aCol.push_back(ac);
    bRow.push_back(br);
    bCol.push_back(bc);
    clock.push_back(c);
}

void PhaseColumns::storeInto(std::vector<RecordTable>& tables) {
    // Filled after they are all added: adding a column moves the others.
    RecordTable& t = addTable(tables, "phases");
    t.add<std::uint32_t>("block") = std::move(block);
    t.add<std::uint32_t>("phase") = std::move(phase);
    t.add<std::uint32_t>("aRow") = std::move(aRow);
    t.add<std::uint32_t>("aCol") = std::move(aCol);
    t.add<std::uint32_t>("bRow") = std::move(bRow);
    t.add<std::uint32_t>("bCol") = std::move(bCol);
    t.add<std::int64_t>("clock") = std::move(clock);
}

Result<MatmulRunShape> matmulRunShape(const Run& run) {
    if (run.experiment != "matmul") return makeError("not a matmul run: " + run.experiment);
    auto settings = matmulSettings(run.params);
    if (!settings) return makeError("matmul run: " + settings.error());
    MatmulRunShape s;
    s.variant = settings->variant;
    s.n = settings->n;
    s.blockDim = settings->blockDim;
    s.tiling = matmulTiling(s.variant, s.blockDim);
    if (s.tiling) {
        auto stored = storedTiling(run, *s.tiling);
        if (!stored) return makeError("matmul run: " + stored.error());
        if (*stored) s.tiling = **stored;
    }
    return s;
}

Result<std::vector<MatmulPhase>> readMatmulPhases(const MatmulRunShape& shape,
                                                  const Launch& launch) {
    std::vector<MatmulPhase> out;
    const RecordTable* table = findTable(launch.tables, "phases");
    if (!table) return out;
    if (!shape.tiling || shape.tiling->tileK == 0)
        return makeError("table 'phases': variant " +
                         std::string(matmulVariantInfo(shape.variant).id) + " has no k-phases");
    const MatmulTiling& t = *shape.tiling;
    const std::vector<std::uint32_t>* cols[6];
    const char* names[6] = {"block", "phase", "aRow", "aCol", "bRow", "bCol"};
    for (int i = 0; i < 6; ++i) {
        auto c = requireColumn<std::uint32_t>(*table, names[i]);
        if (!c) return makeError(c.error());
        cols[i] = *c;
    }
    auto clock = requireColumn<std::int64_t>(*table, "clock");
    if (!clock) return makeError(clock.error());
    if (Status s = checkTable(*table, ""); !s) return makeError(s.error());
    const std::uint64_t blocks = launch.grid.count();
    const std::uint32_t phases = phaseCount(t, shape.n);
    for (std::size_t r = 0; r < table->rows(); ++r) {
        auto bad = [&](const std::string& what) {
            return makeError("table 'phases', row " + std::to_string(r) + ": " + what);
        };
        MatmulPhase p;
        p.block = (*cols[0])[r];
        p.phase = (*cols[1])[r];
        if (p.block >= blocks)
            return bad("block " + std::to_string(p.block) + " is not below the grid size " +
                       std::to_string(blocks));
        if (p.phase >= phases)
            return bad("phase " + std::to_string(p.phase) + " is not below the " +
                       std::to_string(phases) + " phases of n = " + std::to_string(shape.n));
        const std::uint32_t aRow = (*cols[2])[r], aCol = (*cols[3])[r];
        const std::uint32_t bRow = (*cols[4])[r], bCol = (*cols[5])[r];
        if (aRow >= shape.n || aCol >= shape.n || bRow >= shape.n || bCol >= shape.n)
            return bad("a tile starts outside the " + std::to_string(shape.n) + " x " +
                       std::to_string(shape.n) + " matrices");
        p.a = {aRow, aCol, std::min(t.tileM, shape.n - aRow), std::min(t.tileK, shape.n - aCol)};
        p.b = {bRow, bCol, std::min(t.tileK, shape.n - bRow), std::min(t.tileN, shape.n - bCol)};
        p.clock = (**clock)[r];
        out.push_back(p);
    }
    std::vector<const MatmulPhase*> order;
    for (const auto& p : out) order.push_back(&p);
    std::stable_sort(order.begin(), order.end(), [](auto* x, auto* y) {
        return x->block != y->block ? x->block < y->block : x->phase < y->phase;
    });
    for (std::size_t i = 1; i < order.size(); ++i)
        if (order[i]->block == order[i - 1]->block && order[i]->clock < order[i - 1]->clock)
            return makeError("table 'phases': block " + std::to_string(order[i]->block) +
                             " phase " + std::to_string(order[i]->phase) + " began before phase " +
                             std::to_string(order[i - 1]->phase));
    return out;
}

Status validateMatmulRun(const Run& run) {
    auto shape = matmulRunShape(run);
    if (!shape) return makeError(shape.error());
    for (std::size_t i = 0; i < run.launches.size(); ++i) {
        auto phases = readMatmulPhases(*shape, run.launches[i]);
        if (!phases) return makeError(launchLabel(i) + ": " + phases.error());
    }
    if (const RecordTable* m = findTable(run.tables, "mismatches")) {
        auto row = requireColumn<std::uint32_t>(*m, "row");
        auto col = requireColumn<std::uint32_t>(*m, "col");
        if (!row) return makeError(row.error());
        if (!col) return makeError(col.error());
        if (auto e = requireColumn<double>(*m, "expected"); !e) return makeError(e.error());
        if (auto a = requireColumn<float>(*m, "actual"); !a) return makeError(a.error());
        if (Status s = checkTable(*m, ""); !s) return s;
        for (std::size_t r = 0; r < m->rows(); ++r)
            if ((**row)[r] >= shape->n || (**col)[r] >= shape->n)
                return makeError("table 'mismatches', row " + std::to_string(r) + ": C[" +
                                 std::to_string((**row)[r]) + "][" + std::to_string((**col)[r]) +
                                 "] is outside the " + std::to_string(shape->n) + " x " +
                                 std::to_string(shape->n) + " result");
    }
    return {};
}

std::vector<const MatmulPhase*> phasesOfBlock(const std::vector<MatmulPhase>& phases,
                                              std::uint32_t block) {
    std::vector<const MatmulPhase*> out;
    for (const auto& p : phases)
        if (p.block == block) out.push_back(&p);
    std::sort(out.begin(), out.end(), [](auto* x, auto* y) { return x->phase < y->phase; });
    return out;
}

}  // namespace ws
