// The lab in the window: its four views registered by name and made fresh
// on request, its dock shown for a matmul trace and the throughput plot
// switched to GFLOP/s.
#include <gtest/gtest.h>

#include <QDockWidget>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QThread>

#include "app/gui/window/main_window.h"
#include "core/matmul/matmul_model_run.h"
#include "core/trace/trace_io.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/plots/throughput_plot.h"

namespace ws {
namespace {

TEST(MatmulLab, RegistersItsViewsAndShowsItsDock) {
    test::app();
    MainWindow window(WindowOptions{{QStringLiteral("/bin/false")}, 5000, false});
    for (const char* name : {"tiles", "reuse", "roofline", "matmul-ladder"}) {
        const ViewEntry* e = window.views()->find(QString::fromLatin1(name));
        ASSERT_NE(e, nullptr) << name;
        EXPECT_EQ(e->lab, "matmul");
        std::unique_ptr<QWidget> view(e->create(window.viewContext(), nullptr));
        EXPECT_NE(view, nullptr) << name;
    }
    QTemporaryDir dir;
    const QString path = dir.path() + "/warptile.wstrace";
    ws::Run run = modelledMatmulRun({{"variant", "warptile"}, {"n", "512"}}, 0.05);
    run.recordedAt = "2026-11-23T12:00:00Z";
    ASSERT_TRUE(saveTrace(run, path.toStdString()).ok());
    bool shown = false;
    QString failure;
    QObject::connect(&window, &MainWindow::runShown, [&] { shown = true; });
    QObject::connect(&window, &MainWindow::loadFailed, [&](QString m) { failure = m; });
    window.openTrace(path);
    QElapsedTimer clock;  // the trace loads off the UI thread
    clock.start();
    while (!shown && failure.isEmpty() && clock.elapsed() < 10000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    ASSERT_TRUE(shown) << failure.toStdString();
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("matmul-lab"));
    ASSERT_NE(dock, nullptr);
    EXPECT_FALSE(dock->isHidden());
    EXPECT_EQ(window.throughput()->data().unit, "GFLOP/s");
}

}  // namespace
}  // namespace ws
