#include "core/reduction/reduction_block_model.h"

#include <algorithm>
#include <any>
#include <span>
#include <type_traits>

#include "core/reduction/reduction_reference.h"
#include "core/reduction/reduction_simulate.h"

namespace ws {

namespace {

// The operator of each element type. Affine maps carry the run's scheme:
// modulo 97, or modulo 2^32 for traces recorded before the readable inputs.
template <typename T>
struct Ops;
template <>
struct Ops<std::uint32_t> {  // int32 sums wrap modulo 2^32, as on the GPU
    std::uint32_t identity() const { return 0; }
    std::uint32_t op(std::uint32_t a, std::uint32_t b) const { return a + b; }
};
template <>
struct Ops<float> {
    float identity() const { return 0.0f; }
    float op(float a, float b) const { return a + b; }
};
template <>
struct Ops<Affine> {
    AffineScheme scheme = AffineScheme::Mod97;
    Affine identity() const { return affineIdentity(); }
    Affine op(Affine a, Affine b) const { return combine(a, b, scheme); }
};

template <typename T>
std::vector<std::vector<T>> simulate(const Ops<T>& ops, TreeShape shape,
                                     const std::vector<T>& leaves) {
    return simulatePlan(
        shape, leaves, [&ops](const T& a, const T& b) { return ops.op(a, b); }, ops.identity());
}

// The load phases of the kernels (kernels/reduction/*.cu), per thread.
enum class Load {
    CommStrided,     // commBlockSum: tid + b*B, stride B * grid
    NoncommSection,  // noncommBlockSum over block b's contiguous section
    WarpChunks,      // sumWithWarps: thread t folds chunk t of ceil(n / B)
    One,             // ladder reduce0..2: element b*B + t
    Two,             // ladder reduce3..5: elements b*2B + t and + B
    GridStrideTwo,   // ladder reduce6: pairs with a stride of the whole grid
    Unsupported,
};

Load loadOf(const ReductionSettings& settings) {
    using E = ReductionExperiment;
    using V = ReductionVariant;
    switch (settings.experiment) {
        case E::SingleBlock:
        case E::MultiBlock:
        case E::LastBlock:
            return Load::CommStrided;
        case E::SingleBlockNoncomm:
        case E::MultiBlockNoncomm:
            return Load::NoncommSection;
        case E::Warp:
            return Load::WarpChunks;
        case E::Ladder:
            break;
    }
    switch (settings.variant) {
        case V::InterleavedDivergent:
        case V::InterleavedStrided:
        case V::Sequential:
            return Load::One;
        case V::FirstAdd:
        case V::UnrollLastWarp:
        case V::CompleteUnroll:
            return Load::Two;
        case V::MultiElement:
            return Load::GridStrideTwo;
        default:
            return Load::Unsupported;  // best's vector loads, CUB
    }
}

template <typename T>
std::vector<T> noncommLoad(const Ops<T>& ops, std::span<const T> g, std::uint32_t threads) {
    // noncommBlockSum: slot t takes g[t]; while elements remain, the next
    // `threads` land in the upper half and slot t becomes pair (2t, 2t+1).
    const std::uint64_t m = g.size();
    std::vector<T> sh(2 * std::size_t(threads), ops.identity());
    for (std::uint32_t t = 0; t < threads; ++t)
        if (t < m) sh[t] = g[t];
    for (std::uint64_t offset = threads; offset < m; offset += threads) {
        for (std::uint32_t t = 0; t < threads; ++t)
            sh[threads + t] = t + offset < m ? g[t + offset] : ops.identity();
        std::vector<T> pairs(threads);
        for (std::uint32_t t = 0; t < threads; ++t) pairs[t] = ops.op(sh[2 * t], sh[2 * t + 1]);
        std::copy(pairs.begin(), pairs.end(), sh.begin());
    }
    sh.resize(threads);
    return sh;
}

template <typename T>
std::vector<T> loadLeaves(const Ops<T>& ops, Load rule, std::span<const T> in,
                          std::uint32_t threads, std::uint64_t grid, std::uint32_t b) {
    const std::uint64_t n = in.size();
    const std::uint64_t B = threads;
    std::vector<T> v(threads, ops.identity());
    switch (rule) {
        case Load::CommStrided:
            for (std::uint32_t t = 0; t < threads; ++t)
                for (std::uint64_t i = b * B + t; i < n; i += B * grid) v[t] = ops.op(v[t], in[i]);
            break;
        case Load::NoncommSection: {
            const std::uint64_t per = n / grid;
            const std::uint64_t m = b == grid - 1 ? n - b * per : per;
            return noncommLoad(ops, in.subspan(b * per, m), threads);
        }
        case Load::WarpChunks: {
            const std::uint64_t chunk = (n + B - 1) / B;
            for (std::uint32_t t = 0; t < threads; ++t) {
                const std::uint64_t begin = std::min(t * chunk, n);
                const std::uint64_t end = std::min(begin + chunk, n);
                for (std::uint64_t i = begin; i < end; ++i) v[t] = ops.op(v[t], in[i]);
            }
            break;
        }
        case Load::One:
            for (std::uint32_t t = 0; t < threads; ++t)
                if (b * B + t < n) v[t] = in[b * B + t];
            break;
        case Load::Two:
            for (std::uint32_t t = 0; t < threads; ++t) {
                const std::uint64_t i = b * 2 * B + t;
                if (i < n) v[t] = in[i];
                if (i + B < n) v[t] = ops.op(v[t], in[i + B]);
            }
            break;
        case Load::GridStrideTwo:
            for (std::uint32_t t = 0; t < threads; ++t)
                for (std::uint64_t i = b * 2 * B + t; i < n; i += 2 * B * grid) {
                    v[t] = ops.op(v[t], in[i]);
                    if (i + B < n) v[t] = ops.op(v[t], in[i + B]);
                }
            break;
        case Load::Unsupported:
            break;
    }
    return v;
}

template <typename T>
PassValues toPass(const Ops<T>& ops, TreeShape shape, const std::vector<T>& leaves,
                  std::uint32_t components) {
    PassValues p;
    p.shape = shape;
    p.threads = std::uint32_t(leaves.size());
    p.components = components;
    p.source = ValueSource::CpuModel;
    if constexpr (std::is_same_v<T, Affine>) p.affine = ops.scheme;
    p.plan = reductionPlan(shape, p.threads);
    for (const auto& level : simulate(ops, shape, leaves)) {
        std::vector<TreeValue> row;
        row.reserve(level.size());
        for (const T& v : level) row.push_back(toTreeValue(v));
        p.levels.push_back(std::move(row));
    }
    return p;
}

template <typename T>
std::span<const T> inputOf(const ReductionData& d);
template <>
std::span<const std::uint32_t> inputOf(const ReductionData& d) {
    return d.ints;
}
template <>
std::span<const float> inputOf(const ReductionData& d) {
    return d.floats;
}
template <>
std::span<const Affine> inputOf(const ReductionData& d) {
    return d.maps;
}

template <typename T>
T rootOf(const Ops<T>& ops, TreeShape shape, const std::vector<T>& leaves) {
    return simulate(ops, shape, leaves).back()[0];
}

// The typed model: the input of each launch (launch k > 0 reduces the
// partials of launch k - 1), each block's leaves, its partial.
template <typename T>
struct Model {
    const Run& run;
    const ReductionData& data;
    const TreePasses& passes;
    Load rule;
    Ops<T> ops;

    std::uint64_t grid(int launch) const { return run.launches[std::size_t(launch)].grid.x; }
    std::uint32_t threads(int launch) const {
        return std::uint32_t(run.launches[std::size_t(launch)].block.x);
    }
    std::vector<T> partials(int launch) const {
        const std::vector<T> in = input(launch);
        std::vector<T> out;
        out.reserve(grid(launch));
        for (std::uint32_t b = 0; b < grid(launch); ++b)
            out.push_back(rootOf(ops, passes.first, leaves(launch, b, in)));
        return out;
    }
    std::vector<T> input(int launch) const {
        if (launch == 0) {
            const auto s = inputOf<T>(data);
            return {s.begin(), s.end()};
        }
        return partials(launch - 1);
    }
    std::vector<T> leaves(int launch, std::uint32_t b, const std::vector<T>& in) const {
        return loadLeaves<T>(ops, rule, in, threads(launch), grid(launch), b);
    }
};

template <typename T>
Result<PassValues> first(const Model<T>& m, int launch, std::uint32_t block, std::uint32_t comps) {
    PassValues p = toPass(m.ops, m.passes.first, m.leaves(launch, block, m.input(launch)), comps);
    p.block = block;
    return p;
}

template <typename T>
Result<PassValues> second(const Model<T>& m, int launch, std::uint32_t block, std::uint32_t comps,
                          std::uint32_t firstLevels) {
    if (!m.passes.second) return makeError("this experiment has no second pass");
    const TreeShape shape = *m.passes.second;
    const std::uint32_t threads = m.passes.secondThreads;
    std::vector<T> leaves(threads, m.ops.identity());
    std::uint32_t who = block;
    if (m.run.experiment == "reduce-warp") {
        // The first warp loads one result per warp of the same block.
        const auto levels =
            simulate(m.ops, m.passes.first, m.leaves(launch, block, m.input(launch)));
        const std::uint32_t warps = m.threads(launch) / kWarpSize;
        for (std::uint32_t l = 0; l < threads && l < warps; ++l)
            leaves[l] = levels.back()[std::size_t(l) * kWarpSize];
    } else {
        // The last block merges every block's partial, loading them as its
        // first pass loads elements, as one block over `grid` elements.
        const std::vector<T> parts = m.partials(launch);
        const Load mergeLoad =
            m.rule == Load::NoncommSection ? Load::NoncommSection : Load::CommStrided;
        leaves = loadLeaves<T>(m.ops, mergeLoad, parts, threads, 1, 0);
        const ArrivalRecords& a = m.run.launches[std::size_t(launch)].arrivals;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a.counter[i] + 1 == m.grid(launch)) who = a.block[i];
    }
    PassValues p = toPass(m.ops, shape, leaves, comps);
    p.block = who;
    p.merge = true;
    p.firstStep = firstLevels;
    return p;
}

}  // namespace

std::shared_ptr<const ReductionData> ReductionData::make(ElementKind kind, std::uint64_t n,
                                                         AffineScheme affine) {
    auto d = std::make_shared<ReductionData>();
    d->kind = kind;
    d->affine = affine;
    switch (kind) {
        case ElementKind::Int32: {
            const auto v = makeIntInput(n, kReductionSeed);
            d->ints.assign(v.begin(), v.end());
            break;
        }
        case ElementKind::Float:
            d->floats = makeFloatInput(n, kReductionSeed);
            break;
        case ElementKind::Affine:
            d->maps = makeAffineInput(n, kReductionSeed, affine);
            break;
    }
    return d;
}

Result<std::shared_ptr<const ReductionData>> ReductionData::forRun(const Run& run) {
    const auto settings = reductionSettingsOf(run);
    if (!settings) return makeError("not a reduction run whose parameters the catalog accepts");
    return forRun(run, *settings);
}

Result<std::shared_ptr<const ReductionData>> ReductionData::forRun(
    const Run& run, const ReductionSettings& settings) {
    const ElementKind kind = settings.element;
    AffineScheme affine = AffineScheme::Mod97;
    if (kind == ElementKind::Affine) {
        auto scheme = affineScheme(run);
        if (!scheme) return makeError(scheme.error());
        affine = *scheme;
    }
    return make(kind, settings.n, affine);
}

Result<BlockModel> BlockModel::make(const Run& run, std::shared_ptr<const ReductionData> data) {
    auto settings = reductionSettingsOf(run);
    if (!settings) return makeError("not a reduction run");
    return make(run, *settings, std::move(data));
}

Result<BlockModel> BlockModel::make(const Run& run, const ReductionSettings& settings,
                                    std::shared_ptr<const ReductionData> data) {
    BlockModel m;
    m.m_run = &run;
    m.m_passes = treePasses(settings);
    m.m_kind = settings.element;
    m.m_settings = settings;
    if (!m.m_passes.recordsSteps || loadOf(m.m_settings) == Load::Unsupported)
        return makeError("the CPU model does not reproduce this variant's loads");
    if (!data || data->kind != m.m_kind) return makeError("no input data for the CPU model");
    if (m.m_kind == ElementKind::Affine) {
        auto scheme = affineScheme(run);
        if (!scheme) return makeError(scheme.error());
        if (data->affine != *scheme)
            return makeError("the CPU model's input is " + affineSchemeName(data->affine) +
                             ", the run composed " + affineSchemeName(*scheme));
        m.m_affine = *scheme;
    }
    m.m_data = std::move(data);
    return m;
}

Result<PassValues> BlockModel::firstPass(int launch, std::uint32_t block) const {
    if (launch < 0 || std::size_t(launch) >= m_run->launches.size() ||
        block >= m_run->launches[std::size_t(launch)].grid.x)
        return makeError("no such block");
    const Load rule = loadOf(m_settings);
    const std::uint32_t comps = elementComponents(m_kind);
    switch (m_kind) {
        case ElementKind::Int32:
            return first(Model<std::uint32_t>{*m_run, *m_data, m_passes, rule, {}}, launch, block,
                         comps);
        case ElementKind::Float:
            return first(Model<float>{*m_run, *m_data, m_passes, rule, {}}, launch, block, comps);
        case ElementKind::Affine:
            return first(Model<Affine>{*m_run, *m_data, m_passes, rule, {m_affine}}, launch, block,
                         comps);
    }
    return makeError("unknown element type");
}

Result<PassValues> BlockModel::secondPass(int launch, std::uint32_t block) const {
    if (launch < 0 || std::size_t(launch) >= m_run->launches.size())
        return makeError("no such launch");
    const Load rule = loadOf(m_settings);
    const std::uint32_t comps = elementComponents(m_kind);
    const auto firstLevels =
        std::uint32_t(reductionPlan(m_passes.first, m_passes.firstThreads).size()) + 1;
    switch (m_kind) {
        case ElementKind::Int32:
            return second(Model<std::uint32_t>{*m_run, *m_data, m_passes, rule, {}}, launch, block,
                          comps, firstLevels);
        case ElementKind::Float:
            return second(Model<float>{*m_run, *m_data, m_passes, rule, {}}, launch, block, comps,
                          firstLevels);
        case ElementKind::Affine:
            return second(Model<Affine>{*m_run, *m_data, m_passes, rule, {m_affine}}, launch, block,
                          comps, firstLevels);
    }
    return makeError("unknown element type");
}

}  // namespace ws
