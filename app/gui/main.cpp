// warpscope: the Qt application. main() parses the command line, opens the
// window, and for --screenshot waits for the run, renders the window and exits.
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QProcess>
#include <QThreadPool>
#include <QTimer>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>

#include "app/gui/common/app_log.h"
#include "app/gui/common/resource_paths.h"
#include "app/gui/export/screenshot.h"
#include "app/gui/kernelfile/kernel_file_lab.h"
#include "app/gui/lessons/lesson_controller.h"
#include "app/gui/lessons/lesson_library.h"
#include "app/gui/lessons/slide_stage.h"
#include "app/gui/window/export_actions.h"
#include "app/gui/window/lab_modules.h"
#include "app/gui/window/main_window.h"
#include "app/gui/workbench/command_line.h"
#include "app/gui/workbench/look_menus.h"
#include "app/gui/workbench/saved_session.h"
#include "core/catalog/catalog.h"
#include "core/common/output_path.h"
#include "widgets/model/playback_model.h"
#include "widgets/view/ui_scale.h"

namespace {

int fail(const QString& message, int code) {
    std::fprintf(stderr, "warpscope: %s\n", message.toLocal8Bit().constData());
    return code;
}

// The offscreen platform reports what it cannot do (window size hints) and a
// missing runtime folder; neither matters for a screenshot, and stderr is kept
// for the one line a script reads.
void quietQtMessages(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (message.contains(QLatin1String("propagateSizeHints")) ||
        message.contains(QLatin1String("XDG_RUNTIME_DIR")))
        return;
    if (type == QtDebugMsg || type == QtInfoMsg) return;
    std::fprintf(stderr, "warpscope: Qt: %s\n",
                 qPrintable(qFormatLogMessage(type, context, message)));
}

// Screenshots, exports and the lesson checks show nothing on a screen.
bool wantsScreenshot(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        for (const char* offscreen :
             {"--screenshot", "--export-view", "--print-narration", "--check-lesson"})
            if (std::strcmp(argv[i], offscreen) == 0) return true;
    return false;
}

// --check-lesson's last line where no slide had a problem: the lesson
// holds, counting the runs listed from elsewhere, or --strict fails on them.
QString checkSummary(int slides, int elsewhere, bool strict) {
    const QString runs =
        elsewhere == 1 ? QStringLiteral("1 run") : QStringLiteral("%1 runs").arg(elsewhere);
    if (strict && elsewhere > 0)
        return QStringLiteral(
                   "--strict: %1 from elsewhere than the traces given or of another "
                   "GPU than the slide's run (above)")
            .arg(runs);
    QString summary =
        QStringLiteral("%1 slides, every run found, every figure named and every expectation held")
            .arg(slides);
    if (elsewhere > 0)
        summary += QStringLiteral("; %1 from elsewhere or another GPU (above)").arg(runs);
    return summary;
}

}  // namespace

int main(int argc, char** argv) {
    // A screenshot needs no display: render offscreen unless told otherwise.
    if (wantsScreenshot(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    qInstallMessageHandler(quietQtMessages);
    // --help, --version and bad arguments are answered before Qt starts, so
    // they work without a display. Qt's own options (-platform ...) are left
    // for QApplication to take out first.
    {
        QStringList raw;
        bool qtOptions = false;
        for (int i = 1; i < argc; ++i) {
            raw << QString::fromLocal8Bit(argv[i]);
            qtOptions |= argv[i][0] == '-' && argv[i][1] != '-' && argv[i][1] != 'h';
        }
        const auto early = ws::parseCommandLine(raw);
        if (!early && !qtOptions) return fail(QString::fromStdString(early.error()), 2);
        if (early && early->help) {
            std::fputs(ws::usageText(ws::allViewNames()).toLocal8Bit().constData(), stdout);
            return 0;
        }
        if (early && early->version) {
            std::printf("warpscope %s\n", WS_VERSION);
            return 0;
        }
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("warpscope"));
    QApplication::setApplicationVersion(QStringLiteral(WS_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/warpscope/icons/warpscope.svg")));
    // Large enough to read from the back of a lecture hall; View > Larger text goes further.
    QFont font = QApplication::font();
    font.setPointSizeF(std::max(font.pointSizeF(), 11.0));
    QApplication::setFont(font);

    auto parsed = ws::parseCommandLine(QApplication::arguments().mid(1));
    if (!parsed) return fail(QString::fromStdString(parsed.error()), 2);
    const ws::CommandLine cl = *parsed;
    if (cl.help) {
        std::fputs(ws::usageText(ws::allViewNames()).toLocal8Bit().constData(), stdout);
        return 0;
    }
    if (cl.version) {
        std::printf("warpscope %s\n", WS_VERSION);
        return 0;
    }
    ws::UiScale::instance()->setBasePointSize(QApplication::font().pointSizeF());
    // --print-narration and --check-lesson read a lesson's slides and print.
    const bool lessonText = cl.printNarration || !cl.checkLesson.isEmpty();
    const bool interactive = cl.screenshot.isEmpty() && cl.exportView.isEmpty() && !lessonText;
    // Screenshots and exports look the same on every machine: the saved
    // theme and scale are the user's, for interactive use.
    ws::setLookSaving(interactive);
    if (interactive)
        ws::applySavedLook();
    else
        ws::applyTheme(QStringLiteral("light"));
    ws::installViewContextMenus();

    // A picture that cannot be written is said before the window is built,
    // in the same words as warpscope-record's.
    for (const QString& written : {cl.output, cl.screenshot})
        if (!written.isEmpty())
            if (ws::Status s = ws::checkOutputPath(written.toStdString()); !s)
                return fail(QString::fromStdString(s.error()), 2);

    ws::ParamValues params;
    if (!cl.experiment.isEmpty()) {
        const ws::ExperimentSpec* spec = ws::findExperiment(cl.experiment.toStdString());
        if (!spec) return fail(QStringLiteral("unknown experiment '%1'").arg(cl.experiment), 2);
        std::vector<std::string> assignments;
        for (const auto& p : cl.params) assignments.push_back(p.toStdString());
        auto resolved = ws::resolveParams(*spec, assignments);
        if (!resolved) return fail(QString::fromStdString(resolved.error()), 2);
        params = *resolved;
    }
    // A kernel file that is not there is a bad command line; its description
    // and values are checked once the editor has read it, and said there.
    if (!cl.kernel.isEmpty() && !QFileInfo(cl.kernel).isFile())
        return fail(QStringLiteral("--kernel %1: no such file").arg(cl.kernel), 2);
    // What to open: the command line's, else the saved session, else (a first
    // start) the execution-model lesson, so the first thing anyone sees is a
    // recorded H100 run explained.
    QString lessonPath;
    int lessonSlide = cl.slide.value_or(1) - 1;
    std::optional<ws::SavedSession> restore;
    if (!cl.lesson.isEmpty() || !cl.checkLesson.isEmpty()) {
        const QString named = cl.lesson.isEmpty() ? cl.checkLesson : cl.lesson;
        lessonPath = ws::resolveLesson(named);
        if (lessonPath.isEmpty()) {
            QStringList names;
            for (const auto& l : ws::listBundledLessons()) names << l.name;
            return fail(QStringLiteral("no lesson '%1': not a file, and not a bundled lesson (%2)")
                            .arg(named, names.join(QStringLiteral(", "))),
                        2);
        }
        if (!cl.checkLesson.isEmpty()) lessonSlide = 0;
    } else if (!cl.namesARun()) {
        if (interactive && ws::hasSavedSession()) restore = ws::loadSession();
        if (!restore || restore->kind == ws::SavedSession::Kind::None) {
            restore.reset();
            lessonPath = ws::resolveLesson(QString::fromLatin1(ws::kFirstLesson));
            lessonSlide = 0;
        }
    }

    ws::WindowOptions options;
    options.workerCommand =
        cl.worker.isEmpty() ? ws::defaultWorkerCommand() : QProcess::splitCommand(cl.worker);
    if (!cl.worker.isEmpty() && options.workerCommand.isEmpty())
        return fail(QStringLiteral("--worker needs a command"), 2);
    options.workerTimeoutMs = cl.workerTimeoutMs.value_or(ws::WorkerClient::defaultTimeoutMs());
    options.interactive = interactive;
    ws::MainWindow window(options);

    // Screenshots and exports wait for what they show: a lesson's slide, with
    // its position and highlight applied, or a run.
    const bool usesLesson = !lessonPath.isEmpty();
    if (!interactive) {
        auto finish = [&] {
            ws::PlaybackModel* m = window.model();
            if (usesLesson && cl.slide && *cl.slide > window.lesson()->slideCount())
                ws::appLog(
                    QStringLiteral("--slide %1: this lesson has slides 1..%2; showing the last")
                        .arg(*cl.slide)
                        .arg(window.lesson()->slideCount()));
            // The slide's fragment: applied at once, its run already shown.
            if (usesLesson && cl.fragment) {
                ws::LessonController* lesson = window.lesson();
                const auto& slide = lesson->lesson()->slides[std::size_t(lesson->slide())];
                if (*cl.fragment > int(slide.fragments.size()))
                    ws::appLog(QStringLiteral("--fragment %1: this slide has fragments 0..%2; "
                                              "showing the last")
                                   .arg(*cl.fragment)
                                   .arg(slide.fragments.size()));
                lesson->goTo(lesson->slide(), *cl.fragment);
            }
            // An animated slide rests at its end: the picture is the same
            // on every run (it was wherever the animation had got to).
            if (usesLesson && !cl.atStep && !cl.atTimeNs) window.lesson()->finishAnimation();
            if (cl.atStep) {
                if (*cl.atStep >= m->stepCount())
                    ws::appLog(QStringLiteral("--at %1: this run has steps 0..%2; showing the last")
                                   .arg(*cl.atStep)
                                   .arg(m->stepCount() - 1));
                m->setStep(*cl.atStep);
            } else if (cl.atTimeNs) {
                m->setTime(*cl.atTimeNs);
            }
            // The chosen size again: a dock shown for a moment while the run
            // loaded may have grown the window, which does not shrink by itself.
            if (cl.windowSize) window.resize(*cl.windowSize);
            // Let layouts and pending repaints settle before grabbing.
            QTimer::singleShot(80, &app, [&] {
                ws::Status saved;
                if (!cl.exportView.isEmpty()) {
                    auto format = ws::exportFormatFromName(cl.exportFormat);
                    saved = format ? ws::exportNamedView(&window, cl.exportView, cl.output, *format,
                                                         cl.exportScale)
                                   : ws::Status(ws::makeError(format.error()));
                } else {
                    saved = ws::saveScreenshot(window.screenshotTarget(), cl.screenshot);
                }
                if (!saved) {
                    fail(QString::fromStdString(saved.error()), 1);
                    QApplication::exit(1);
                    return;
                }
                QApplication::exit(0);
            });
        };
        auto once = std::make_shared<bool>(false);
        auto finishOnce = [finish, once] {
            if (*once) return;
            *once = true;
            finish();
        };
        if (cl.printNarration) {
            QObject::connect(window.lesson(), &ws::LessonController::slideShown, &app, [&] {
                for (const QString& line : window.lesson()->narrationLines())
                    std::printf("%s\n", line.toUtf8().constData());
                std::fflush(stdout);
                // What the heading says beside the title (which GPU measured
                // the slide, a run fallen back to the bundled one), for the log.
                if (const QString badge = window.stage()->badgeText(); !badge.isEmpty())
                    ws::appLog(QStringLiteral("slide heading: ") + badge);
                const QStringList problems = window.lesson()->checkSlide();
                for (const QString& problem : problems) ws::appLog(problem);
                for (const QString& line : window.lesson()->runsFromElsewhere())
                    ws::appLog(window.lesson()->place() + QStringLiteral(", ") + line);
                QApplication::exit(problems.isEmpty() ? 0 : 2);
            });
        } else if (!cl.checkLesson.isEmpty()) {
            // Every slide in turn, each checked once it settled. Runs from
            // elsewhere than --traces DIR, or of another GPU than their
            // slide's, are listed: a fallback once went unsaid.
            struct Found {
                QStringList problems, elsewhere;
            };
            auto found = std::make_shared<Found>();
            QObject::connect(window.lesson(), &ws::LessonController::slideShown, &app, [&, found] {
                ws::LessonController* lesson = window.lesson();
                found->problems << lesson->checkSlide();
                for (const QString& line : lesson->runsFromElsewhere())
                    found->elsewhere << lesson->place() + QStringLiteral(", ") + line;
                if (lesson->slide() + 1 < lesson->slideCount()) {
                    QTimer::singleShot(0, &app, [lesson] { lesson->goTo(lesson->slide() + 1); });
                    return;
                }
                for (const QString& line : found->problems + found->elsewhere)
                    std::printf("%s\n", line.toUtf8().constData());
                const int elsewhere = int(found->elsewhere.size());
                if (found->problems.isEmpty())
                    std::printf("%s: %s\n", lessonPath.toUtf8().constData(),
                                checkSummary(lesson->slideCount(), elsewhere, cl.strict)
                                    .toUtf8()
                                    .constData());
                std::fflush(stdout);
                const bool failed = !found->problems.isEmpty() || (cl.strict && elsewhere > 0);
                QApplication::exit(failed ? 2 : 0);
            });
        } else if (usesLesson) {
            QObject::connect(window.lesson(), &ws::LessonController::slideShown, &app, finishOnce);
        } else if (!cl.kernel.isEmpty()) {
            // The editor with the file is the picture, whether the run came
            // back or failed (a compile error on its line, no GPU here).
            QObject::connect(ws::kernelFileLabOf(&window), &ws::KernelFileLab::settled, &app,
                             finishOnce);
        } else {
            QObject::connect(&window, &ws::MainWindow::loadFailed, &app, [](QString message) {
                fail(message, 1);
                QApplication::exit(1);
            });
            QObject::connect(&window, &ws::MainWindow::runShown, &app, finishOnce);
        }
        // Never hang a script: give up a while after the worker would have.
        QTimer::singleShot(options.workerTimeoutMs + 30000, &app, [] {
            fail(QStringLiteral("gave up waiting for the run to load"), 1);
            QApplication::exit(1);
        });
    }

    if (cl.windowSize) window.setOffscreenSize(*cl.windowSize);
    window.show();
    if (cl.presentation) window.setPresentation(true);
    if (usesLesson) {
        if (interactive) window.source()->probe();  // a slide may run live
        if (!cl.traces.isEmpty()) window.lesson()->setTracesDir(cl.traces);
        if (ws::Status s = window.openLesson(lessonPath, lessonSlide); !s)
            return fail(QString::fromStdString(s.error()), 2);
        for (const QString& problem : window.lesson()->slideProblems()) ws::appLog(problem);
    } else if (!cl.trace.isEmpty()) {
        // A folder warpscope-record trace wrote: its launches listed, the
        // first recorded one shown.
        const QString path = QDir::current().absoluteFilePath(cl.trace);
        if (QFileInfo(path).isDir())
            window.openProgramLaunches(path);
        else
            window.openTrace(path);
    } else if (!cl.experiment.isEmpty()) {
        window.runExperiment(cl.experiment, params);
    } else if (!cl.kernel.isEmpty()) {
        ws::kernelFileLabOf(&window)->openFile(QDir::current().absoluteFilePath(cl.kernel),
                                               cl.params);
    } else if (restore) {
        window.source()->probe();
        switch (restore->kind) {
            case ws::SavedSession::Kind::Lesson:
                if (ws::Status s = window.openLesson(restore->lesson, restore->slide); !s) {
                    ws::appLog(QString::fromStdString(s.error()));
                    window.chooseExperiment(QString::fromStdString(ws::catalog().front().id));
                }
                break;
            case ws::SavedSession::Kind::Trace:
                window.openTrace(restore->trace, false);
                break;
            case ws::SavedSession::Kind::Experiment:
                window.runExperiment(restore->experiment, restore->params);
                break;
            case ws::SavedSession::Kind::None:
                break;
        }
    } else {
        window.source()->probe();
        if (!ws::catalog().empty())
            window.chooseExperiment(QString::fromStdString(ws::catalog().front().id));
    }
    const int status = QApplication::exec();
    // Work still on the thread pool (the bundled lessons' titles read at
    // start, a trace being prepared) hands its result to the window it was
    // started for; wait for it while the window exists, since a short run
    // (--check-lesson takes half a second) can end before it does.
    QThreadPool::globalInstance()->waitForDone();
    return status;
}
