#include "app/gui/basics/basics_lab.h"

#include <QDockWidget>
#include <QMenuBar>
#include <QTabWidget>

#include "app/gui/common/dock_sizes.h"
#include "app/gui/common/scroll_when_short.h"
#include "app/gui/workbench/experiment_browser.h"
#include "app/gui/workbench/workbench_host.h"
#include "core/catalog/catalog.h"
#include "widgets/basics/bandwidth_plot.h"
#include "widgets/basics/cpu_gpu_plot.h"
#include "widgets/basics/greetings_view.h"
#include "widgets/basics/indexing_view.h"
#include "widgets/basics/sass_view.h"
#include "widgets/timeline/device_view.h"

namespace ws {

namespace {

// Parameters that do not change what is timed.
bool sameSetting(const ParamValues& a, const ParamValues& b) {
    for (const auto& [k, v] : a) {
        if (k == "n" || k == "width" || k == "height" || k == "traced_blocks" ||
            k == "crossover_sweep" || k == "grid")
            continue;
        const auto it = b.find(k);
        if (it != b.end() && it->second != v) return false;
    }
    return true;
}

struct TabSpec {
    const char* name;
    const char* title;
};
constexpr TabSpec kTabs[] = {
    {"greetings", "Greetings"}, {"indexing", "Threads and elements"}, {"sass", "SASS"},
    {"bandwidth", "Bandwidth"}, {"cpu-gpu", "CPU against GPU"},       {"device", "Device"}};

}  // namespace

std::vector<CostPoint> cpuGpuPointsFor(const Run& run,
                                       const std::vector<std::pair<ParamValues, CostPoint>>& others,
                                       QString* source) {
    if (auto own = readCrossover(run); own && !own->empty()) {
        if (source) *source = QObject::tr("this run's sweep of sizes");
        return *own;
    }
    std::vector<CostPoint> points;
    for (const auto& [params, point] : others)
        if (point.n > 0 && point.kernelMs > 0 && sameSetting(run.params, params))
            points.push_back(point);
    const CostPoint mine = costPointOf(run);
    if (mine.n > 0 && mine.kernelMs > 0 &&
        std::none_of(points.begin(), points.end(),
                     [&](const CostPoint& p) { return p.n == mine.n; }))
        points.push_back(mine);
    if (source)
        *source = QObject::tr("%1 runs of %2 at other sizes (recorded and this session's)")
                      .arg(points.size())
                      .arg(QString::fromStdString(run.experiment));
    return points;
}

namespace {
// The bundled runs of `experiment` as CPU-against-GPU points, with the
// parameters each was recorded with.
std::vector<std::pair<ParamValues, CostPoint>> recordedCostPoints(const BundledTraces& bundled,
                                                                  const std::string& experiment) {
    std::vector<std::pair<ParamValues, CostPoint>> out;
    for (const auto* t : bundled.forExperiment(experiment)) {
        Run r;
        r.params = t->params;
        r.timing.kernelMs = t->kernelMs;
        r.timing.cpuMs = t->cpuMs;
        r.timing.cpuParallelMs = t->cpuParallelMs;
        r.timing.cpuThreads = t->cpuThreads;
        r.timing.transferMs = t->transferMs;
        out.push_back({t->params, costPointOf(r)});
    }
    return out;
}
}  // namespace

LabModule basicsLabModule() {
    return {"basics",
            {QStringLiteral("greetings"), QStringLiteral("indexing"), QStringLiteral("sass"),
             QStringLiteral("bandwidth"), QStringLiteral("device"), QStringLiteral("cpu-gpu")},
            [](WorkbenchHost* host) -> Lab* { return new BasicsLab(host); }};
}

BasicsLab::BasicsLab(WorkbenchHost* window)
    : Lab(window),
      m_window(window),
      m_dock(window->addLabDock(tr("First kernels and the device"), QStringLiteral("basics-lab"),
                                Qt::RightDockWidgetArea)),
      m_tabs(new QTabWidget(m_dock)),
      m_cpuGpu(new CpuGpuPlot(m_tabs)) {
    m_dock->setWidget(scrollWhenShort(m_tabs));
    m_dock->hide();  // until a first kernel's run (showTabsFor)
    // A third of a projector's width, as the reduction tree's: shown after
    // the window's first layout, it took its tables' whole width (920 px at
    // 1920) and left the playback bar's scrubber a handle wide.
    window->dockSizes()->prefer(m_dock, 620, Qt::Horizontal);
    PlaybackModel* model = window->model();
    m_tabs->addTab(new GreetingsView(model, m_tabs), tr(kTabs[0].title));
    m_tabs->addTab(new IndexingView(model, m_tabs), tr(kTabs[1].title));
    m_tabs->addTab(new SassView(model, m_tabs), tr(kTabs[2].title));
    m_tabs->addTab(new BandwidthPlot(model, m_tabs), tr(kTabs[3].title));
    m_tabs->addTab(m_cpuGpu, tr(kTabs[4].title));
    m_tabs->addTab(new DeviceView(model, m_tabs), tr(kTabs[5].title));
    QMenu* lab = window->menuBar()->addMenu(tr("&First kernels"));
    lab->addAction(m_dock->toggleViewAction());
    registerViews();
    connect(window->browser(), &ExperimentBrowser::experimentChosen, this,
            &BasicsLab::onExperiment);
    // The tabs of the first experiment, with the dock left hidden: shown
    // before any run, it widened the window past a laptop's screen for good.
    showTabsFor("hello", false);
}

void BasicsLab::registerViews() {
    auto add = [this](const char* name, const char* title, auto make) {
        m_window->views()->add({QString::fromLatin1(name), tr(title), QStringLiteral("basics"),
                                [make](const ViewContext& c, QWidget* parent) -> QWidget* {
                                    return make(c, parent);
                                }});
    };
    add("greetings", "Greetings",
        [](const ViewContext& c, QWidget* p) { return new GreetingsView(c.model, p); });
    add("indexing", "Threads and elements",
        [](const ViewContext& c, QWidget* p) { return new IndexingView(c.model, p); });
    add("sass", "SASS", [](const ViewContext& c, QWidget* p) { return new SassView(c.model, p); });
    add("bandwidth", "Bandwidth",
        [](const ViewContext& c, QWidget* p) { return new BandwidthPlot(c.model, p); });
    add("device", "Device",
        [](const ViewContext& c, QWidget* p) { return new DeviceView(c.model, p); });
    add("cpu-gpu", "CPU against GPU", [](const ViewContext& c, QWidget* p) -> QWidget* {
        // A fresh plot follows the window's run as the dock's does.
        auto* plot = new CpuGpuPlot(p);
        auto refresh = [plot, c] {
            const Run* run = c.model->run();
            if (!run) return;
            auto others = recordedCostPoints(c.source->bundled(), run->experiment);
            QString source;
            auto points = cpuGpuPointsFor(*run, others, &source);
            plot->setPoints(std::move(points), costPointOf(*run), source);
        };
        QObject::connect(c.model, &PlaybackModel::runChanged, plot, refresh);
        refresh();
        return plot;
    });
}

void BasicsLab::showTabsFor(const std::string& id, bool showDock) {
    const ExperimentSpec* spec = findExperiment(id);
    // Shown with the first kernels, as each lab's dock is with its own
    // experiments: beside another lab it took the width the throughput plot
    // and that lab's views need. Its CPU-against-GPU and device tabs stay a
    // click away in the First kernels menu, and in lessons.
    // Only on a change of experiment: a dock the user opened stays open
    // through the runs of the same experiment.
    if (showDock && id != m_dockShownFor) {
        m_dockShownFor = id;
        const bool own = spec && spec->group == "basics";
        m_window->showLabDock(m_dock, own);
        if (own) m_dock->raise();
    }
    for (int i = 0; i < m_tabs->count(); ++i) {
        const std::string name = kTabs[i].name;
        const bool always = name == "device" || name == "cpu-gpu";
        m_tabs->setTabVisible(i, always || (spec && spec->lists(name)));
    }
    // The experiment's own view first, else the CPU against the GPU.
    for (int i = 0; i < 4; ++i)
        if (m_tabs->isTabVisible(i)) {
            m_tabs->setCurrentIndex(i);
            return;
        }
    m_tabs->setCurrentIndex(4);
}

void BasicsLab::onExperiment(const QString& id) { showTabsFor(id.toStdString()); }

void BasicsLab::onRunShown(const LoadedRun& loaded) {
    const Run& run = *loaded.prepared->run;
    showTabsFor(run.experiment);
    if (loaded.origin == RunOrigin::Live)
        m_session.push_back({run.experiment, run.params, costPointOf(run)});
    auto others = recordedCostPoints(m_window->source()->bundled(), run.experiment);
    for (const auto& s : m_session)
        if (s.experiment == run.experiment) others.push_back({s.params, s.point});
    QString source;
    auto points = cpuGpuPointsFor(run, others, &source);
    m_cpuGpu->setPoints(std::move(points), costPointOf(run), source);
}

}  // namespace ws
