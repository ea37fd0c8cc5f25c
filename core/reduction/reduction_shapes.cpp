#include "core/reduction/reduction_shapes.h"

namespace ws {

std::uint32_t elementBytes(ElementKind kind) { return kind == ElementKind::Affine ? 8 : 4; }

std::uint32_t elementComponents(ElementKind kind) { return kind == ElementKind::Affine ? 2 : 1; }

std::string elementName(ElementKind kind) {
    switch (kind) {
        case ElementKind::Int32:
            return "int32";
        case ElementKind::Float:
            return "float";
        case ElementKind::Affine:
            return "affine";
    }
    return "?";
}

std::string affineSchemeName(AffineScheme scheme) {
    return scheme == AffineScheme::Mod97 ? "affine-mod-97" : "affine-wrap-2^32";
}

Result<AffineScheme> affineScheme(const Run& run) {
    const auto it = run.texts.find(kInputSchemeKey);
    if (it == run.texts.end()) return AffineScheme::Wrap32;
    for (AffineScheme s : {AffineScheme::Mod97, AffineScheme::Wrap32})
        if (it->second == affineSchemeName(s)) return s;
    return makeError("the trace's inputs are '" + it->second + "', which this build of warpscope " +
                     "does not know (it knows affine-mod-97 and affine-wrap-2^32)");
}

namespace {

TreeShape warpShape(ReductionVariant variant) {
    switch (variant) {
        case ReductionVariant::Comm:
            return TreeShape::WarpComm;
        case ReductionVariant::CommCompact:
            return TreeShape::WarpCommCompact;
        case ReductionVariant::Noncomm:
            return TreeShape::WarpNoncomm;
        case ReductionVariant::NoncommPadded:
            return TreeShape::WarpNoncommPadded;
        default:
            return TreeShape::WarpShuffleUp;  // shuffle
    }
}

TreeShape ladderShape(ReductionVariant variant) {
    switch (variant) {
        case ReductionVariant::InterleavedDivergent:
            return TreeShape::InterleavedDivergent;
        case ReductionVariant::InterleavedStrided:
            return TreeShape::InterleavedStrided;
        case ReductionVariant::Sequential:
        case ReductionVariant::FirstAdd:
            return TreeShape::Sequential;
        default:
            return TreeShape::SequentialUnrolledWarp;  // unroll-last-warp, complete-unroll,
                                                       // multi-element
    }
}

}  // namespace

TreePasses treePasses(const ReductionSettings& settings) {
    TreePasses p;
    p.firstThreads = settings.block;
    const ReductionVariant variant = settings.variant;
    switch (settings.experiment) {
        case ReductionExperiment::SingleBlock:
        case ReductionExperiment::MultiBlock:
            p.first = TreeShape::Sequential;
            break;
        case ReductionExperiment::SingleBlockNoncomm:
            p.first = TreeShape::InterleavedStrided;
            break;
        case ReductionExperiment::LastBlock:
            p.first = TreeShape::Sequential;
            p.second = TreeShape::Sequential;
            p.secondThreads = p.firstThreads;
            break;
        case ReductionExperiment::MultiBlockNoncomm:
            p.first = TreeShape::InterleavedStrided;
            p.second = TreeShape::InterleavedStrided;
            p.secondThreads = p.firstThreads;
            break;
        case ReductionExperiment::Warp:
            p.first = warpShape(variant);
            p.second = p.first;
            p.secondThreads = 32;
            break;
        case ReductionExperiment::Ladder:
            if (variant == ReductionVariant::Best) {
                p.first = TreeShape::WarpShuffleDown;
                p.second = TreeShape::WarpShuffleDown;
                p.secondThreads = 32;
            } else if (variant == ReductionVariant::Cub) {
                p.recordsSteps = false;
            } else {
                p.first = ladderShape(variant);
            }
            break;
    }
    return p;
}

}  // namespace ws
