#include "app/gui/main_window.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>

#include "app/gui/app_log.h"
#include "app/gui/basics_lab.h"
#include "app/gui/atomics_lab.h"
#include "app/gui/concurrency_lab.h"
#include "app/gui/experiment_browser.h"
#include "app/gui/matmul_lab.h"
#include "app/gui/memory_lab.h"
#include "app/gui/parameter_panel.h"
#include "app/gui/playback_bar.h"
#include "app/gui/reduction_lab.h"
#include "app/gui/resource_paths.h"
#include "app/gui/run_info_panel.h"
#include "app/gui/workbench_views.h"
#include "core/catalog.h"
#include "widgets/grid_view.h"
#include "widgets/throughput_plot.h"
#include "widgets/timeline_view.h"
#include "widgets/warp_view.h"

namespace ws {

MainWindow::MainWindow(const WindowOptions& options, QWidget* parent)
    : QMainWindow(parent),
      m_options(options),
      m_model(new PlaybackModel(this)),
      m_source(new RunSource(options.workerCommand, options.workerTimeoutMs, this)) {
    setWindowTitle(QStringLiteral("warpscope"));
    m_baseFontPt = QApplication::font().pointSizeF() > 0 ? QApplication::font().pointSizeF() : 11;
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
    new ReductionLab(this);    // docks and menu of its own, following m_model
    new MemoryLab(this);       // its dock, menu and plot data follow the chosen experiment
    new BasicsLab(this);       // first kernels, the device and CPU against GPU, for every run
    registerWorkbenchViews(this);
    new AtomicsLab(this);       // work queue, CAS attempts and contention docks; its views by name
    new MatmulLab(this);       // tile walk, reuse, roofline and ladder; GFLOP/s in the plot
    new ConcurrencyLab(this);  // operations, launch tree, pages, figures; views by name
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
    // A projector's 1920x1080: the lab docks need the room, and screenshots
    // for the docs come out at the resolution a lecture hall shows.
    resize(1920, 1080);
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
    head->addWidget(label);
    head->addStretch();
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
    top->addWidget(titled(tr("Warps of the selected block"), m_warps));
    top->addWidget(titled(tr("Throughput"), m_plot));
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 3);
    top->setStretchFactor(2, 3);
    auto* views = new QSplitter(Qt::Vertical, this);
    views->addWidget(top);
    views->addWidget(titled(tr("SM timeline (wheel or +/- zoom, drag or arrows pan, double-click "
                               "shows all)"),
                            m_timeline));
    views->setStretchFactor(0, 4);
    views->setStretchFactor(1, 5);

    auto* central = new QWidget(this);
    auto* v = new QVBoxLayout(central);
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(views, 1);
    m_bar = new PlaybackBar(m_model, central);
    v->addWidget(m_bar);
    setCentralWidget(central);
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
    resizeDocks({exp, par, info}, {420, 420, 420}, Qt::Horizontal);
    resizeDocks({exp, par, info}, {330, 250, 400}, Qt::Vertical);

    connect(m_browser, &ExperimentBrowser::experimentChosen, this, &MainWindow::chooseExperiment);
    connect(m_params, &ParameterPanel::runRequested, this, [this] {
        if (!m_applying) runCurrent();
    });
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open trace…"), QKeySequence::Open, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open a warpscope trace"), {},
                                         tr("warpscope traces (*.wstrace *.cbor);;All files (*)"));
        if (!path.isEmpty()) openTrace(path);
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("Larger text (projection)"), QKeySequence::ZoomIn, this,
                    [this] { setFontScale(m_fontScale * 1.2); });
    view->addAction(tr("Smaller text"), QKeySequence::ZoomOut, this,
                    [this] { setFontScale(m_fontScale / 1.2); });
    view->addAction(tr("Normal text size"), QKeySequence(QStringLiteral("Ctrl+0")), this,
                    [this] { setFontScale(1); });
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

void MainWindow::setFontScale(double scale) {
    m_fontScale = std::clamp(scale, 0.6, 3.0);
    QFont f = QApplication::font();
    f.setPointSizeF(m_baseFontPt * m_fontScale);
    QApplication::setFont(f);
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
    m_source->runExperiment(QString::fromStdString(m_params->experiment()->id), *params);
}

void MainWindow::runExperiment(const QString& id, const ParamValues& params) {
    chooseExperiment(id);
    m_applying = true;
    m_params->setValues(params);
    m_applying = false;
    m_openingFile = false;
    m_source->runExperiment(id, params);
}

void MainWindow::openTrace(const QString& path) {
    m_openingFile = true;
    m_source->openTrace(path);
}

void MainWindow::onModeChanged() {
    if (m_source->mode() != RunSource::Mode::Recorded || !m_params->experiment()) return;
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
    m_plot->setData(throughputFor(run, m_source->bundled(), m_session));
    if (const ExperimentSpec* spec = findExperiment(run.experiment)) {
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
    statusBar()->showMessage(
        loaded.origin == RunOrigin::Live
            ? tr("Run finished on %1.").arg(QString::fromStdString(run.device.name))
            : tr("Opened %1.").arg(loaded.file),
        8000);
    emit runShown();
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
