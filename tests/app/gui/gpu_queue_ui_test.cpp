// The window while its run waits for the GPU behind other users' runs (a
// fake protocol 2 worker, tests/app/gui/fake_queue_worker.sh): the run panel and
// the status bar say how many runs are ahead, the window stays usable, a
// newer parameter value takes the waiting run's place, the wait can be
// stopped, and the run that finally comes shows its GPU's badges.
#include <gtest/gtest.h>

#include <QFile>
#include <QPushButton>
#include <QStatusBar>

#include "app/gui/window/main_window.h"
#include "app/gui/workbench/run_info_panel.h"
#include "core/catalog/catalog.h"
#include "core/trace/trace_io.h"
#include "tests/app/gui/app_test_support.h"
#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

class GpuQueueUi : public ::testing::Test {
protected:
    GpuQueueUi() {
        test::app();
        qputenv("WARPSCOPE_RESOURCES", files.resources().toUtf8());
        // The run that comes back was measured beside another process.
        ws::Run run = test::smallRun();
        run.environment.queried = true;
        run.environment.otherPids = {4242};
        run.environment.otherProcessNames = {"python3"};
        run.environment.lockWaitMs = 1234;
        run.environment.runsAheadAtStart = 2;
        run.timing.kernelSamplesMs = {0.0100, 0.0102, 0.0098};
        run.timing.kernelMs = 0.0100;
        run.timing.kernelMinMs = 0.0098;
        run.timing.kernelMaxMs = 0.0102;
        run.timing.kernelCvPercent = 2.0;
        EXPECT_TRUE(saveTrace(run, shared().toStdString()).ok());
        m_window = std::make_unique<MainWindow>(
            WindowOptions{{"/bin/bash", QStringLiteral(WS_TEST_DIR "/fake_queue_worker.sh"),
                           shared(), files.state()},
                          10000,
                          false});
        QObject::connect(m_window.get(), &MainWindow::runShown, [this] { ++shown; });
    }
    ~GpuQueueUi() override { qunsetenv("WARPSCOPE_RESOURCES"); }
    QString shared() const { return files.dir() + "/shared.wstrace"; }
    QString log() const {
        QFile f(files.state() + "/log");
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }
    void advance() {
        QFile f(files.state() + "/advance");
        f.open(QIODevice::WriteOnly);
    }
    bool panelSays(const QString& text) {
        return test::waitFor([&] { return m_window->runInfo()->text().contains(text); });
    }
    static ParamValues params(const std::string& n) {
        return *resolveParams(*findExperiment("reduce-single-block"), {"n=" + n, "block=128"});
    }
    QString status() const { return m_window->statusBar()->currentMessage(); }

    test::AppFixtureFiles files;
    std::unique_ptr<MainWindow> m_window;
    int shown = 0;
};

TEST_F(GpuQueueUi, SaysItsPlaceAndANewerValueKeepsIt) {
    m_window->runExperiment("reduce-single-block", params("2048"));
    ASSERT_TRUE(panelSays("waiting for the GPU: 2 runs ahead"))
        << m_window->runInfo()->text().toStdString();
    EXPECT_TRUE(status().contains("Waiting for the GPU: 2 runs ahead")) << status().toStdString();
    EXPECT_TRUE(m_window->runInfo()->isWaiting());
    // The window is not blocked: a new slider value goes out at once and
    // replaces the waiting request in the queue.
    m_window->runExperiment("reduce-single-block", params("4096"));
    ASSERT_TRUE(test::waitFor([&] { return log().count("run ") == 2; })) << log().toStdString();
    EXPECT_TRUE(log().contains("supersede=1")) << log().toStdString();
    EXPECT_TRUE(m_window->runInfo()->isWaiting());
    advance();
    ASSERT_TRUE(panelSays("waiting for the GPU: 1 run ahead"));
    EXPECT_TRUE(status().contains("1 run ahead")) << status().toStdString();
    advance();
    ASSERT_TRUE(test::waitFor([&] { return shown == 1; }));
    EXPECT_FALSE(m_window->runInfo()->isWaiting());
    const QString info = m_window->runInfo()->text();
    EXPECT_TRUE(info.contains("LIVE")) << info.toStdString();
    EXPECT_TRUE(
        m_window->runInfo()->environmentText().contains("shared GPU: timings may be disturbed"))
        << info.toStdString();
    EXPECT_TRUE(info.contains("python3 (pid 4242)")) << info.toStdString();
    EXPECT_TRUE(info.contains("0.0100 ms ± 2.0 %")) << info.toStdString();
    EXPECT_TRUE(info.contains("waited 1234 ms for the GPU (2 runs ahead)")) << info.toStdString();
}

TEST_F(GpuQueueUi, TheWaitCanBeStopped) {
    m_window->runExperiment("reduce-single-block", params("2048"));
    ASSERT_TRUE(panelSays("2 runs ahead"));
    auto* stop = m_window->runInfo()->findChild<QPushButton*>();
    ASSERT_NE(stop, nullptr);
    EXPECT_EQ(stop->text(), "Stop waiting");
    stop->click();
    ASSERT_TRUE(test::waitFor([&] { return !m_window->runInfo()->isWaiting(); }));
    EXPECT_TRUE(log().contains("cancel ")) << log().toStdString();
    EXPECT_TRUE(status().contains("Stopped waiting")) << status().toStdString();
    EXPECT_FALSE(m_window->source()->worker()->busy());
    // The next request runs as usual.
    m_window->runExperiment("reduce-single-block", params("2048"));
    ASSERT_TRUE(panelSays("2 runs ahead"));
    advance();
    ASSERT_TRUE(panelSays("1 run ahead"));
    advance();
    ASSERT_TRUE(test::waitFor([&] { return shown == 1; }));
}

TEST_F(GpuQueueUi, OpeningAFileGivesUpThePlace) {
    m_window->runExperiment("reduce-single-block", params("2048"));
    ASSERT_TRUE(panelSays("2 runs ahead"));
    m_window->openTrace(files.trace());
    ASSERT_TRUE(test::waitFor([&] { return shown == 1; }));
    ASSERT_TRUE(test::waitFor([&] { return log().contains("cancel "); })) << log().toStdString();
    EXPECT_FALSE(m_window->runInfo()->isWaiting());
    EXPECT_TRUE(m_window->runInfo()->text().contains("FILE"));
}

}  // namespace
}  // namespace ws
