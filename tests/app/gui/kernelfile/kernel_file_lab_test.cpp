// The kernel-file lab in the window, against the fake worker: the file's
// parameters become the panel's sliders, a run carries the file and shows
// in the general views, a saved edit runs again, and every way a run goes
// wrong (a description that does not hold, a compile error, a launch that
// never ends, a worker that crashed, no GPU) is said in the editor while the
// window carries on.
#include "app/gui/kernelfile/kernel_file_lab.h"

#include <Qsci/qsciscintilla.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>

#include "app/gui/kernelfile/kernel_editor.h"
#include "app/gui/kernelfile/kernel_file_watch.h"
#include "app/gui/kernelfile/kernel_sanitizer.h"
#include "app/gui/window/main_window.h"
#include "app/gui/workbench/parameter_panel.h"
#include "app/gui/workbench/run_info_panel.h"
#include "app/gui/worker/worker_client.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/trace/trace_io.h"
#include "tests/app/gui/app_test_support.h"
#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

QString contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

class KernelFileLabTest : public ::testing::Test {
protected:
    KernelFileLabTest() {
        test::app();
        qputenv("WARPSCOPE_RESOURCES", files.resources().toUtf8());
        // A copy of the example, so that the tests' edits stay theirs.
        kernel = files.dir() + "/vector_add.cu";
        source = contents(qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") +
                          "/examples/kernels/vector_add.cu");
        if (source.isEmpty() || !test::writeFile(kernel, source.toUtf8()))
            qFatal("cannot copy examples/kernels/vector_add.cu");
        // The run a worker with a GPU answers: a kernel file's, keeping its source.
        ws::Run run = test::smallRun();
        run.experiment = kernelfile::kKernelFileExperiment;
        run.params = {{"n", "1048576"}};
        run.texts[kernelfile::kSourceText] = source.toStdString();
        run.texts[kernelfile::kFileNameText] = "vector_add.cu";
        kernelTrace = files.dir() + "/kernel.wstrace";
        if (!saveTrace(run, kernelTrace.toStdString())) qFatal("cannot write the kernel trace");
    }
    ~KernelFileLabTest() override { qunsetenv("WARPSCOPE_RESOURCES"); }

    std::unique_ptr<MainWindow> window(const QString& mode) {
        const QStringList worker = {"/bin/sh", QStringLiteral(WS_TEST_DIR "/fake_worker.sh"), mode,
                                    kernelTrace, files.state()};
        auto w = std::make_unique<MainWindow>(WindowOptions{worker, 10000, false});
        lab = kernelFileLabOf(w.get());
        if (lab) {
            QObject::connect(lab, &KernelFileLab::settled, [this] { ++settled; });
            lab->watch()->setSettleMs(30);
        }
        QObject::connect(w.get(), &MainWindow::runShown, [this] { ++shown; });
        return w;
    }
    // The run requests the fake worker received, as it received them.
    std::vector<QJsonObject> requests() const {
        std::vector<QJsonObject> out;
        for (const QString& line : contents(files.state() + "/requests").split('\n'))
            if (!line.trimmed().isEmpty())
                out.push_back(QJsonDocument::fromJson(line.toUtf8()).object());
        return out;
    }
    bool settle(int count = 1) {
        return test::waitFor([&] { return settled >= count; });
    }

    test::AppFixtureFiles files;
    QString kernel, source, kernelTrace;
    KernelFileLab* lab = nullptr;
    int settled = 0;
    int shown = 0;
};

TEST_F(KernelFileLabTest, TheFilesParametersAreThePanelsSlidersAndNoGpuIsSaid) {
    auto w = window("nodevice");
    ASSERT_NE(lab, nullptr);
    EXPECT_TRUE(lab->dock()->isHidden());  // until a file opens
    lab->openFile(kernel);
    ASSERT_TRUE(settle());
    EXPECT_EQ(lab->editor()->source(), source);
    EXPECT_TRUE(lab->editor()->title().startsWith("vector_add.cu"));
    EXPECT_FALSE(lab->dock()->isHidden());

    // vector_add.cu's one parameter, n in [1, 67108864], 1048576 by default.
    ParameterPanel* panel = w->parameters();
    ASSERT_NE(lab->spec(), nullptr);
    EXPECT_EQ(panel->experiment(), lab->spec());
    EXPECT_EQ(lab->spec()->id, kernelfile::kKernelFileExperiment);
    ASSERT_EQ(lab->spec()->params.size(), 1u);
    EXPECT_NE(panel->sliderFor("n"), nullptr);
    auto* spin = qobject_cast<QSpinBox*>(panel->spinFor("n"));
    ASSERT_NE(spin, nullptr);
    EXPECT_EQ(spin->minimum(), 1);
    EXPECT_EQ(spin->maximum(), 67108864);
    EXPECT_EQ(spin->value(), 1048576);
    EXPECT_EQ(panel->comboFor("example"), nullptr);  // not the catalog's bundled examples
    EXPECT_TRUE(w->windowTitle().contains("Vector add")) << w->windowTitle().toStdString();

    // No GPU: no recorded stand-in for a file of one's own; the reason is
    // said in the editor and the run panel, and the worker ran nothing.
    EXPECT_TRUE(lab->editor()->statusIsError());
    EXPECT_TRUE(lab->editor()->statusText().contains("no CUDA device: fake worker"))
        << lab->editor()->statusText().toStdString();
    EXPECT_TRUE(lab->editor()->statusText().contains("vector_add.cu"));
    EXPECT_TRUE(w->runInfo()->text().contains("no CUDA device: fake worker"));
    EXPECT_TRUE(files.runsSeen().isEmpty());
    EXPECT_EQ(w->model()->run(), nullptr);
}

TEST_F(KernelFileLabTest, ARunCarriesTheFileAndShowsInTheGeneralViews) {
    auto w = window("ok");
    lab->openFile(kernel);
    ASSERT_TRUE(settle());
    auto sent = requests();
    ASSERT_EQ(sent.size(), 1u);
    EXPECT_EQ(sent[0].value("experiment").toString(), "kernel-file");
    EXPECT_EQ(sent[0].value("params").toObject().value("n").toString(), "1048576");
    const QJsonObject file = sent[0].value("kernelFile").toObject();
    EXPECT_EQ(file.value("name").toString(), "vector_add.cu");
    EXPECT_EQ(file.value("source").toString(), source);
    EXPECT_EQ(sent[0].value("timeLimit").toDouble(), 10);

    // Shown like any run: the playback model (grid, SM timeline) and the run panel.
    ASSERT_EQ(shown, 1);
    ASSERT_NE(w->model()->run(), nullptr);
    EXPECT_EQ(w->model()->run()->experiment, "kernel-file");
    EXPECT_TRUE(w->runInfo()->text().contains("Test GPU")) << w->runInfo()->text().toStdString();
    EXPECT_FALSE(lab->editor()->statusIsError());
    EXPECT_TRUE(lab->editor()->statusText().contains("ran on Test GPU"))
        << lab->editor()->statusText().toStdString();
    // The file's sliders stay: the run is of its parameters, not the catalog's.
    EXPECT_EQ(w->parameters()->experiment(), lab->spec());

    // The panel's Run runs the file with the panel's values.
    qobject_cast<QSpinBox*>(w->parameters()->spinFor("n"))->setValue(4096);
    w->parameters()->runButton()->click();
    ASSERT_TRUE(settle(2));
    sent = requests();
    ASSERT_EQ(sent.size(), 2u);
    EXPECT_EQ(sent[1].value("params").toObject().value("n").toString(), "4096");
    EXPECT_EQ(sent[1].value("kernelFile").toObject().value("name").toString(), "vector_add.cu");

    // Another experiment chosen, then the editor's Run: the file's sliders come back.
    w->chooseExperiment("vector-add");
    EXPECT_NE(w->parameters()->experiment(), lab->spec());
    lab->editor()->runButton()->click();
    ASSERT_TRUE(test::waitFor([&] { return requests().size() == 3; }));
    EXPECT_EQ(w->parameters()->experiment(), lab->spec());
    EXPECT_EQ(requests()[2].value("params").toObject().value("n").toString(), "4096");
}

TEST_F(KernelFileLabTest, TheCommandLinesValuesGoOverTheDefaults) {
    auto w = window("ok");
    lab->openFile(kernel, {"n=4096"});
    ASSERT_TRUE(settle());
    ASSERT_EQ(requests().size(), 1u);
    EXPECT_EQ(requests()[0].value("params").toObject().value("n").toString(), "4096");
    // (The panel then shows the answer's values: the fake worker's trace is
    // of the default n.)

    // A value the file does not allow is said, and nothing runs.
    lab->openFile(kernel, {"n=0"});
    ASSERT_TRUE(settle(2));
    EXPECT_EQ(requests().size(), 1u);
    EXPECT_TRUE(lab->editor()->statusIsError());
    EXPECT_TRUE(lab->editor()->statusText().contains("n"))
        << lab->editor()->statusText().toStdString();
}

TEST_F(KernelFileLabTest, CompileErrorsAreMarkedOnTheirLines) {
    auto w = window("compile-error");
    lab->openFile(kernel);
    ASSERT_TRUE(settle());
    KernelEditor* e = lab->editor();
    EXPECT_TRUE(e->errorMarkedAt(30));
    EXPECT_TRUE(e->errorMarkedAt(31));
    EXPECT_TRUE(e->warningMarkedAt(28));
    EXPECT_FALSE(e->errorMarkedAt(29));
    EXPECT_FALSE(e->errorMarkedAt(1));
    EXPECT_TRUE(e->annotationAt(30).contains("identifier \"x\" is undefined"))
        << e->annotationAt(30).toStdString();
    EXPECT_TRUE(e->annotationAt(31).contains("expected a \";\""));
    EXPECT_TRUE(e->statusIsError());
    EXPECT_TRUE(e->statusText().contains("does not compile (2 errors"))
        << e->statusText().toStdString();
    EXPECT_TRUE(e->statusText().contains("Line 30")) << e->statusText().toStdString();
    // The window carries on, with nothing shown.
    EXPECT_EQ(w->model()->run(), nullptr);
    EXPECT_EQ(shown, 0);
}

TEST_F(KernelFileLabTest, ADescriptionThatDoesNotHoldIsMarkedAndNothingRuns) {
    auto w = window("ok");
    QString broken = source;
    broken.replace("fill: random, seed: 2", "fill: ones");
    ASSERT_NE(broken, source);
    ASSERT_TRUE(test::writeFile(kernel, broken.toUtf8()));
    lab->openFile(kernel);
    ASSERT_TRUE(settle());
    EXPECT_TRUE(requests().empty());
    KernelEditor* e = lab->editor();
    EXPECT_TRUE(e->statusIsError());
    EXPECT_TRUE(e->statusText().contains("launch description")) << e->statusText().toStdString();
    EXPECT_TRUE(e->statusText().contains("ones")) << e->statusText().toStdString();
    // Marked on a line of the description, which spans lines 4 to 24.
    ASSERT_EQ(e->diagnostics().size(), 1u);
    const int line = e->diagnostics()[0].line;
    EXPECT_GE(line, 4);
    EXPECT_LE(line, 24);
    EXPECT_TRUE(e->errorMarkedAt(line));
}

TEST_F(KernelFileLabTest, ASavedEditRunsAgain) {
    auto w = window("ok");
    lab->openFile(kernel);
    ASSERT_TRUE(settle());
    ASSERT_EQ(requests().size(), 1u);

    // Saved in place by another editor.
    const QString edited = QString(source).replace("// bounds check", "// in bounds");
    ASSERT_TRUE(test::writeFile(kernel, edited.toUtf8()));
    ASSERT_TRUE(test::waitFor([&] { return requests().size() == 2; }));
    EXPECT_EQ(lab->editor()->source(), edited);
    EXPECT_EQ(requests()[1].value("kernelFile").toObject().value("source").toString(), edited);

    // Saved by renaming a new file over it, with a parameter more: its slider comes.
    QString more = edited;
    more.replace("params:\n", "params:\n  m: {default: 3, min: 1, max: 9}\n");
    const QString temporary = files.dir() + "/.vector_add.cu.tmp";
    ASSERT_TRUE(test::writeFile(temporary, more.toUtf8()));
    ASSERT_EQ(::rename(temporary.toLocal8Bit().constData(), kernel.toLocal8Bit().constData()), 0);
    ASSERT_TRUE(test::waitFor([&] { return requests().size() == 3; }));
    EXPECT_NE(w->parameters()->sliderFor("m"), nullptr);
    EXPECT_EQ(w->parameters()->experiment(), lab->spec());
    EXPECT_EQ(requests()[2].value("params").toObject().value("m").toString(), "3");

    // Edits in the editor that are not saved are not lost to one on disk.
    lab->editor()->text()->append("// mine\n");
    ASSERT_TRUE(lab->editor()->isModified());
    ASSERT_TRUE(test::writeFile(kernel, source.toUtf8()));
    ASSERT_TRUE(test::waitFor([&] {
        return lab->editor()->statusText().contains("not read again");
    })) << lab->editor()->statusText().toStdString();
    EXPECT_TRUE(lab->editor()->source().endsWith("// mine\n"));
    EXPECT_EQ(requests().size(), 3u);

    // Save writes them, and the saved file runs.
    lab->save();
    ASSERT_TRUE(test::waitFor([&] { return requests().size() == 4; }));
    EXPECT_TRUE(contents(kernel).endsWith("// mine\n"));
    EXPECT_FALSE(lab->editor()->isModified());
}

TEST_F(KernelFileLabTest, AHungLaunchAndACrashedWorkerAreSaidAndTheNextRunWorks) {
    {
        auto w = window("hung-kernel");
        lab->openFile(kernel);
        ASSERT_TRUE(settle());
        const QString status = lab->editor()->statusText();
        EXPECT_TRUE(status.contains("did not finish within 1 s")) << status.toStdString();
        EXPECT_TRUE(status.contains("fresh one")) << status.toStdString();
        // The worker ended with its launch; the next run has a fresh one.
        lab->run();
        ASSERT_TRUE(settle(2));
        EXPECT_EQ(w->source()->worker()->startCount(), 2);
    }
    settled = 0;
    auto w = window("crash-once");
    lab->openFile(kernel);
    ASSERT_TRUE(settle());
    EXPECT_TRUE(lab->editor()->statusText().contains("crashed"))
        << lab->editor()->statusText().toStdString();
    lab->run();
    ASSERT_TRUE(settle(2));
    EXPECT_FALSE(lab->editor()->statusIsError()) << lab->editor()->statusText().toStdString();
    ASSERT_NE(w->model()->run(), nullptr);
    EXPECT_EQ(w->model()->run()->experiment, "kernel-file");
}

TEST_F(KernelFileLabTest, AKernelFilesTraceShowsItsSourceInTheEditor) {
    auto w = window("nodevice");
    w->openTrace(kernelTrace, false);
    ASSERT_TRUE(test::waitFor([&] { return shown == 1; }));
    EXPECT_FALSE(lab->dock()->isHidden());
    EXPECT_EQ(lab->editor()->source(), source);
    EXPECT_TRUE(lab->editor()->title().startsWith("vector_add.cu"))
        << lab->editor()->title().toStdString();
    EXPECT_FALSE(lab->editor()->saveButton()->isEnabled());  // no file of one's own
    // The file's own sliders at the values the run had, not the catalog
    // entry's choice of bundled example.
    ParameterPanel* panel = w->parameters();
    ASSERT_NE(lab->spec(), nullptr);
    EXPECT_EQ(panel->experiment(), lab->spec());
    EXPECT_EQ(panel->comboFor("example"), nullptr);
    auto* spin = qobject_cast<QSpinBox*>(panel->spinFor("n"));
    ASSERT_NE(spin, nullptr);
    const auto* run = w->model()->run();
    ASSERT_NE(run, nullptr);
    EXPECT_EQ(std::to_string(spin->value()), run->params.at("n"));
}

// A 1366 x 768 laptop (less its panels) holds the window with the editor's dock.
TEST_F(KernelFileLabTest, TheWindowFitsALaptopScreenWithTheEditor) {
    auto w = window("nodevice");
    w->setOffscreenSize(QSize(1366, 728));
    w->show();
    lab->openFile(kernel);
    ASSERT_TRUE(settle());
    for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();
    EXPECT_LE(w->minimumSizeHint().width(), 1366);
    EXPECT_LE(w->minimumSizeHint().height(), 728);
    EXPECT_LE(w->width(), 1366);
    const QImage img = test::render(*w);
    EXPECT_EQ(img.width(), w->width());
}

TEST_F(KernelFileLabTest, ComputeSanitizerChecksTheSavedFileAndMarksItsErrors) {
    auto w = window("ok");
    lab->openFile(kernel);
    ASSERT_TRUE(settle());
    // A stand-in for warpscope-record: it keeps its arguments and prints the
    // report compute-sanitizer would.
    const QString recorder = files.dir() + "/recorder.sh";
    ASSERT_TRUE(test::writeFile(
        recorder,
        ("#!/bin/sh\necho \"$@\" > '" + files.dir() + "/recorder-args'\n" +
         "echo '========= COMPUTE-SANITIZER'\n"
         "echo '========= Invalid __global__ write of size 4 bytes'\n"
         "echo '=========     at vector_add(const float *, const float *, float *, int)+0x70 in " +
         kernel + ":30'\n" + "echo '========= ERROR SUMMARY: 1 error'\nexit 1\n")
            .toUtf8()));
    QFile::setPermissions(recorder, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
    lab->sanitizer()->setRecorder(recorder);
    int checks = 0;
    QObject::connect(lab, &KernelFileLab::sanitized, [&] { ++checks; });
    lab->sanitize();
    ASSERT_TRUE(test::waitFor([&] { return checks == 1; }));
    EXPECT_EQ(contents(files.dir() + "/recorder-args").trimmed(),
              "run-kernel " + kernel + " n=1048576 --sanitize");
    EXPECT_TRUE(lab->editor()->errorMarkedAt(30));
    EXPECT_TRUE(lab->editor()->statusIsError());
    const QString status = lab->editor()->statusText();
    EXPECT_TRUE(status.contains("found 1 error in vector_add.cu")) << status.toStdString();
    EXPECT_TRUE(status.contains("line 30: Invalid __global__ write")) << status.toStdString();
    EXPECT_TRUE(lab->sanitizerReport().contains("ERROR SUMMARY"));

    // Edits not saved: the check is of the file as saved, so it waits.
    lab->editor()->text()->append("// an edit\n");
    lab->sanitize();
    EXPECT_EQ(checks, 2);
    EXPECT_TRUE(lab->editor()->statusText().contains("Save the file first"));
}

TEST_F(KernelFileLabTest, ClosingTheWindowEndsACheckAndWhatItStarted) {
    auto w = window("ok");
    lab->openFile(kernel);
    ASSERT_TRUE(settle());
    // A stand-in whose own child (as compute-sanitizer is warpscope-record's)
    // would outlive it.
    const QString recorder = files.dir() + "/slow-recorder.sh";
    const QString pidFile = files.dir() + "/child-pid";
    ASSERT_TRUE(test::writeFile(
        recorder, ("#!/bin/sh\nsleep 60 &\necho $! > '" + pidFile + "'\nwait\n").toUtf8()));
    QFile::setPermissions(recorder, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
    lab->sanitizer()->setRecorder(recorder);
    lab->sanitize();
    ASSERT_TRUE(test::waitFor([&] { return !contents(pidFile).trimmed().isEmpty(); }));
    const pid_t child = pid_t(contents(pidFile).trimmed().toLongLong());
    ASSERT_GT(child, 0);
    w.reset();
    EXPECT_TRUE(test::waitFor([&] { return ::kill(child, 0) != 0; }))
        << "the check's child " << child << " outlived the window";
}

}  // namespace
}  // namespace ws
