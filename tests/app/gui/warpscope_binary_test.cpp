// End-to-end: the real warpscope binary, as scripts and the docs run it.
#include <gtest/gtest.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSet>

#include "core/trace/trace_io.h"
#include "tests/app/gui/app_test_support.h"
#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

struct Outcome {
    int code = -1;
    QString err;
    double seconds = 0;
    QString out;
};

class WarpscopeBinary : public ::testing::Test {
protected:
    WarpscopeBinary() { test::app(); }
    static QString binaryDir() { return qEnvironmentVariable("WARPSCOPE_BINARY_DIR"); }
    static QString warpscope() { return binaryDir() + "/app/gui/warpscope"; }
    Outcome run(const QStringList& args, int timeoutMs = 60000) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("QT_QPA_PLATFORM", "offscreen");
        env.insert("WARPSCOPE_RESOURCES", files.resources());
        p.setProcessEnvironment(env);
        QElapsedTimer t;
        t.start();
        p.start(warpscope(), args);
        if (!p.waitForFinished(timeoutMs)) {
            const QString why = p.error() == QProcess::FailedToStart
                                    ? "cannot start " + warpscope() + ": " + p.errorString()
                                    : QStringLiteral("timed out");
            p.kill();
            p.waitForFinished();
            return {-1, why, t.elapsed() / 1000.0};
        }
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardError()), t.elapsed() / 1000.0,
                QString::fromUtf8(p.readAllStandardOutput())};
    }
    // A real screenshot: the window's size and many colours, not a blank.
    static void expectScreenshot(const QString& path, QSize size = {1920, 1080}) {
        const QImage img(path);
        ASSERT_FALSE(img.isNull()) << path.toStdString();
        EXPECT_EQ(img.size(), size);
        QSet<QRgb> colours;
        for (int y = 0; y < img.height(); y += 7)
            for (int x = 0; x < img.width(); x += 7) colours.insert(img.pixel(x, y));
        EXPECT_GT(colours.size(), 20);
    }
    test::AppFixtureFiles files;
};

TEST_F(WarpscopeBinary, ScreenshotOfATrace) {
    const QString png = files.dir() + "/shot.png";
    const Outcome o = run({"--trace", files.trace(), "--screenshot", png, "--at", "3"});
    EXPECT_EQ(o.code, 0) << o.err.toStdString();
    expectScreenshot(png);
}

// A kernel file of one's own on a machine without a GPU: the window opens
// on the kernel-file lab with the file in its editor, the run fails with the
// worker's reason, said in the window, and the picture is still taken. A
// file that is not there is a bad command line.
TEST_F(WarpscopeBinary, ScreenshotOfAKernelFileWithoutAGpu) {
    const QString kernel =
        qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") + "/examples/kernels/vector_add.cu";
    const QString png = files.dir() + "/kernel.png";
    const Outcome o = run({"--kernel", kernel, "n=4096", "--screenshot", png, "--window-size",
                           "1280x720", "--worker", files.workerLine("nodevice")});
    EXPECT_EQ(o.code, 0) << o.err.toStdString();
    expectScreenshot(png, {1280, 720});
    // The worker was asked for nothing: without a GPU a file of one's own
    // has no recorded stand-in.
    EXPECT_TRUE(files.runsSeen().isEmpty());

    const Outcome missing = run({"--kernel", files.dir() + "/nowhere.cu"});
    EXPECT_EQ(missing.code, 2);
    EXPECT_TRUE(missing.err.contains("nowhere.cu: no such file")) << missing.err.toStdString();
}

TEST_F(WarpscopeBinary, ASlideBeyondTheLessonIsNamedAndTheLastShown) {
    const QString lesson = files.dir() + "/two.yaml";
    ASSERT_TRUE(test::writeFile(lesson,
                                "title: Two\nslides:\n  - title: One\n    trace: a.wstrace\n"
                                "    views: [timeline]\n    narration: First.\n"
                                "  - title: Two\n    views: [grid]\n    narration: Second.\n"));
    const QString png = files.dir() + "/slide.png";
    const Outcome o = run({"--lesson", lesson, "--slide", "999", "--screenshot", png});
    EXPECT_EQ(o.code, 0) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains("--slide 999: this lesson has slides 1..2; showing the last"))
        << o.err.toStdString();
    expectScreenshot(png);
}

// A laptop's 1600x900 for the window, a small projector's 720p for a slide.
// A course's CI: every slide loaded without a window, each problem one line
// naming file, slide and field, exit 2; a sound lesson exits 0.
TEST_F(WarpscopeBinary, CheckLessonNamesEveryProblemOnItsOwnLine) {
    const QString lesson = files.dir() + "/course.yaml";
    ASSERT_TRUE(
        test::writeFile(lesson,
                        "title: Course\nslides:\n"
                        "  - title: Timed\n    trace: a.wstrace\n    views: [timeline]\n"
                        "    narration: '{blocks} blocks in {kernel_ms}'\n"
                        "    expect: '{kernel_ms} > 1000'\n"
                        "  - title: Missing\n    trace: nowhere.wstrace\n    views: [grid]\n"
                        "  - title: Unknown figure\n    trace: a.wstrace\n    views: [grid]\n"
                        "    notes: 'it took {casAttemptsMean}'\n"));
    const Outcome o = run({"--check-lesson", lesson});
    EXPECT_EQ(o.code, 2) << o.err.toStdString() << o.out.toStdString();
    const QStringList lines = o.out.trimmed().split('\n');
    EXPECT_EQ(lines.size(), 3) << o.out.toStdString();
    EXPECT_TRUE(
        o.out.contains("course.yaml: slide 1 (Timed), field 'expect': these runs break "
                       "'{kernel_ms} > 1000'"))
        << o.out.toStdString();
    EXPECT_TRUE(o.out.contains("slide 2 (Missing): The trace 'nowhere.wstrace' is missing"))
        << o.out.toStdString();
    EXPECT_TRUE(o.out.contains("slide 3 (Unknown figure), field 'notes': '{casAttemptsMean}'"))
        << o.out.toStdString();

    const QString sound = files.dir() + "/sound.yaml";
    ASSERT_TRUE(test::writeFile(sound,
                                "title: Sound\nslides:\n  - title: One\n    trace: a.wstrace\n"
                                "    views: [grid]\n    narration: '**{blocks}** blocks'\n"));
    const Outcome ok = run({"--check-lesson", sound});
    EXPECT_EQ(ok.code, 0) << ok.out.toStdString() << ok.err.toStdString();
    EXPECT_TRUE(ok.out.contains("every figure named")) << ok.out.toStdString();

    const Outcome text = run({"--lesson", sound, "--slide", "1", "--print-narration"});
    EXPECT_EQ(text.code, 0) << text.err.toStdString();
    EXPECT_TRUE(text.out.trimmed().endsWith(" blocks")) << text.out.toStdString();
    EXPECT_FALSE(text.out.contains('{') || text.out.contains("**")) << text.out.toStdString();
}

// Issue 44: a lesson presented from an H100's folder that lacked a
// figures_from run took it from the bundled traces, another GPU's, and
// --check-lesson said every run was found. It lists such a run now, one
// line, and fails on it only with --strict; --print-narration marks its
// figures and says which GPU measured them.
TEST_F(WarpscopeBinary, CheckLessonListsRunsFromElsewhereAndStrictFailsOnThem) {
    const QString h100 = files.dir() + "/h100";
    ASSERT_TRUE(QDir().mkpath(h100));
    ws::Run persistent = test::smallRun();
    persistent.device.name = "NVIDIA H100 80GB HBM3";
    ASSERT_TRUE(saveTrace(persistent, (h100 + "/p.wstrace").toStdString()));
    const QString lesson = files.dir() + "/course.yaml";
    ASSERT_TRUE(test::writeFile(lesson,
                                "title: Course\nslides:\n"
                                "  - title: Persistent\n    trace: p.wstrace\n    views: [grid]\n"
                                "    narration: '{kernel_ms} against {cublas.kernel_ms}: "
                                "{kernel_ms / cublas.kernel_ms:%}'\n"
                                "    figures_from: {cublas: a.wstrace}\n"));
    const QString listed =
        "course.yaml: slide 1 (Persistent), figures_from 'cublas': " + files.resources() +
        "/traces/a.wstrace, measured on Test GPU (not in h100; the slide's "
        "run: NVIDIA H100 80GB HBM3)";

    const Outcome o = run({"--check-lesson", lesson, "--traces", h100});
    EXPECT_EQ(o.code, 0) << o.out.toStdString() << o.err.toStdString();
    const QStringList lines = o.out.trimmed().split('\n');
    ASSERT_EQ(lines.size(), 2) << o.out.toStdString();
    EXPECT_TRUE(lines[0].endsWith(listed)) << lines[0].toStdString();
    EXPECT_TRUE(
        lines[1].endsWith("every expectation held; 1 run from elsewhere or another GPU "
                          "(above)"))
        << lines[1].toStdString();

    const Outcome strict = run({"--check-lesson", lesson, "--traces", h100, "--strict"});
    EXPECT_EQ(strict.code, 2) << strict.out.toStdString() << strict.err.toStdString();
    EXPECT_TRUE(strict.out.contains(listed)) << strict.out.toStdString();
    EXPECT_TRUE(strict.out.contains("--strict: 1 run from elsewhere")) << strict.out.toStdString();

    const Outcome text =
        run({"--lesson", lesson, "--traces", h100, "--slide", "1", "--print-narration"});
    EXPECT_EQ(text.code, 0) << text.err.toStdString();
    EXPECT_EQ(
        text.out.trimmed().split('\n'),
        (QStringList{QString::fromUtf8("0.00200\u00a0ms against 0.00200\u00a0ms†: 100\u00a0%†"),
                     QString::fromUtf8("† measured on Test GPU, not on this slide's H100 "
                                       "80GB HBM3")}))
        << text.out.toStdString();
    EXPECT_TRUE(text.err.contains("figures_from 'cublas'")) << text.err.toStdString();

    // Every run in the folder and of one GPU: nothing to list, even strict.
    ASSERT_TRUE(saveTrace(persistent, (h100 + "/a.wstrace").toStdString()));
    const Outcome clean = run({"--check-lesson", lesson, "--traces", h100, "--strict"});
    EXPECT_EQ(clean.code, 0) << clean.out.toStdString();
    EXPECT_EQ(clean.out.trimmed().count('\n'), 0) << clean.out.toStdString();
}

TEST_F(WarpscopeBinary, ScreenshotAtAChosenSize) {
    const QString window = files.dir() + "/small.png";
    Outcome o =
        run({"--trace", files.trace(), "--screenshot", window, "--window-size", "1600x900"});
    EXPECT_EQ(o.code, 0) << o.err.toStdString();
    expectScreenshot(window, {1600, 900});
    const QString lesson = files.dir() + "/one.yaml";
    ASSERT_TRUE(test::writeFile(lesson,
                                "title: One\nslides:\n  - title: One\n    trace: a.wstrace\n"
                                "    views: [timeline]\n    narration: First.\n"));
    const QString slide = files.dir() + "/slide720.png";
    o = run(
        {"--lesson", lesson, "--presentation", "--screenshot", slide, "--window-size", "1280x720"});
    EXPECT_EQ(o.code, 0) << o.err.toStdString();
    expectScreenshot(slide, {1280, 720});
}

TEST_F(WarpscopeBinary, ScreenshotAtATime) {
    const QString png = files.dir() + "/shot.png";
    EXPECT_EQ(run({"--trace", files.trace(), "--screenshot", png, "--time", "500"}).code, 0);
    expectScreenshot(png);
}

TEST_F(WarpscopeBinary, BadArgumentsExitNonZeroWithOneLine) {
    for (const QStringList& args : {QStringList{"--bogus"},
                                    {"--experiment", "no-such-experiment"},
                                    {"--experiment", "reduce-single-block", "block=100"},
                                    {"--lesson", "no-such-lesson"},
                                    {"--slide", "2"}}) {
        const Outcome o = run(args);
        EXPECT_EQ(o.code, 2) << args.join(' ').toStdString();
        EXPECT_TRUE(o.err.startsWith("warpscope: ")) << o.err.toStdString();
        EXPECT_EQ(o.err.trimmed().count('\n'), 0) << o.err.toStdString();
    }
}

TEST_F(WarpscopeBinary, ACorruptTraceSaysWhatIsWrong) {
    const QString bad = files.dir() + "/corrupt.wstrace";
    ASSERT_TRUE(test::writeFile(bad, QByteArray(64, '\x7f')));
    const Outcome o = run({"--trace", bad, "--screenshot", files.dir() + "/x.png"});
    EXPECT_EQ(o.code, 1);
    EXPECT_TRUE(o.err.contains("corrupt.wstrace")) << o.err.toStdString();
    EXPECT_FALSE(QFileInfo::exists(files.dir() + "/x.png"));
    EXPECT_EQ(
        run({"--trace", files.dir() + "/missing.wstrace", "--screenshot", files.dir() + "/x.png"})
            .code,
        1);
}

TEST_F(WarpscopeBinary, APictureThatCannotBeWrittenIsRefusedAtOnce) {
    const Outcome missing =
        run({"--trace", files.trace(), "--screenshot", files.dir() + "/no-such-folder/x.png"});
    EXPECT_EQ(missing.code, 2);
    EXPECT_TRUE(
        missing.err.contains("the folder '" + files.dir() + "/no-such-folder' does not exist"))
        << missing.err.toStdString();
    const Outcome folder =
        run({"--trace", files.trace(), "--export-view", "grid", "-o", files.dir()});
    EXPECT_EQ(folder.code, 2);
    EXPECT_TRUE(folder.err.contains("it is a folder")) << folder.err.toStdString();
}

TEST_F(WarpscopeBinary, WithoutAGpuTheFakeWorkerLeadsToRecordedTraces) {
    const QString png = files.dir() + "/rec.png";
    const Outcome o = run({"--experiment", "reduce-single-block", "--worker",
                           files.workerLine("nodevice"), "--screenshot", png});
    EXPECT_EQ(o.code, 0) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains("showing recorded traces")) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains("recorded on")) << o.err.toStdString();
    expectScreenshot(png);
}

TEST_F(WarpscopeBinary, TheRealWorkerOnThisMachine) {
    const QString worker = binaryDir() + "/app/record/warpscope-record";
    if (!QFileInfo(worker).isExecutable())
        GTEST_SKIP() << "warpscope-record is not built at " << worker.toStdString();
    const QString png = files.dir() + "/real.png";
    // No --worker: warpscope finds ../record/warpscope-record itself.
    const Outcome o =
        run({"--experiment", "reduce-single-block", "n=2048", "block=128", "--screenshot", png});
    EXPECT_EQ(o.code, 0) << o.err.toStdString();
    expectScreenshot(png);
    // On a machine without a GPU (CI, laptops) the window shows a recorded run.
    if (o.err.contains("no GPU")) EXPECT_TRUE(o.err.contains("recorded on")) << o.err.toStdString();
}

// A worker that cannot start or ends at once: the screenshot falls back to
// the bundled traces without waiting for the worker timeout, the window says
// why, and the script that asked gets its picture.
TEST_F(WarpscopeBinary, AWorkerThatCannotStartFallsBackAtOnce) {
    const QString script = files.dir() + "/no-host.sh";
    ASSERT_TRUE(test::writeFile(
        script, "#!/bin/sh\necho 'ssh: Could not resolve hostname gpu-host' >&2\nexit 255\n"));
    QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const std::vector<std::pair<QString, QString>> workers = {
        {"/bin/false", "exited with status 1 before it said hello"},
        {files.dir() + "/missing/warpscope-record serve", "could not be started"},
        {script, "Could not resolve hostname gpu-host"}};
    for (const auto& [worker, why] : workers) {
        const QString png = files.dir() + "/fallback.png";
        QFile::remove(png);
        const Outcome o = run({"--experiment", "reduce-single-block", "--worker", worker,
                               "--worker-timeout", "60", "--screenshot", png});
        EXPECT_EQ(o.code, 0) << worker.toStdString() << ": " << o.err.toStdString();
        EXPECT_LT(o.seconds, 20) << worker.toStdString();  // not the 60 s timeout
        EXPECT_TRUE(o.err.contains(why)) << o.err.toStdString();
        EXPECT_TRUE(o.err.contains("showing recorded traces")) << o.err.toStdString();
        expectScreenshot(png);
    }
}

TEST_F(WarpscopeBinary, AWorkerThatCrashesIsReported) {
    const Outcome o = run({"--experiment", "reduce-single-block", "--worker",
                           files.workerLine("crash-once"), "--screenshot", files.dir() + "/x.png"});
    EXPECT_EQ(o.code, 1);
    EXPECT_TRUE(o.err.contains("crashed")) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains("fresh worker")) << o.err.toStdString();
}

TEST_F(WarpscopeBinary, AWorkerThatHangsIsStoppedAfterTheTimeout) {
    const Outcome o =
        run({"--experiment", "reduce-single-block", "--worker", files.workerLine("hang"),
             "--worker-timeout", "1", "--screenshot", files.dir() + "/x.png"});
    EXPECT_EQ(o.code, 1);
    EXPECT_TRUE(o.err.contains("no answer for 1 s")) << o.err.toStdString();
    EXPECT_LT(o.seconds, 15);
}

TEST_F(WarpscopeBinary, ALiveRunThroughAWorker) {
    const QString png = files.dir() + "/live.png";
    const Outcome o = run({"--experiment", "reduce-single-block", "--worker",
                           files.workerLine("ok"), "--screenshot", png});
    EXPECT_EQ(o.code, 0) << o.err.toStdString();
    expectScreenshot(png);
}

}  // namespace
}  // namespace ws
