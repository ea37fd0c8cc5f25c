#include "core/reduction/reduction_tree_values.h"

#include <cmath>
#include <sstream>

namespace ws {

namespace {
std::string number(double v) {
    if (std::fabs(v) < 1e15 && v == std::floor(v)) return std::to_string((long long)v);
    std::ostringstream out;
    out.precision(7);
    out << v;
    return out.str();
}
}  // namespace

std::string valueText(const TreeValue& v, std::uint32_t components) {
    if (components < 2) return number(v.c[0]);
    std::string text(1, '(');  // appended: GCC 12 warns falsely on "(" + std::string
    text += number(v.c[0]) + ", " + number(v.c[1]) + ')';
    return text;
}

TreeValue toTreeValue(std::uint32_t v) { return {{double(v), 0}}; }
TreeValue toTreeValue(float v) { return {{double(v), 0}}; }
TreeValue toTreeValue(Affine v) { return {{double(v.a), double(v.b)}}; }
Affine toAffine(const TreeValue& v) { return {std::uint32_t(v.c[0]), std::uint32_t(v.c[1])}; }

std::optional<PassValues> measuredPass(const Launch& launch, std::uint32_t block, TreeShape shape,
                                       std::uint32_t threads, std::uint32_t firstStep) {
    PassValues p;
    p.shape = shape;
    p.threads = threads;
    p.firstStep = firstStep;
    p.block = block;
    p.source = ValueSource::Measured;
    p.plan = reductionPlan(shape, threads);
    const StepRecords& st = launch.steps;
    p.components = std::max<std::uint32_t>(1, st.components);
    if (threads == 0 || threads % kWarpSize != 0 || (p.plan.empty() && threads > 1))
        return std::nullopt;
    const std::uint32_t levels = std::uint32_t(p.plan.size()) + 1;
    const std::uint32_t warps = threads / kWarpSize;
    p.levels.assign(levels, std::vector<TreeValue>(threads));
    std::vector<char> seen(std::size_t(levels) * warps, 0);
    const std::size_t c = p.components;
    for (std::size_t i = 0; i < st.size(); ++i) {
        if (st.block[i] != block || st.step[i] < firstStep || st.step[i] >= firstStep + levels ||
            st.warp[i] >= warps)
            continue;
        const std::uint32_t level = st.step[i] - firstStep;
        const std::uint32_t warp = st.warp[i];
        if ((i + 1) * kWarpSize * c > st.after.size()) return std::nullopt;
        for (std::uint32_t lane = 0; lane < kWarpSize; ++lane) {
            TreeValue& v = p.levels[level][warp * kWarpSize + lane];
            for (std::size_t k = 0; k < std::min<std::size_t>(c, 2); ++k)
                v.c[k] = st.after[(i * kWarpSize + lane) * c + k];
        }
        seen[std::size_t(level) * warps + warp] = 1;
    }
    for (char s : seen)
        if (!s) return std::nullopt;
    return p;
}

}  // namespace ws
