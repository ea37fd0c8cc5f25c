#include "app/gui/window/main_window.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "app/gui/common/app_log.h"
#include "app/gui/common/background_job.h"
#include "app/gui/common/dock_sizes.h"
#include "app/gui/common/resource_paths.h"
#include "app/gui/common/screen_room.h"
#include "app/gui/lessons/lesson_controller.h"
#include "app/gui/lessons/lesson_keys.h"
#include "app/gui/lessons/lesson_library.h"
#include "app/gui/lessons/notes_window.h"
#include "app/gui/lessons/presentation_window.h"
#include "app/gui/lessons/slide_stage.h"
#include "app/gui/program/program_launches.h"
#include "app/gui/window/export_actions.h"
#include "app/gui/window/lab_modules.h"
#include "app/gui/window/run_compare_window.h"
#include "app/gui/window/workbench_views.h"
#include "app/gui/workbench/experiment_browser.h"
#include "app/gui/workbench/look_menus.h"
#include "app/gui/workbench/parameter_panel.h"
#include "app/gui/workbench/playback_bar.h"
#include "app/gui/workbench/run_info_panel.h"
#include "app/gui/workbench/saved_session.h"
#include "core/catalog/catalog.h"
#include "widgets/plots/launch_stats_view.h"
#include "widgets/plots/throughput_plot.h"
#include "widgets/reduction/warp_view.h"
#include "widgets/timeline/grid_view.h"
#include "widgets/timeline/timeline_view.h"
#include "widgets/view/ui_scale.h"

namespace ws {

MainWindow::MainWindow(const WindowOptions& options, QWidget* parent)
    : WorkbenchHost(parent),
      m_options(options),
      m_model(new PlaybackModel(this)),
      m_source(new RunSource(options.workerCommand, options.workerTimeoutMs, this)) {
    setWindowTitle(QStringLiteral("warpscope"));
    if (const QString manifest = bundledManifestPath(); !manifest.isEmpty()) {
        auto bundled = BundledTraces::load(manifest);
        appLog(bundled
                   ? QStringLiteral("bundled traces: %1").arg(manifest)
                   : QStringLiteral("cannot read the bundled traces' manifest %1").arg(manifest));
        if (bundled) m_source->setBundled(std::move(bundled).value());
    } else {
        appLog(QStringLiteral("no bundled traces found (set WARPSCOPE_RESOURCES)"));
    }
    buildViews();
    buildPanels();
    buildMenus();
    m_dockSizes = new DockSizes(this);  // before the labs: they ask it for their docks' sizes
    registerWorkbenchViews(this);
    for (const LabModule& lab : labModules()) lab.create(this);
    // Lessons come last: their slides use the views every lab registered.
    m_lesson = new LessonController(this, m_stage);
    m_keys = new LessonKeys(m_lesson, m_stage, this);
    connect(m_lesson, &LessonController::opened, this, [this] {
        showPage(m_stage);
        m_keys->setActive(true);
        setLessonOnStage(true);
    });
    connect(m_lesson, &LessonController::closed, this, [this] {
        showPage(m_workbench);
        m_keys->setActive(false);
        setLessonOnStage(false);
        rememberSession();
    });
    connect(m_lesson, &LessonController::slideChanged, this, [this] { rememberSession(); });
    buildLessonMenu();
    connect(m_source, &RunSource::loaded, this, &MainWindow::onLoaded);
    connect(m_source, &RunSource::failed, this, &MainWindow::onFailed);
    connect(m_source, &RunSource::modeChanged, this, &MainWindow::onModeChanged);
    connect(m_source, &RunSource::loading, this, [this](QString what) {
        statusBar()->showMessage(what + QStringLiteral("…"));
        // The run has its turn, or another source took over; a newer request
        // that keeps a waiting run's place leaves the waiting shown.
        if (!m_source->worker()->waitingForGpu()) m_info->clearWaiting();
    });
    connect(m_source, &RunSource::problem, this, [this](QString message) {
        statusBar()->showMessage(message);
        m_info->setStatus(message, true);
    });
    // Other users' runs hold the GPU: say where this one stands, and let
    // the user stop waiting. The window stays usable meanwhile.
    connect(m_source, &RunSource::queued, this, [this](int ahead) {
        m_info->setWaiting(ahead);
        statusBar()->showMessage(ahead == 1 ? tr("Waiting for the GPU: 1 run ahead…")
                                            : tr("Waiting for the GPU: %1 runs ahead…").arg(ahead));
    });
    connect(m_source, &RunSource::cancelled, this, [this] {
        m_info->clearWaiting();
        statusBar()->showMessage(tr("Stopped waiting for the GPU."), 8000);
    });
    connect(m_info, &RunInfoPanel::cancelWaitingRequested, m_source, &RunSource::cancelWaiting);
    // The experiments, parameters and run facts reach the window's bottom,
    // beside the bottom lab docks rather than above them: stacked, the two
    // held the window taller than a 768-line laptop (the left column and the
    // memory lab's views, 799 px).
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    // A projector's 1920x1080: the lab docks need the room, and screenshots
    // for the docs come out at the resolution a lecture hall shows. On a
    // smaller screen (a 1366 x 768 laptop), the room it has.
    // Rendered offscreen, the chosen size stands for the screen.
    if (QGuiApplication::platformName() == QLatin1String("offscreen"))
        setProperty(kScreenRoomProperty, m_offscreenSize);
    resize(QSize(1920, 1080).boundedTo(screenRoom(this)));
}

QWidget* MainWindow::titled(const QString& title, QWidget* view, QWidget* extra) {
    // Views paint their own titles; this strip names the view and holds its options.
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(0);
    auto* head = new QHBoxLayout;
    head->setContentsMargins(6, 2, 6, 2);
    auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(title), box);
    // Wrapped rather than one line: the timeline's title with its keys held
    // the window 640 px wide at least, wider than a 1366 px laptop's screen.
    label->setWordWrap(true);
    head->addWidget(label, 1);
    if (extra) head->addWidget(extra);
    v->addLayout(head);
    v->addWidget(view, 1);
    return box;
}

void MainWindow::buildViews() {
    m_grid = new GridView(m_model, this);
    m_timeline = new TimelineView(m_model, this);
    m_warps = new WarpView(m_model, this);
    m_plot = new ThroughputPlot(this);
    m_colouring = new QComboBox(this);
    m_colouring->addItems({tr("colour by state"), tr("colour by SM")});
    connect(m_colouring, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_grid->setColouring(i == 0 ? GridView::Colouring::ByState : GridView::Colouring::BySm);
    });

    auto* top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(titled(tr("Blocks of the grid"), m_grid, m_colouring));
    m_warpsPanel = titled(tr("Warps of the selected block"), m_warps);
    top->addWidget(m_warpsPanel);
    // A plot narrower than this showed its ticks run together and its axis
    // title cut ("n (elemen"): the other two views give way first.
    m_plot->setMinimumSize(200, 120);
    QWidget* plotBox = titled(tr("Throughput"), m_plot);
    m_plotTitle = plotBox->findChild<QLabel*>(QString(), Qt::FindDirectChildrenOnly);
    top->addWidget(plotBox);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 3);
    top->setStretchFactor(2, 3);
    auto* views = new QSplitter(Qt::Vertical, this);
    views->addWidget(top);
    views->addWidget(
        titled(tr("SM timeline (wheel or +/- zoom, drag or arrows pan; double-click: a "
                  "block's launch, or all)"),
               m_timeline));
    views->setStretchFactor(0, 4);
    views->setStretchFactor(1, 5);

    // The workbench, or a lesson's stage; the playback bar serves both.
    auto* central = new QWidget(this);
    auto* v = new QVBoxLayout(central);
    v->setContentsMargins(0, 0, 0, 0);
    m_pages = new QStackedWidget(central);
    m_workbench = views;
    m_pages->addWidget(views);
    m_stage = new SlideStage(m_pages);
    m_pages->addWidget(m_stage);
    v->addWidget(m_pages, 1);
    m_bar = new PlaybackBar(m_model, central);
    v->addWidget(m_bar);
    setCentralWidget(central);
}

QDockWidget* MainWindow::addLabDock(const QString& title, const QString& name,
                                    Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(name);
    d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                   QDockWidget::DockWidgetClosable);
    addDockWidget(area, d);
    m_labDocks.push_back(d);
    return d;
}

void MainWindow::showLabDock(QDockWidget* dock, bool shown) {
    if (m_lessonOnStage)
        m_labDocksAfterLesson[dock] = shown;
    else
        dock->setVisible(shown);
}

void MainWindow::setLessonOnStage(bool onStage) {
    if (onStage == m_lessonOnStage) return;  // another lesson opened over this one
    m_lessonOnStage = onStage;
    if (onStage) {
        for (QDockWidget* d : m_labDocks) {
            m_labDocksAfterLesson[d] = !d->isHidden();
            d->hide();
        }
        return;
    }
    for (const auto& [d, shown] : m_labDocksAfterLesson) d->setVisible(shown);
    m_labDocksAfterLesson.clear();
}

void MainWindow::buildPanels() {
    m_browser = new ExperimentBrowser(this);
    m_params = new ParameterPanel(this);
    m_info = new RunInfoPanel(this);
    auto dock = [this](const QString& title, QWidget* w, const QString& name) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
        addDockWidget(Qt::LeftDockWidgetArea, d);
        return d;
    };
    auto* exp = dock(tr("Experiments"), m_browser, "experiments");
    auto* par = dock(tr("Parameters"), m_params, "parameters");
    // The run's facts can outgrow a small screen: they scroll rather than clip.
    auto* infoScroll = new QScrollArea(this);
    infoScroll->setWidget(m_info);
    infoScroll->setWidgetResizable(true);
    infoScroll->setFrameShape(QFrame::NoFrame);
    auto* info = dock(tr("Run"), infoScroll, "run");
    // Block statistics: on demand (View menu), beside the lab docks.
    auto* stats = new QDockWidget(tr("Block statistics"), this);
    stats->setObjectName(QStringLiteral("statistics"));
    stats->setWidget(new LaunchStatsView(m_model, stats));
    stats->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                       QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::RightDockWidgetArea, stats);
    stats->hide();
    m_statsDock = stats;
    resizeDocks({exp, par, info}, {420, 420, 420}, Qt::Horizontal);
    resizeDocks({exp, par, info}, {330, 250, 400}, Qt::Vertical);

    connect(m_browser, &ExperimentBrowser::experimentChosen, this, &MainWindow::chooseExperiment);
    connect(m_params, &ParameterPanel::runRequested, this, [this] {
        if (!m_applying) runCurrent();
    });
    connect(m_params, &ParameterPanel::whyChanged, this,
            [this](WhyMode mode) { m_source->worker()->setWhy(mode); });
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open trace…"), QKeySequence::Open, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open a warpscope trace"), {},
                                         tr("warpscope traces (*.wstrace *.cbor);;All files (*)"));
        if (!path.isEmpty()) openTrace(path);
    });
    file->addAction(tr("Open a traced &program…"), QKeySequence(QStringLiteral("Ctrl+Shift+P")),
                    this, [this] {
                        const QString folder = QFileDialog::getExistingDirectory(
                            this, tr("A folder warpscope-record trace wrote"));
                        if (!folder.isEmpty()) openProgramLaunches(folder);
                    });
    file->addAction(tr("Open &lesson…"), QKeySequence(QStringLiteral("Ctrl+L")), this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open a lesson"), lessonsDir(),
                                         tr("warpscope lessons (*.yaml *.yml);;All files (*)"));
        if (!path.isEmpty()) openLessonInBackground(path);
    });
    QMenu* bundledLessons = file->addMenu(tr("Bundled lessons"));
    bundledLessons->setObjectName(QStringLiteral("bundledLessonsMenu"));
    // Each title is inside its lesson file: read them on a worker, so that a
    // slow or network-mounted install never holds the first frame.
    bundledLessons->setEnabled(false);
    runInBackground<std::vector<LessonEntry>>(
        bundledLessons, [] { return listBundledLessons(); },
        [this, bundledLessons](std::vector<LessonEntry> lessons) {
            for (const LessonEntry& l : lessons)
                bundledLessons->addAction(l.title, this,
                                          [this, path = l.path] { openLessonInBackground(path); });
            bundledLessons->setEnabled(!lessons.empty());
        });
    file->addAction(tr("&Compare two runs…"), QKeySequence(QStringLiteral("Ctrl+K")), this, [this] {
        RunCompareWindow* c = compareWindow();
        c->show();
        c->raise();
    });
    file->addSeparator();
    addExportActions(this, file);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    // Window-wide actions: they keep working in presentation mode, where the
    // menu bar is hidden.
    auto windowAction = [this](QMenu* menu, const QString& text, const QKeySequence& key,
                               auto slot) {
        QAction* a = menu->addAction(text, this, slot);
        a->setShortcut(key);
        addAction(a);
        return a;
    };
    windowAction(view, tr("Presentation mode"), QKeySequence(Qt::Key_F11),
                 [this] { setPresentation(!m_presentation); });
    windowAction(view, tr("Larger (text, lines, markers)"), QKeySequence::ZoomIn,
                 [] { UiScale::instance()->setUserScale(UiScale::instance()->userScale() * 1.2); });
    windowAction(view, tr("Smaller"), QKeySequence::ZoomOut,
                 [] { UiScale::instance()->setUserScale(UiScale::instance()->userScale() / 1.2); });
    windowAction(view, tr("Normal size"), QKeySequence(QStringLiteral("Ctrl+0")),
                 [] { UiScale::instance()->setUserScale(1); });
    auto* leave = new QAction(this);
    leave->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(leave, &QAction::triggered, this, [this] {
        if (m_presentation) setPresentation(false);
    });
    addAction(leave);
    addLookMenus(view);
    view->addSeparator();
    view->addAction(m_statsDock->toggleViewAction());
    QMenu* play = menuBar()->addMenu(tr("&Playback"));
    auto key = [&](const QString& text, const QKeySequence& k, auto slot) {
        QAction* a = play->addAction(text, m_model, slot);
        a->setShortcut(k);
        a->setShortcutContext(Qt::WindowShortcut);
    };
    key(tr("Play / pause"), QKeySequence(Qt::Key_Space), &PlaybackModel::togglePlay);
    key(tr("Step back"), QKeySequence(Qt::Key_Left), &PlaybackModel::stepBack);
    key(tr("Step forward"), QKeySequence(Qt::Key_Right), &PlaybackModel::stepForward);
    key(tr("To the start"), QKeySequence(Qt::Key_Home), &PlaybackModel::toStart);
    key(tr("To the end"), QKeySequence(Qt::Key_End), &PlaybackModel::toEnd);
}

void MainWindow::buildLessonMenu() {
    QMenu* menu = menuBar()->addMenu(tr("&Lesson"));
    menu->addAction(tr("Next (Page Down, Right, Space, N)"), m_lesson, &LessonController::next);
    menu->addAction(tr("Previous (Page Up, Left, Backspace, P)"), m_lesson,
                    &LessonController::previous);
    menu->addAction(tr("First slide (Home)"), m_lesson, &LessonController::first);
    menu->addAction(tr("Last slide (End)"), m_lesson, &LessonController::last);
    menu->addSeparator();
    menu->addAction(tr("Speaker notes and next slide"), this, [this] {
        if (!m_notes) m_notes = new NotesWindow(m_lesson, this);
        m_notes->showOnOtherScreen(this);
    });
    menu->addAction(tr("Close the lesson"), this, &MainWindow::closeLesson);
}

void MainWindow::showPage(QWidget* page) {
    // While presenting, the presented page changes in the presentation window.
    if (m_presentation && m_presenter && m_presenter->page() != page) {
        m_presenter->giveBack();
        m_pages->setCurrentWidget(page);
        m_presenter->present(page, m_pages);
        return;
    }
    if (!m_presentation) m_pages->setCurrentWidget(page);
}

Status MainWindow::openLesson(const QString& path, int slide) {
    return m_lesson->open(path, slide);
}

void MainWindow::openLessonInBackground(const QString& path) {
    statusBar()->showMessage(tr("Opening %1…").arg(path));
    m_lesson->openInBackground(path, 0, [this, path](Status s) {
        statusBar()->clearMessage();
        if (!s) QMessageBox::warning(this, tr("warpscope"), QString::fromStdString(s.error()));
    });
}

void MainWindow::closeLesson() { m_lesson->close(); }

void MainWindow::setOffscreenSize(QSize size) {
    m_offscreenSize = size;
    if (QGuiApplication::platformName() == QLatin1String("offscreen"))
        setProperty(kScreenRoomProperty, size);  // app/gui/common/screen_room.h
    resize(size);
    if (m_presenter) m_presenter->setOffscreenSize(size);
}

void MainWindow::setPresentation(bool on) {
    if (on == m_presentation) return;
    m_presentation = on;
    // The slide is laid out for 1080 lines: a 720p projector shows the same
    // picture with fewer pixels, a 4K screen with more, rather than a 720p
    // slide whose text fills the views' room (the tree shrank to one row).
    const double lines = QGuiApplication::platformName() == QLatin1String("offscreen") || !screen()
                             ? double(m_offscreenSize.height())
                             : double(screen()->size().height());
    const double fit = std::clamp(lines / 1080.0, 0.5, 2.0);
    UiScale::instance()->setModeFactor(on ? UiScale::kPresentationFactor * fit : 1.0);
    if (on) {
        if (!m_presenter) {
            m_presenter = new PresentationWindow(this);
            m_presenter->setOffscreenSize(m_offscreenSize);
            connect(m_presenter, &PresentationWindow::leaveRequested, this,
                    [this] { setPresentation(false); });
        }
        m_presenter->present(m_pages->currentWidget(), m_pages);
        if (m_lesson->isOpen() && QGuiApplication::screens().size() > 1) {
            if (!m_notes) m_notes = new NotesWindow(m_lesson, this);
            m_notes->showOnOtherScreen(m_presenter);
        }
    } else {
        m_presenter->giveBack();
        m_presenter->hide();
        if (m_notes) m_notes->hide();
        activateWindow();
    }
}

RunCompareWindow* MainWindow::compareWindow() {
    if (!m_compareRuns) {
        m_compareRuns = new RunCompareWindow(this, this);
        m_compareRuns->takeRunOnShow();
    }
    return m_compareRuns;
}

QWidget* MainWindow::screenshotTarget() {
    return m_presentation && m_presenter ? static_cast<QWidget*>(m_presenter) : this;
}

void MainWindow::rememberSession() {
    if (!m_options.interactive) return;  // screenshots and tests leave no trace
    SavedSession saved = loadSession();
    if (m_lesson->isOpen()) {
        saved.kind = SavedSession::Kind::Lesson;
        saved.lesson = m_lesson->path();
        saved.slide = m_lesson->slide();
    } else if (m_shown && m_shown->origin == RunOrigin::File) {
        saved.kind = SavedSession::Kind::Trace;
        saved.trace = m_shown->file;
    } else if (m_shown) {
        // A run of parameters the catalog does not know (a kernel file's
        // own) could not be run again from them: what was saved before stays.
        const ExperimentSpec* spec = findExperiment(m_shown->prepared->run->experiment);
        if (!spec || !resolveParams(*spec, m_shown->prepared->run->params)) return;
        saved.kind = SavedSession::Kind::Experiment;
        saved.experiment = QString::fromStdString(m_shown->prepared->run->experiment);
        saved.params = m_shown->prepared->run->params;
    }
    saveSession(saved);
}

void MainWindow::chooseExperiment(const QString& id) {
    const ExperimentSpec* spec = findExperiment(id.toStdString());
    if (!spec) return;
    m_browser->setCurrent(id);
    m_applying = true;
    m_params->setExperiment(spec);
    if (m_source->mode() == RunSource::Mode::Recorded)
        m_params->setRecordedValues(m_source->bundled().recordedValues(spec->id));
    m_applying = false;
    setWindowTitle(QStringLiteral("warpscope — %1").arg(QString::fromStdString(spec->title)));
    // Recorded runs cost nothing to show, so choosing one shows it.
    if (m_source->mode() == RunSource::Mode::Recorded || m_params->autoRun()) runCurrent();
}

void MainWindow::runCurrent() {
    const auto params = m_params->resolved();
    if (!params || !m_params->experiment()) {
        statusBar()->showMessage(params ? tr("Choose an experiment first.")
                                        : QString::fromStdString(params.error()));
        return;
    }
    m_openingFile = false;
    if (ownParametersShown()) {
        m_ownRun(*params);
        return;
    }
    m_source->runExperiment(QString::fromStdString(m_params->experiment()->id), *params);
}

bool MainWindow::ownParametersShown() const {
    return m_ownSpec && m_ownRun && m_params->experiment() == m_ownSpec;
}

void MainWindow::showOwnParameters(const ExperimentSpec* spec, const ParamValues& values,
                                   std::function<void(const ParamValues&)> run) {
    m_ownSpec = spec;
    m_ownRun = std::move(run);
    if (!spec) return;
    m_applying = true;
    if (m_params->experiment() != spec) m_params->setExperiment(spec);
    m_params->setValues(values);
    m_applying = false;
    m_browser->setCurrent(QString::fromStdString(spec->id));
    setWindowTitle(QStringLiteral("warpscope — %1").arg(QString::fromStdString(spec->title)));
}

void MainWindow::runExperiment(const QString& id, const ParamValues& params) {
    chooseExperiment(id);
    m_applying = true;
    m_params->setValues(params);
    m_applying = false;
    m_openingFile = false;
    m_source->runExperiment(id, params);
}

void MainWindow::openTrace(const QString& path, bool userChosen) {
    m_openingFile = userChosen;
    m_source->openTrace(path);
}

void MainWindow::openProgramLaunches(const QString& folder, bool userChosen) {
    if (!m_programLaunches) {
        m_programLaunches = new ProgramLaunches(this);
        connect(m_programLaunches, &ProgramLaunches::openLaunch, this,
                [this](const QString& trace) { openTrace(trace); });
        connect(m_programLaunches, &ProgramLaunches::compareLaunches, this,
                [this](const QString& left, const QString& right) {
                    RunCompareWindow* c = compareWindow();
                    c->compareFiles(left, right);
                    c->show();
                    c->raise();
                });
        connect(m_programLaunches, &ProgramLaunches::failed, this,
                [this](const QString& message) { emit loadFailed(message); });
    }
    disconnect(m_programLaunches, &ProgramLaunches::loaded, this, nullptr);
    connect(m_programLaunches, &ProgramLaunches::loaded, this,
            [this, userChosen](const QString& first) {
                if (!first.isEmpty()) openTrace(first, userChosen);
            });
    m_programLaunches->setFolder(folder);
    m_programLaunches->show();
    m_programLaunches->raise();
}

void MainWindow::onModeChanged() {
    if (m_source->mode() != RunSource::Mode::Recorded || !m_params->experiment()) return;
    // A lab's own parameters have no recorded runs to snap to.
    if (ownParametersShown()) return;
    m_applying = true;
    m_params->setRecordedValues(m_source->bundled().recordedValues(m_params->experiment()->id));
    m_applying = false;
    statusBar()->showMessage(tr("No GPU here (%1): showing traces recorded on an H100.")
                                 .arg(m_source->noDeviceReason()));
}

void MainWindow::onLoaded(const LoadedRun& loaded) {
    const Run& run = *loaded.prepared->run;
    m_shown = loaded;
    if (loaded.origin == RunOrigin::Live && run.timing.gbPerS() > 0)
        m_session.push_back({run.experiment, run.params, run.timing.gbPerS()});
    m_model->setRun(loaded.prepared);
    m_info->setRun(loaded, m_source->noDeviceReason());
    m_info->setStatus({}, false);
    m_info->clearWaiting();
    // Experiments without warp steps (transposes, matrix multiply, streams)
    // give the warps panel's third of the row to the grid and the plot.
    const ExperimentSpec* known = findExperiment(run.experiment);
    m_warpsPanel->setVisible(!known || known->lists("warps"));
    // A run of the lab's own parameters (a kernel file's) keeps them on the
    // panel; another of the same experiment (a bundled example) takes the
    // catalog's back.
    const auto ownRunShown = [&] {
        if (!ownParametersShown() || !known || m_ownSpec->id != known->id) return false;
        for (const auto& [name, value] : run.params)
            if (!m_ownSpec->param(name)) return false;
        return true;
    };
    if (ownRunShown()) {
        m_applying = true;
        m_params->setValues(run.params);
        m_applying = false;
        setWindowTitle(
            QStringLiteral("warpscope — %1").arg(QString::fromStdString(m_ownSpec->title)));
    } else if (const ExperimentSpec* spec = known) {
        m_applying = true;
        if (m_params->experiment() != spec) {
            m_params->setExperiment(spec);
            if (m_source->mode() == RunSource::Mode::Recorded)
                m_params->setRecordedValues(m_source->bundled().recordedValues(spec->id));
        }
        m_params->setValues(run.params);
        m_browser->setCurrent(QString::fromStdString(spec->id));
        m_applying = false;
        setWindowTitle(QStringLiteral("warpscope — %1").arg(QString::fromStdString(spec->title)));
    }
    if (loaded.origin == RunOrigin::Recorded)
        appLog(QStringLiteral("showing %1, recorded on %2 at %3")
                   .arg(QFileInfo(loaded.file).fileName(), QString::fromStdString(run.device.name),
                        QString::fromStdString(run.recordedAt)));
    if (!m_lesson->isOpen()) rememberSession();
    statusBar()->showMessage(
        loaded.origin == RunOrigin::Live
            ? tr("Run finished on %1.").arg(QString::fromStdString(run.device.name))
            : tr("Opened %1.").arg(loaded.file),
        8000);
    // The labs first: a live run joins their sessions before the plot asks
    // their providers for it.
    emit runShown(loaded);
    showThroughput(run);
    // After the labs have shown and hidden their docks for this run.
    QTimer::singleShot(0, this, &MainWindow::keepOnScreen);
}

void MainWindow::showThroughput(const Run& run) {
    // What the labs' providers plot for the run: a throughput, or the bank
    // probe's cycles per access (completed once its bundled runs are read).
    const auto show = [this](const ThroughputData& d) {
        m_plot->setData(d);
        if (m_plotTitle) m_plotTitle->setText(QStringLiteral("<b>%1</b>").arg(throughputTitle(d)));
    };
    show(m_throughputProviders.dataFor(run, m_source->bundled(), m_session,
                                       [this, show, shown = &run](ThroughputData d) {
                                           // Only for the run still on show.
                                           if (m_model->run() == shown) show(d);
                                       }));
}

void MainWindow::keepOnScreen() {
    // Between two runs one lab's dock may show before another's hides, and
    // the window grows to hold both; it does not shrink back by itself, and
    // a laptop's screen was left with a window wider than itself.
    if (isMaximized() || isFullScreen()) return;
    const QSize room = screenRoom(this);
    if (width() <= room.width() && height() <= room.height()) return;
    // The docks' new minimums first: the layout's request may still be queued.
    if (layout()) layout()->activate();
    resize(size().boundedTo(room));
}

void MainWindow::onFailed(const QString& message) {
    statusBar()->showMessage(message);
    m_info->setStatus(message, true);
    m_info->clearWaiting();
    // A file the user chose gets a dialog; failed runs (possibly one per
    // slider step) are reported in the status bar and the run panel only.
    if (m_options.interactive && m_openingFile)
        QMessageBox::warning(this, tr("warpscope"), message);
    emit loadFailed(message);
}

}  // namespace ws
