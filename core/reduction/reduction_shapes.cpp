#include "core/reduction/reduction_shapes.h"

#include "core/catalog/catalog.h"

namespace ws {

ElementKind elementKind(const ParamValues& params) {
    if (params.count("op") && paramChoice(params, "op") == "affine") return ElementKind::Affine;
    if (params.count("type") && paramChoice(params, "type") == "float") return ElementKind::Float;
    return ElementKind::Int32;
}

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

TreeShape warpShape(const std::string& variant) {
    if (variant == "comm") return TreeShape::WarpComm;
    if (variant == "comm-compact") return TreeShape::WarpCommCompact;
    if (variant == "noncomm") return TreeShape::WarpNoncomm;
    if (variant == "noncomm-padded") return TreeShape::WarpNoncommPadded;
    return TreeShape::WarpShuffleUp;  // shuffle
}

TreeShape ladderShape(const std::string& variant) {
    if (variant == "interleaved-divergent") return TreeShape::InterleavedDivergent;
    if (variant == "interleaved-strided") return TreeShape::InterleavedStrided;
    if (variant == "sequential" || variant == "first-add") return TreeShape::Sequential;
    return TreeShape::SequentialUnrolledWarp;  // unroll-last-warp, complete-unroll, multi-element
}

}  // namespace

TreePasses treePasses(const std::string& experiment, const ParamValues& params) {
    TreePasses p;
    p.firstThreads = std::uint32_t(paramInt(params, "block"));
    const std::string variant = params.count("variant") ? paramChoice(params, "variant") : "";
    if (experiment == "reduce-single-block" || experiment == "reduce-multi-block") {
        p.first = TreeShape::Sequential;
    } else if (experiment == "reduce-single-block-noncomm") {
        p.first = TreeShape::InterleavedStrided;
    } else if (experiment == "reduce-last-block") {
        p.first = TreeShape::Sequential;
        p.second = TreeShape::Sequential;
        p.secondThreads = p.firstThreads;
    } else if (experiment == "reduce-multi-block-noncomm") {
        p.first = TreeShape::InterleavedStrided;
        p.second = TreeShape::InterleavedStrided;
        p.secondThreads = p.firstThreads;
    } else if (experiment == "reduce-warp") {
        p.first = warpShape(variant);
        p.second = p.first;
        p.secondThreads = 32;
    } else if (experiment == "reduce-ladder" && variant == "best") {
        p.first = TreeShape::WarpShuffleDown;
        p.second = TreeShape::WarpShuffleDown;
        p.secondThreads = 32;
    } else if (experiment == "reduce-ladder" && variant == "cub") {
        p.recordsSteps = false;
    } else if (experiment == "reduce-ladder") {
        p.first = ladderShape(variant);
    } else {
        p.recordsSteps = false;
    }
    return p;
}

}  // namespace ws
