#include "app/gui/tensorcore/tensorcore_lab.h"

#include <QDockWidget>
#include <QMenuBar>
#include <QTabWidget>

#include "app/gui/common/dock_sizes.h"
#include "app/gui/common/scroll_when_short.h"
#include "app/gui/matmul/matmul_lab.h"
#include "app/gui/workbench/experiment_browser.h"
#include "app/gui/workbench/workbench_host.h"
#include "widgets/plots/ladder_chart.h"
#include "widgets/plots/throughput_plot.h"
#include "widgets/tensorcore/pipeline_view.h"
#include "widgets/tensorcore/tensor_run_facts.h"
#include "widgets/tensorcore/tensor_tile_view.h"

namespace ws {

LabModule tensorCoreLabModule() {
    return {"tensorcore",
            {QStringLiteral("tensorcore-pipeline"), QStringLiteral("tensorcore-tile"),
             QStringLiteral("tensorcore-ladder")},
            [](WorkbenchHost* host) -> Lab* { return new TensorCoreLab(host); }};
}

TensorCoreLab::TensorCoreLab(WorkbenchHost* window)
    : Lab(window),
      m_window(window),
      m_dock(window->addLabDock(tr("Tensor cores"), QStringLiteral("tensorcore"),
                                Qt::BottomDockWidgetArea)),
      m_tabs(new QTabWidget(m_dock)),
      m_pipeline(new PipelineView(window->model(), m_tabs)),
      m_tile(new TensorTileView(window->model(), m_tabs)),
      m_ladder(new LadderChart(m_tabs)) {
    m_tabs->addTab(m_pipeline, tr("TMA pipeline"));
    m_tabs->addTab(m_tile, tr("Tile and instructions"));
    m_tabs->addTab(m_ladder, tr("BF16 ladder"));
    m_dock->setWidget(scrollWhenShort(m_tabs));
    window->dockSizes()->prefer(m_dock, 520, Qt::Vertical);
    m_dock->hide();
    window->menuBar()->addMenu(tr("&Tensor cores"))->addAction(m_dock->toggleViewAction());
    connect(window->browser(), &ExperimentBrowser::experimentChosen, this,
            &TensorCoreLab::onExperiment);
    registerViews();
    // TFLOP/s against the BF16 tensor peak wherever the product's throughput
    // is plotted, not GB/s against the memory's.
    window->throughputProviders()->add([this](const Run& run) -> std::optional<ThroughputData> {
        if (run.experiment != kTensorCoreExperiment) return std::nullopt;
        return tensorCoreThroughput(run, sources());
    });
    // The tensor cores' roof sits an order of magnitude above the FP32 peak:
    // drawn on the matrix multiply's roofline for their own runs, so its
    // FP32 ladder keeps its scale.
    if (auto* matmul = window->findChild<MatmulLab*>(QString(), Qt::FindDirectChildrenOnly))
        matmul->addToRoofline([this](RooflineData& d, const Run* shown) {
            if (shown && shown->experiment == kTensorCoreExperiment)
                addTensorCoreRoof(d, shown, sources());
        });
    refresh();
}

TensorCoreSources TensorCoreLab::sources() const {
    return {&m_window->source()->bundled(), m_session};
}

void TensorCoreLab::registerViews() {
    ViewCatalog* views = m_window->views();
    const QString lab = QStringLiteral("tensorcore");
    // The views were named "tc-..." before the lab had one name everywhere.
    for (const char* view : {"pipeline", "tile", "ladder"})
        views->addFormerName(QStringLiteral("tc-") + QLatin1String(view),
                             QStringLiteral("tensorcore-") + QLatin1String(view));
    views->add({QStringLiteral("tensorcore-pipeline"), tr("TMA pipeline"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new PipelineView(c.model, parent);
                }});
    views->add({QStringLiteral("tensorcore-tile"), tr("Tile and tensor-core instructions"), lab,
                [](const ViewContext& c, QWidget* parent) -> QWidget* {
                    return new TensorTileView(c.model, parent);
                }});
    views->add({QStringLiteral("tensorcore-ladder"), tr("Tensor-core ladder"), lab,
                [this](const ViewContext& c, QWidget* parent) -> QWidget* {
                    auto* chart = new LadderChart(parent);
                    PlaybackModel* model = c.model;
                    auto fill = [this, chart, model] {
                        chart->setData(tensorCoreLadder(model->run(), sources()));
                    };
                    connect(model, &PlaybackModel::runChanged, chart, fill);
                    fill();
                    return chart;
                }});
}

void TensorCoreLab::onExperiment(const QString& id) {
    const bool shown = id == QLatin1String(kTensorCoreExperiment);
    m_window->showLabDock(m_dock, shown);
    if (shown) m_dock->raise();
}

void TensorCoreLab::onRunShown(const LoadedRun& loaded) {
    const Run& run = *loaded.prepared->run;
    m_window->showLabDock(m_dock, run.experiment == kTensorCoreExperiment);
    if (loaded.origin == RunOrigin::Live)
        if (auto m = tensorCoreMeasurementOf(run)) m_session.push_back(*m);
    refresh();
}

void TensorCoreLab::refresh() {
    const Run* run = m_window->model()->run();
    m_ladder->setData(tensorCoreLadder(run, sources()));
}

}  // namespace ws
