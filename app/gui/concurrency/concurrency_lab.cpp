#include "app/gui/concurrency/concurrency_lab.h"

#include <QDockWidget>
#include <QMenuBar>

#include "app/gui/common/scroll_when_short.h"
#include "app/gui/concurrency/concurrency_lab_views.h"
#include "app/gui/workbench/experiment_browser.h"
#include "app/gui/workbench/workbench_host.h"
#include "core/catalog/catalog.h"
#include "widgets/concurrency/launch_tree_view.h"
#include "widgets/concurrency/operations_view.h"
#include "widgets/concurrency/pages_view.h"
#include "widgets/plots/figures_view.h"

namespace ws {

LabModule concurrencyLabModule() {
    return {"concurrency",
            {QStringLiteral("operations"), QStringLiteral("launch-tree"), QStringLiteral("pages"),
             QStringLiteral("figures")},
            [](WorkbenchHost* host) -> Lab* { return new ConcurrencyLab(host); }};
}

ConcurrencyLab::ConcurrencyLab(WorkbenchHost* window)
    : Lab(window),
      m_window(window),
      m_views(new ConcurrencyLabViews(window->model(), window)),
      // Below the grid and the SM timeline: the operations timeline wants the width.
      m_dock(window->addLabDock(tr("Concurrency lab"), QStringLiteral("concurrency-lab"),
                                Qt::BottomDockWidgetArea)) {
    m_dock->setWidget(scrollWhenShort(m_views));
    m_dock->hide();
    QMenu* lab = window->menuBar()->addMenu(tr("&Concurrency lab"));
    lab->addAction(m_dock->toggleViewAction());
    registerViews();
    connect(window->browser(), &ExperimentBrowser::experimentChosen, this,
            &ConcurrencyLab::onExperiment);
}

void ConcurrencyLab::registerViews() {
    ViewCatalog* views = m_window->views();
    views->add({QStringLiteral("operations"), tr("Host threads, streams, copy engines and SMs"),
                QStringLiteral("concurrency"),
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new OperationsView(c.model, parent);
                }});
    views->add({QStringLiteral("launch-tree"), tr("Grids launched by grids"),
                QStringLiteral("concurrency"),
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new LaunchTreeView(c.model, parent);
                }});
    views->add({QStringLiteral("pages"), tr("Managed memory pages over time"),
                QStringLiteral("concurrency"),
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new PagesView(c.model, parent);
                }});
    views->add({QStringLiteral("figures"), tr("Figures of the run"), QStringLiteral("concurrency"),
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new FiguresView(c.model, parent);
                }});
}

void ConcurrencyLab::onExperiment(const QString& id) {
    const ExperimentSpec* spec = findExperiment(id.toStdString());
    const bool shown = spec && spec->group == "concurrency" && m_views->showFor(spec);
    m_window->showLabDock(m_dock, shown);
    if (shown) m_dock->raise();
}

void ConcurrencyLab::onRunShown(const LoadedRun& loaded) {
    const Run& run = *loaded.prepared->run;
    const ExperimentSpec* spec = findExperiment(run.experiment);
    const bool ours = spec && spec->group == "concurrency";
    // Another lab's run that holds CUPTI's operations (a traced program's
    // timeline) shows them here too.
    const bool operationsOfAnother = !ours && run.operations.size() > 0;
    const bool shown = (ours || operationsOfAnother) && m_views->showFor(spec, operationsOfAnother);
    m_window->showLabDock(m_dock, shown);
    if (!shown) return;
    const QString device = QString::fromStdString(run.device.name);
    switch (loaded.origin) {
        case RunOrigin::Live:
            m_views->setMeasurementSource(tr("live on %1").arg(device));
            break;
        case RunOrigin::Recorded:
            m_views->setMeasurementSource(
                tr("recorded on %1%2")
                    .arg(device, loaded.note.isEmpty() ? QString() : ", " + loaded.note));
            break;
        case RunOrigin::File:
            m_views->setMeasurementSource(tr("from a trace file recorded on %1").arg(device));
            break;
    }
}

}  // namespace ws
