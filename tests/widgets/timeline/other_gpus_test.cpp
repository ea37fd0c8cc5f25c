// Runs from GPUs that are not an H100 open and draw: a coarse %globaltimer
// (1.024 us ticks), 20 or 46 SMs, a MIG slice whose 14 SMs report the
// whole GPU's %smid values, and %smid values with gaps. Each view paints
// without a Qt warning (which fails the test) and shows the run's blocks.
#include <gtest/gtest.h>

#include <QSet>

#include "core/run/synthetic_run.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/model/playback_model.h"
#include "widgets/model/prepared_run.h"
#include "widgets/plots/launch_stats_view.h"
#include "widgets/timeline/device_view.h"
#include "widgets/timeline/grid_view.h"
#include "widgets/timeline/timeline_view.h"
#include "widgets/view/palette.h"

namespace ws {
namespace {

struct Case {
    const char* what;
    SyntheticGpu gpu;
    std::size_t blocks;
};

std::vector<Case> otherGpus() {
    return {
        {"46 SMs, 1.024 us ticks",
         {.smCount = 46, .timerTickNs = 1024, .name = "Synthetic GPU, 46 SMs, 1.024 us timer"},
         2000},
        {"20 SMs", {.smCount = 20, .timerTickNs = 1024, .name = "Synthetic GPU, 20 SMs"}, 300},
        {"MIG slice, %smid 66..79",
         {.smCount = 14, .firstSmId = 66, .name = "Synthetic MIG 1g slice"},
         500},
        {"%smid 0, 2, 4, ...",
         {.smCount = 64, .smIdStep = 2, .name = "Synthetic GPU, %smid with gaps"},
         1000},
    };
}

// Pixels that are neither the background nor the first colour found in the
// corner: something was drawn.
int drawnColours(const QImage& image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
    return int(colours.size());
}

TEST(OtherGpus, EveryViewOpensAndDrawsTheRun) {
    test::app();
    for (const Case& c : otherGpus()) {
        SCOPED_TRACE(c.what);
        auto run = std::make_shared<const ws::Run>(makeSyntheticRun(c.blocks, c.gpu, 7));
        // Every block starts and ends on a tick of the coarse timer, and
        // the shortest ones last one tick, never zero.
        const BlockRecords& b = run->launches[0].blocks;
        for (std::size_t i = 0; i < b.size(); ++i) {
            ASSERT_EQ(b.startNs[i] % c.gpu.timerTickNs, 0u);
            ASSERT_GE(b.endNs[i], b.startNs[i] + c.gpu.timerTickNs);
        }
        PlaybackModel model;
        model.setRun(prepareRun(run));
        ASSERT_NE(model.prepared(), nullptr);
        model.setTime(model.duration() / 2);

        TimelineView timeline(&model);
        timeline.resize(1000, 600);
        const QImage t = test::render(timeline);
        EXPECT_GT(drawnColours(t), 6);
        // One row for each SM that ran a block, whatever its %smid.
        const auto rows = model.prepared()->lanes.rowsWorthDrawing();
        EXPECT_EQ(int(rows.size()), c.gpu.smCount);

        // The title counts the GPU's SMs, not the highest %smid, and no
        // idle SMs are made up past the device's count.
        EXPECT_EQ(model.prepared()->lanes.smsOnDevice(), std::size_t(c.gpu.smCount));
        EXPECT_EQ(model.prepared()->lanes.idleSms(), 0u);

        GridView grid(&model);
        grid.resize(800, 500);
        EXPECT_GT(drawnColours(test::render(grid)), 3);
        DeviceView device(&model);
        device.resize(900, 600);
        EXPECT_GT(drawnColours(test::render(device)), 3);
        // A box per SM of the device, named by its own %smid.
        EXPECT_EQ(device.smCount(), c.gpu.smCount);
        EXPECT_EQ(device.smIdAt(c.gpu.smCount - 1),
                  c.gpu.firstSmId + std::uint32_t(c.gpu.smCount - 1) * c.gpu.smIdStep);
        LaunchStatsView stats(&model);
        stats.resize(900, 600);
        EXPECT_GT(drawnColours(test::render(stats)), 3);
    }
}

}  // namespace
}  // namespace ws
