#pragma once
// The words of the reduction tree view: what each step of each tree shape
// does, and the arithmetic of one combine (with both operand orders for a
// non-commutative operator), so a student can read the picture aloud.
#include <QString>
#include <vector>

#include "core/reduction/reduction_tree_values.h"
#include "widgets/model/prepared_run.h"
#include "widgets/reduction/tree_scene.h"
#include "widgets/view/caption_fit.h"

namespace ws {

QString shapeTitle(TreeShape shape);                               // "sequential addressing"
QString shortLevelName(const PassValues& p, std::uint32_t level);  // "load", "s = 64", "k = 4"
QString levelName(const PassValues& p, std::uint32_t level);       // "step 3 (s = 32)"
// Levels are named by the kernel's step records, as the warp view names
// them: a second pass's first level is "Step L + 2 of <lastStep>".
// `lastStep` is the kernel's last step (0: this pass's own last).
QString treeStepText(const PassValues& p, std::uint32_t level, std::uint32_t lastStep = 0);
// "t17: slot 17 + slot 49 = 12 + 30 = 42"; for affine maps both orders, and
// modulo 97 the products that give the result: "(4·3, 4·5 + 1) mod 97 = (12, 21)".
// Without `withWork` the products are left out, so that a narrow view keeps
// the result at the end of the line.
QString pairText(const PassValues& p, std::uint32_t level, std::uint32_t slot,
                 bool withWork = true);
// "Block 0 · sequential addressing · 256 threads · result 4522", as pieces
// that give way in a narrow view, the block and the result last (the
// result was the first thing an elided title lost).
std::vector<CaptionPiece> passTitlePieces(const PreparedRun& prepared, const TreeScene& scene,
                                          const PassValues& p, bool brief = false);
QString passTitle(const PreparedRun& prepared, const TreeScene& scene, const PassValues& p);

}  // namespace ws
