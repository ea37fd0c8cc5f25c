#include "widgets/reduction/tree_text.h"

#include <QObject>
#include <set>

#include "core/common/reduction_values.h"

namespace ws {

namespace {
bool isShuffle(TreeShape s) {
    return s == TreeShape::WarpShuffleUp || s == TreeShape::WarpShuffleDown;
}
bool isWarpShape(TreeShape s) {
    return s == TreeShape::WarpComm || s == TreeShape::WarpCommCompact ||
           s == TreeShape::WarpNoncomm || s == TreeShape::WarpNoncommPadded || isShuffle(s);
}
QString v(const PassValues& p, std::uint32_t level, std::uint32_t slot) {
    return QString::fromStdString(valueText(p.value(level, slot), p.components));
}
}  // namespace

QString shapeTitle(TreeShape shape) {
    switch (shape) {
        case TreeShape::Sequential:
            return QObject::tr("sequential addressing");
        case TreeShape::InterleavedDivergent:
            return QObject::tr("interleaved addressing, divergent branch");
        case TreeShape::InterleavedStrided:
            return QObject::tr("interleaved addressing, strided index");
        case TreeShape::SequentialUnrolledWarp:
            return QObject::tr("sequential addressing, last warp unrolled");
        case TreeShape::WarpComm:
            return QObject::tr("warp tree in volatile shared memory (idx < k)");
        case TreeShape::WarpCommCompact:
            return QObject::tr("warp tree in volatile shared memory (lanes < 16)");
        case TreeShape::WarpNoncomm:
            return QObject::tr("warp tree in volatile shared memory, in order");
        case TreeShape::WarpNoncommPadded:
            return QObject::tr("warp tree in shared memory padded with the identity");
        case TreeShape::WarpShuffleUp:
            return QObject::tr("warp shuffles __shfl_down_sync, k = 1 .. 16");
        case TreeShape::WarpShuffleDown:
            return QObject::tr("warp shuffles __shfl_down_sync, k = 16 .. 1");
    }
    return {};
}

QString shortLevelName(const PassValues& p, std::uint32_t level) {
    if (level == 0) return QObject::tr("load");
    const std::uint32_t s = p.plan[level - 1].stride;
    return isWarpShape(p.shape) ? QObject::tr("k = %1").arg(s) : QObject::tr("s = %1").arg(s);
}

QString levelName(const PassValues& p, std::uint32_t level) {
    if (level == 0) return QObject::tr("step 0 (load)");
    return QObject::tr("step %1 (%2)").arg(level).arg(shortLevelName(p, level));
}

QString treeStepText(const PassValues& p, std::uint32_t level, std::uint32_t lastStep) {
    if (lastStep == 0) lastStep = p.firstStep + std::uint32_t(p.plan.size());
    if (level == 0)
        return p.merge ? QObject::tr(
                             "Step %1, the load: thread t brings its share of the partial "
                             "results into slot t.")
                             .arg(p.firstStep)
                       : QObject::tr(
                             "Step %1, the load: thread t puts the sum of its share of the "
                             "input into slot t.")
                             .arg(p.firstStep);
    const PlanStep& step = p.plan[level - 1];
    std::set<std::uint32_t> warps;
    for (const Combine& c : step.combines) warps.insert(c.thread / kWarpSize);
    int divergent = 0;
    for (std::uint32_t w : warps) divergent += activeMask(step, w) != 0xFFFFFFFFu;
    const std::uint32_t s = step.stride;
    const QString who = QObject::tr("%1 thread%5 in %2 warp%4 (%3 divergent)")
                            .arg(step.combines.size())
                            .arg(warps.size())
                            .arg(divergent)
                            .arg(warps.size() == 1 ? QString() : QStringLiteral("s"))
                            .arg(step.combines.size() == 1 ? QString() : QStringLiteral("s"));
    QString rule;
    switch (p.shape) {
        case TreeShape::Sequential:
            rule = QObject::tr("t < %1: slot[t] ⊕= slot[t + %1]").arg(s);
            break;
        case TreeShape::InterleavedDivergent:
            rule = QObject::tr("t % %1 == 0: slot[t] ⊕= slot[t + %2]").arg(2 * s).arg(s);
            break;
        case TreeShape::InterleavedStrided:
            rule = QObject::tr("thread t: slot[%1·t] ⊕= slot[%1·t + %2]").arg(2 * s).arg(s);
            break;
        case TreeShape::SequentialUnrolledWarp:
            rule = step.barrier ? QObject::tr("t < %1: slot[t] ⊕= slot[t + %1]").arg(s)
                                : QObject::tr(
                                      "warp 0 alone, no __syncthreads: all 32 lanes add "
                                      "slot[t + %1]")
                                      .arg(s);
            break;
        case TreeShape::WarpComm:
            rule = QObject::tr("lane < %1: v[lane] ⊕= v[lane + %1]").arg(s);
            break;
        case TreeShape::WarpCommCompact:
            rule = QObject::tr("lane < 16: v[lane] ⊕= v[lane + %1]").arg(s);
            break;
        case TreeShape::WarpNoncomm:
            rule = QObject::tr("lane % %1 == 0: v[lane] ⊕= v[lane + %2]").arg(2 * s).arg(s);
            break;
        case TreeShape::WarpNoncommPadded:
            rule = QObject::tr("every lane: v[lane] ⊕= v[lane + %1] (past 31: identity)").arg(s);
            break;
        case TreeShape::WarpShuffleUp:
        case TreeShape::WarpShuffleDown:
            rule =
                QObject::tr("__shfl_down_sync(v, %1): lane l takes lane l + %1's register").arg(s);
            break;
    }
    return QObject::tr("Step %1 of %2: %3 — %4.")
        .arg(p.firstStep + level)
        .arg(lastStep)
        .arg(rule, who);
}

QString pairText(const PassValues& p, std::uint32_t level, std::uint32_t slot, bool withWork) {
    if (level == 0 || level > p.plan.size()) return {};
    const Combine* c = nullptr;
    for (const Combine& x : p.plan[level - 1].combines)
        if (x.dst == slot) c = &x;
    if (!c) return {};
    const bool identity = c->srcIsPadding || c->src >= p.threads;
    const TreeValue left = p.value(level - 1, slot);
    const TreeValue right = identity ? TreeValue{{1, 0}} : p.value(level - 1, c->src);
    const QString l = v(p, level - 1, slot);
    const QString r =
        identity ? QString::fromStdString(valueText(right, p.components)) : v(p, level - 1, c->src);
    const QString res = v(p, level, slot);
    const QString src = identity ? QObject::tr("identity") : QObject::tr("slot %1").arg(c->src);
    if (p.components < 2)
        return QObject::tr("t%1: slot %2 + %3 = %4 + %5 = %6")
            .arg(c->thread)
            .arg(slot)
            .arg(src, l, r, res);
    const Affine f = toAffine(left), g = toAffine(right);
    const Affine lr = combine(f, g, p.affine);
    const Affine rl = combine(g, f, p.affine);
    const QString swapped = QString::fromStdString(valueText(toTreeValue(rl), 2));
    // Modulo 97 the numbers are small enough to work by hand: f then g is
    // x -> g.a*(f.a*x + f.b) + g.b, so the caption spells out both products.
    const QString work =
        p.affine == AffineScheme::Mod97 && withWork
            ? QObject::tr("(%1·%2, %1·%3 + %4) mod 97 = ").arg(g.a).arg(f.a).arg(f.b).arg(g.b)
            : QString();
    return QObject::tr(
               "t%1: combine(slot %2 = %3, %4 = %5) = %6%7\nswapped: combine(right, left) = "
               "%8 %9")
        .arg(c->thread)
        .arg(slot)
        .arg(l, src, r, work, res, swapped)
        .arg(lr == rl ? QObject::tr("(the same here)")
                      : QObject::tr("≠ %1: order matters").arg(res));
}

std::vector<CaptionPiece> passTitlePieces(const PreparedRun& prepared, const TreeScene& scene,
                                          const PassValues& p, bool brief) {
    const Run& run = *prepared.run;
    const int launches = int(run.launches.size());
    std::vector<CaptionPiece> pieces;
    if (p.merge && run.experiment != "reduce-warp" && run.experiment != "reduce-ladder") {
        const Launch* l = prepared.launch(scene.ref.launch);
        const auto partials = l ? l->grid.count() : 0;
        if (brief) {
            pieces.push_back(
                {QObject::tr("Block %1 merges %2").arg(p.block).arg(partials), kCaptionValue});
        } else {
            pieces.push_back(
                {QObject::tr("Merge of %1 block partials").arg(partials), kCaptionValue});
            pieces.push_back({QObject::tr(" by block %1").arg(p.block), kCaptionValue});
            pieces.push_back({QObject::tr(" (the last to arrive)"), 2});
        }
    } else if (p.merge) {
        pieces.push_back({QObject::tr("Block %1").arg(p.block), kCaptionValue});
        pieces.push_back({QObject::tr(", first warp over the warp results"), 2});
    } else {
        pieces.push_back({QObject::tr("Block %1").arg(scene.blockId), kCaptionValue});
        if (launches > 1)
            pieces.push_back(
                {QObject::tr(", launch %1 of %2").arg(scene.ref.launch + 1).arg(launches), 3});
    }
    pieces.push_back({QStringLiteral(" · ") + shapeTitle(p.shape), 1});
    pieces.push_back({QObject::tr(" · %1 threads").arg(p.threads), 0});
    pieces.push_back(
        {QObject::tr(" · result %1").arg(QString::fromStdString(valueText(p.root(), p.components))),
         kCaptionValue});
    return pieces;
}

QString passTitle(const PreparedRun& prepared, const TreeScene& scene, const PassValues& p) {
    QString title;
    for (const CaptionPiece& piece : passTitlePieces(prepared, scene, p)) title += piece.text;
    return title;
}

}  // namespace ws
