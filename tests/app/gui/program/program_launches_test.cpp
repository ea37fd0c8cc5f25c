// The launches of a traced program listed from the folder's log: a row a
// launch, the recorded ones opened or compared, the others greyed with why;
// the whole program's timeline first where there is one; a folder that
// holds no log said, not crashed on.
#include "app/gui/program/program_launches.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QEventLoop>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <fstream>
#include <functional>

#include "core/program/launch_log.h"
#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

program::LoggedLaunch launchOf(std::uint64_t n, bool recorded) {
    program::LoggedLaunch l;
    l.launch = n;
    l.kernelLaunch = n;
    l.kernel = "_Z3addPfi";
    l.module = 1;
    l.grid = {16, 1, 1};
    l.block = {256, 1, 1};
    l.probed = true;
    l.recorded = recorded;
    l.ms = 0.01 * double(n);
    if (!recorded)
        l.whyNotProbed = "past the launches kept of this kernel (--launches): timed only";
    return l;
}

// Runs the event loop until `ready` says so, or five seconds pass.
bool waitUntil(const std::function<bool()>& ready) {
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (ready()) loop.exit(0);
    });
    QTimer::singleShot(5000, &loop, [&] { loop.exit(1); });
    poll.start(10);
    return loop.exec() == 0;
}

void write(const QString& path, const std::string& text) {
    std::ofstream(path.toStdString(), std::ios::binary) << text;
}

TEST(ProgramLaunches, EachLaunchIsARowAndTheRecordedOnesOpenOrCompare) {
    test::app();
    QTemporaryDir dir;
    // Written out of order, as the interception logs timed launches late.
    write(dir.filePath("launches.jsonl"), program::launchLine(launchOf(3, false)) +
                                              program::launchLine(launchOf(1, true)) +
                                              program::launchLine(launchOf(2, true)));
    write(dir.filePath("launch-1.wstrace"), "a trace");
    write(dir.filePath("launch-2.wstrace"), "a trace");
    ProgramLaunches launches;
    QStringList loaded, opened, compared;
    QObject::connect(&launches, &ProgramLaunches::loaded, [&](const QString& t) { loaded << t; });
    QObject::connect(&launches, &ProgramLaunches::openLaunch,
                     [&](const QString& t) { opened << t; });
    QObject::connect(&launches, &ProgramLaunches::compareLaunches,
                     [&](const QString& a, const QString& b) { compared << a << b; });
    launches.setFolder(dir.path());
    ASSERT_TRUE(waitUntil([&] { return !loaded.isEmpty(); }));
    EXPECT_EQ(loaded.at(0), dir.filePath("launch-1.wstrace"));
    ASSERT_EQ(launches.rowCount(), 3);
    auto* list = launches.findChild<QTreeWidget*>();
    ASSERT_NE(list, nullptr);
    EXPECT_EQ(list->topLevelItem(0)->text(0), "1");
    EXPECT_EQ(list->topLevelItem(0)->text(1), "add(float*, int)");
    EXPECT_EQ(list->topLevelItem(2)->text(5).toStdString(),
              "past the launches kept of this kernel (--launches): timed only");
    // One recorded launch opens; two compare; an unrecorded one does neither.
    QPushButton* open = nullptr;
    QPushButton* compare = nullptr;
    for (QPushButton* b : launches.findChildren<QPushButton*>()) {
        if (b->text().contains("Open")) open = b;
        if (b->text().contains("Compare")) compare = b;
    }
    ASSERT_TRUE(open && compare);
    list->clearSelection();
    list->topLevelItem(1)->setSelected(true);
    EXPECT_TRUE(open->isEnabled());
    open->click();
    ASSERT_EQ(opened.size(), 1);
    EXPECT_EQ(opened.at(0), dir.filePath("launch-2.wstrace"));
    list->topLevelItem(0)->setSelected(true);
    EXPECT_TRUE(compare->isEnabled());
    compare->click();
    EXPECT_EQ(compared.size(), 2);
    list->clearSelection();
    list->topLevelItem(2)->setSelected(true);
    EXPECT_FALSE(open->isEnabled());
    list->topLevelItem(0)->setSelected(true);
    launches.resize(900, 300);
    launches.grab().save(QDir::temp().filePath("program-launches.png"));
}

// Where CUPTI recorded the whole program, its timeline is the first row and
// the one opened first.
TEST(ProgramLaunches, TheWholeProgramsTimelineComesFirst) {
    test::app();
    QTemporaryDir dir;
    write(dir.filePath("launches.jsonl"), program::launchLine(launchOf(1, true)));
    write(dir.filePath("launch-1.wstrace"), "a trace");
    write(dir.filePath("timeline.wstrace"), "a trace");
    ProgramLaunches launches;
    QStringList loaded, opened;
    QObject::connect(&launches, &ProgramLaunches::loaded, [&](const QString& t) { loaded << t; });
    QObject::connect(&launches, &ProgramLaunches::openLaunch,
                     [&](const QString& t) { opened << t; });
    launches.setFolder(dir.path());
    ASSERT_TRUE(waitUntil([&] { return !loaded.isEmpty(); }));
    EXPECT_EQ(loaded.at(0), dir.filePath("timeline.wstrace"));
    ASSERT_EQ(launches.rowCount(), 2);
    auto* list = launches.findChild<QTreeWidget*>();
    ASSERT_NE(list, nullptr);
    EXPECT_EQ(list->topLevelItem(0)->text(0), "all");
    EXPECT_TRUE(list->topLevelItem(0)->text(1).contains("whole program"));
    emit list->itemActivated(list->topLevelItem(0), 0);
    ASSERT_EQ(opened.size(), 1);
    EXPECT_EQ(opened.at(0), dir.filePath("timeline.wstrace"));
    launches.resize(900, 300);
    launches.grab().save(QDir::temp().filePath("program-launches-timeline.png"));
}

TEST(ProgramLaunches, AFolderWithoutALogIsSaid) {
    test::app();
    QTemporaryDir dir;
    ProgramLaunches launches;
    QString failed;
    QObject::connect(&launches, &ProgramLaunches::failed, [&](const QString& m) { failed = m; });
    launches.setFolder(dir.path());
    ASSERT_TRUE(waitUntil([&] { return !failed.isEmpty(); }));
    EXPECT_TRUE(failed.contains("launches.jsonl is missing")) << failed.toStdString();
    EXPECT_EQ(launches.rowCount(), 0);
}

}  // namespace
}  // namespace ws
