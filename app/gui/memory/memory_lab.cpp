#include "app/gui/memory/memory_lab.h"

#include <QDockWidget>
#include <QMenuBar>

#include "app/gui/common/scroll_when_short.h"
#include "app/gui/memory/bank_probe_series.h"
#include "app/gui/memory/memory_lab_views.h"
#include "app/gui/memory/memory_throughput.h"
#include "app/gui/workbench/experiment_browser.h"
#include "app/gui/workbench/parameter_panel.h"
#include "app/gui/workbench/view_entries.h"
#include "app/gui/workbench/workbench_host.h"
#include "core/catalog/catalog.h"
#include "widgets/memory/bank_view.h"
#include "widgets/memory/coalescing_view.h"
#include "widgets/memory/image_view.h"
#include "widgets/plots/throughput_plot.h"

namespace ws {

LabModule memoryLabModule() {
    return {"memory",
            {QStringLiteral("banks"), QStringLiteral("coalescing"), QStringLiteral("image")},
            [](WorkbenchHost* host) -> Lab* { return new MemoryLab(host); }};
}

MemoryLab::MemoryLab(WorkbenchHost* window)
    : Lab(window),
      m_window(window),
      m_views(new MemoryLabViews(window->model(), window)),
      // Below the grid and the timeline: the three views want width, side by side.
      m_dock(window->addLabDock(tr("Memory lab"), QStringLiteral("memory-lab"),
                                Qt::BottomDockWidgetArea)) {
    m_dock->setWidget(scrollWhenShort(m_views));
    m_dock->hide();
    QMenu* lab = window->menuBar()->addMenu(tr("&Memory lab"));
    lab->addAction(m_dock->toggleViewAction());

    connect(window->browser(), &ExperimentBrowser::experimentChosen, this,
            &MemoryLab::onExperiment);
    // The memory experiments' throughput, wherever it is plotted (the
    // window's plot, a lesson's "throughput" view); the bank probe's cycles
    // per access, completed once its bundled runs are read.
    window->throughputProviders()->add(
        [this](const Run& run, const ThroughputLater& later) -> std::optional<ThroughputData> {
            if (isBankProbe(run))
                return bankProbeCyclesFor(run, m_window->source()->bundled(), this, later);
            if (!isMemoryExperiment(run.experiment)) return std::nullopt;
            return memoryThroughputFor(run, m_window->source()->bundled(), m_window->sessionRuns());
        });
    registerViews();
    connect(window->parameters(), &ParameterPanel::valuesChanged, this, [this] {
        ParameterPanel* p = m_window->parameters();
        m_views->setControls(p->experiment(), p->values());
    });
}

void MemoryLab::onExperiment(const QString& id) {
    const bool shown = m_views->showFor(findExperiment(id.toStdString()));
    m_window->showLabDock(m_dock, shown);
    if (shown) m_dock->raise();
}

void MemoryLab::registerViews() {
    ViewCatalog* views = m_window->views();
    views->add(modelView<BankView>("banks", tr("Shared-memory banks"), "memory"));
    views->add(
        modelView<CoalescingView>("coalescing", tr("Global memory: sectors and lines"), "memory"));
    views->add(modelView<ImageView>("image", tr("Input and output images"), "memory"));
}

void MemoryLab::onRunShown(const LoadedRun& loaded) {
    const Run& run = *loaded.prepared->run;
    const ExperimentSpec* spec = findExperiment(run.experiment);
    const bool shown = m_views->showFor(spec, &run);
    m_window->showLabDock(m_dock, shown);
    if (!shown) return;
    QString source;
    switch (loaded.origin) {
        case RunOrigin::Live:
            source = tr("live on %1").arg(QString::fromStdString(run.device.name));
            break;
        case RunOrigin::Recorded:
            source = tr("recorded on %1").arg(QString::fromStdString(run.device.name));
            if (!loaded.note.isEmpty()) source += QStringLiteral(", ") + loaded.note;
            break;
        case RunOrigin::File:
            source = tr("from a trace file, recorded on %1")
                         .arg(QString::fromStdString(run.device.name));
            break;
    }
    m_views->setMeasurementSource(source);
    m_views->setControls(m_window->parameters()->experiment(), m_window->parameters()->values());
}

}  // namespace ws
