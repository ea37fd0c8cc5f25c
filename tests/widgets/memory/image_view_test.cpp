// The image view highlights, at a known time, the tiles of the blocks running
// then, on the input and (turned) on the output.
#include "widgets/memory/image_view.h"

#include <gtest/gtest.h>

#include "tests/widgets/memory/memory_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/memory/memory_colours.h"

namespace ws {
namespace {

TEST(ImageView, HighlightsTheRunningTileOnBothImages) {
    test::app();
    PlaybackModel model;
    // 4 x 2 tiles of 16: 8 blocks, all in the first wave of the model, running
    // from 0 to 0.97 of the kernel time.
    model.setRun(
        test::preparedMemoryRun("transpose-u8", {{"width", "64"}, {"height", "32"}}, 0.001));
    ImageView view(&model);
    view.resize(900, 480);
    ASSERT_TRUE(view.geometry());
    model.setTime(500);
    EXPECT_EQ(view.runningBlocks().size(), 8u);
    const QImage running = test::render(view);
    const PixelRect tile{16, 16, 16, 16};  // block 5: bx 1, by 1
    const QPoint inCentre = view.inputOnScreen(tile).center().toPoint();
    const QPoint outCentre = view.outputOnScreen({16, 16, 16, 16}).center().toPoint();
    auto orangeish = [](QColor c) { return c.red() > c.blue() + 60 && c.red() > 150; };
    EXPECT_TRUE(orangeish(running.pixelColor(inCentre)));
    EXPECT_TRUE(orangeish(running.pixelColor(outCentre)));

    model.setTime(model.duration());  // all done: plain grey levels again
    EXPECT_TRUE(view.runningBlocks().empty());
    const QImage done = test::render(view);
    const QColor c = done.pixelColor(inCentre);
    EXPECT_EQ(c.red(), c.blue());
}

// At a laptop's width the input's caption ran into the output's, which
// moved left of its image to fit: each caption keeps to its own room.
TEST(ImageView, CaptionsNeverRunTogether) {
    test::app();
    PlaybackModel model;
    model.setRun(test::preparedMemoryRun("transpose-f32", {{"width", "64"}, {"height", "64"}}));
    ImageView view(&model);
    view.show();  // the probe reads visible widgets only
    for (const int width : {260, 320, 420, 600, 900}) {
        view.resize(width, 300);
        const auto texts = test::probeText(&view);
        EXPECT_TRUE(test::overlappingTexts(texts, 0.0).empty()) << width;
        // And each ends inside the view ("16,384 of 16," ran off its edge).
        for (const auto& t : texts)
            EXPECT_LE(t.box.right(), view.width() - 4) << width << ": " << t.text.toStdString();
    }
}

TEST(ImageView, OutputAppearsAsBlocksFinish) {
    test::app();
    PlaybackModel model;
    model.setRun(test::preparedMemoryRun(
        "reduce-rows-block", {{"width", "256"}, {"height", "128"}, {"block", "128"}}, 0.001));
    ImageView view(&model);
    view.resize(800, 480);
    model.setTime(0);
    const QImage start = test::render(view);
    const QRectF out = view.outputOnScreen({0, 0, 1, 128});
    EXPECT_GT(out.height(), 50);
    // At time 0 every block runs: the sums strip is orange, not its grey levels.
    const QColor c = start.pixelColor(out.center().toPoint());
    EXPECT_GT(c.red(), c.blue() + 60);
}

TEST(ImageView, SaysWhatItShowsForOtherExperiments) {
    test::app();
    PlaybackModel model;
    model.setRun(test::preparedMemoryRun("bank-probe", {}));
    ImageView view(&model);
    view.resize(400, 300);
    EXPECT_FALSE(view.geometry());
    test::render(view);
}

}  // namespace
}  // namespace ws
