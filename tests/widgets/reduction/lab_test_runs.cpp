#include "tests/widgets/reduction/lab_test_runs.h"

#include "core/memory/affine_check.h"
#include "core/reduction/reduction_block_model.h"
#include "core/reduction/reduction_reference.h"
#include "core/trace/trace_io.h"

namespace ws::test {

QString bundledTracePath(const QString& file) {
    return qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") + QStringLiteral("/resources/traces/") +
           file;
}

std::shared_ptr<const PreparedRun> loadBundled(const QString& file) {
    auto run = loadTrace(bundledTracePath(file).toStdString());
    if (!run) return nullptr;
    return prepareRun(std::make_shared<const Run>(std::move(run).value()));
}

std::shared_ptr<const PreparedRun> readableAffine(const QString& file) {
    auto loaded = loadTrace(bundledTracePath(file).toStdString());
    if (!loaded) return nullptr;
    Run run = std::move(loaded).value();
    run.texts[kInputSchemeKey] = affineSchemeName(AffineScheme::Mod97);
    auto data = ReductionData::forRun(run);
    if (!data) return nullptr;
    auto model = BlockModel::make(run, *data);
    if (!model) return nullptr;
    const auto settings = reductionSettingsOf(run);
    if (!settings) return nullptr;
    const TreePasses passes = treePasses(*settings);
    // Steps 0..last belong to the block's own tree, later ones to the merge.
    const auto last = std::uint32_t(reductionPlan(passes.first, passes.firstThreads).size());
    for (std::size_t li = 0; li < run.launches.size(); ++li) {
        StepRecords& st = run.launches[li].steps;
        if (st.components != 2) return nullptr;
        for (std::size_t i = 0; i < st.size(); ++i) {
            const bool merge = st.step[i] > last;
            auto pass = merge ? model->secondPass(int(li), st.block[i])
                              : model->firstPass(int(li), st.block[i]);
            if (!pass) return nullptr;
            const std::uint32_t level = st.step[i] - (merge ? last + 1 : 0);
            for (std::uint32_t lane = 0; lane < kWarpSize; ++lane) {
                const std::uint32_t slot = st.warp[i] * kWarpSize + lane;
                const TreeValue after = pass->value(level, slot);
                const TreeValue before = level ? pass->value(level - 1, slot) : TreeValue{{1, 0}};
                for (std::size_t k = 0; k < 2; ++k) {
                    st.after[(i * kWarpSize + lane) * 2 + k] = after.c[k];
                    st.before[(i * kWarpSize + lane) * 2 + k] = before.c[k];
                }
            }
        }
    }
    // The check input's composition is not in the trace: it passes here by fiat.
    const AffineExpectation expected{referenceCompose((*data)->maps), affineIdentity()};
    run.verification = verifyCompositions(expected, expected.input, expected.check);
    return prepareRun(std::make_shared<const Run>(std::move(run)));
}

}  // namespace ws::test
