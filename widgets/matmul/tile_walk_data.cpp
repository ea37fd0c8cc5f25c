#include "widgets/matmul/tile_walk_data.h"

#include <algorithm>
#include <set>

namespace ws {

int TileWalkBlock::phaseAt(double t) const {
    int current = -1;
    for (std::size_t i = 0; i < phases.size(); ++i)
        if (phases[i].startNs <= t) current = int(i);
    return current;
}

TileWalkData TileWalkData::build(const PreparedRun* prepared) {
    TileWalkData d;
    d.m_prepared = prepared;
    if (!prepared || !prepared->run) {
        d.m_problem = "no run";
        return d;
    }
    const Run& run = *prepared->run;
    auto shape = matmulRunShape(run);
    if (!shape) {
        d.m_problem = shape.error();
        return d;
    }
    d.m_shape = *shape;
    // A run the model built carries phases too, but nothing was measured.
    d.m_measured = run.tool.find("model") == std::string::npos;
    if (shape->tiling && !run.launches.empty()) {
        d.m_launch = 0;
        auto phases = readMatmulPhases(*shape, run.launches[0]);
        if (phases) {
            d.m_phases = std::move(*phases);
        } else {
            d.m_problem = phases.error();  // the model stands in
        }
        std::set<std::uint32_t> traced;
        for (const auto& p : d.m_phases) traced.insert(p.block);
        d.m_traced.assign(traced.begin(), traced.end());
    }
    if (const RecordTable* m = findTable(run.tables, "mismatches")) {
        const auto* row = m->get<std::uint32_t>("row");
        const auto* col = m->get<std::uint32_t>("col");
        const auto* expected = m->get<double>("expected");
        const auto* actual = m->get<float>("actual");
        if (row && col && expected && actual)
            for (std::size_t i = 0; i < m->rows(); ++i)
                if ((*row)[i] < shape->n && (*col)[i] < shape->n)
                    d.m_mismatches.push_back({(*row)[i], (*col)[i], (*expected)[i], (*actual)[i]});
    }
    if (const auto w = run.figures.find("wrongEntries"); w != run.figures.end())
        d.m_wrong = std::uint64_t(std::max(0.0, w->second));
    return d;
}

bool TileWalkData::showsCorrection() const {
    return valid() && m_shape->variant == MatmulVariant::SeedTiledBug;
}

TileWalkBlock TileWalkData::walk(std::uint32_t block) const {
    TileWalkBlock w;
    w.block = block;
    if (!valid() || !m_shape->tiling) return w;
    const MatmulTiling& t = *m_shape->tiling;
    const std::uint32_t n = m_shape->n;
    w.c = blockTileOfC(t, n, block);
    const BlockRef ref = m_prepared->refOfBlock(m_launch, block);
    if (ref.valid()) {
        w.startNs = m_prepared->startOf(ref);
        w.endNs = m_prepared->endOf(ref);
    }
    if (t.tileK == 0) return w;  // no tiles: the view draws the panels only
    const bool buggy = m_shape->variant == MatmulVariant::SeedTiledBug;
    for (const MatmulPhase& p : m_phases)
        if (p.block == block)
            w.phases.push_back(
                {p.phase, {p.a, p.b}, ref.valid() ? clockToNs(*m_prepared, ref, p.clock) : 0});
    if (!w.phases.empty()) {
        w.measured = m_measured;
        std::sort(w.phases.begin(), w.phases.end(),
                  [](const auto& a, const auto& b) { return a.phase < b.phase; });
        return w;
    }
    const std::uint32_t count = phaseCount(t, n);
    for (std::uint32_t p = 0; p < count; ++p)
        w.phases.push_back({p, phaseTiles(t, n, block, p, buggy),
                            w.startNs + (w.endNs - w.startNs) * double(p) / double(count)});
    return w;
}

}  // namespace ws
