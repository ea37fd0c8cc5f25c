#include "app/gui/concurrency/concurrency_lab_views.h"

#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "app/gui/common/scroll_when_short.h"
#include "widgets/concurrency/launch_tree_view.h"
#include "widgets/concurrency/operations_view.h"
#include "widgets/concurrency/pages_view.h"
#include "widgets/plots/figures_view.h"

namespace ws {

namespace {

bool listed(const ExperimentSpec* spec, const char* view) { return spec && spec->lists(view); }

}  // namespace

ConcurrencyLabViews::ConcurrencyLabViews(PlaybackModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_source(new QLabel(this)),
      m_operations(new OperationsView(model, this)),
      m_tabs(new QTabWidget(this)),
      m_tree(new LaunchTreeView(model, this)),
      m_pages(new PagesView(model, this)),
      m_figures(new FiguresView(model, this)) {
    m_source->setWordWrap(true);
    m_tabs->addTab(m_tree, tr("Launch tree"));
    m_tabs->addTab(m_pages, tr("Managed pages"));
    // The figures' bar names wrap in a narrow tab and need two lines a bar:
    // they scroll there rather than hold the whole lab taller.
    m_figuresPage = scrollWhenShort(m_figures);
    m_tabs->addTab(m_figuresPage, tr("Figures"));
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_operations);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(m_source);
    layout->addWidget(split, 1);
    // The run's CUPTI status reads beside the source: a trace without
    // operations says why.
    connect(model, &PlaybackModel::runChanged, this, [this] {
        const Run* run = m_model->run();
        const auto it = run ? run->texts.find("cupti") : decltype(run->texts.end()){};
        m_source->setToolTip(run && it != run->texts.end() ? QString::fromStdString(it->second)
                                                           : QString());
    });
}

bool ConcurrencyLabViews::showFor(const ExperimentSpec* spec, bool runHoldsOperations) {
    const bool tree = listed(spec, "launch-tree"), pages = listed(spec, "pages"),
               figures = listed(spec, "figures") || runHoldsOperations,
               operations = listed(spec, "operations") || runHoldsOperations;
    m_tabs->setTabVisible(m_tabs->indexOf(m_tree), tree);
    m_tabs->setTabVisible(m_tabs->indexOf(m_pages), pages);
    m_tabs->setTabVisible(m_tabs->indexOf(m_figuresPage), figures);
    // The tab the experiment is about comes first.
    if (tree)
        m_tabs->setCurrentWidget(m_tree);
    else if (pages)
        m_tabs->setCurrentWidget(m_pages);
    else if (figures)
        m_tabs->setCurrentWidget(m_figuresPage);
    m_operations->setVisible(operations);
    m_tabs->setVisible(tree || pages || figures);
    return operations || tree || pages || figures;
}

void ConcurrencyLabViews::setMeasurementSource(const QString& note) {
    m_source->setText(tr("Operations from CUPTI and blocks from %globaltimer, %1").arg(note));
}

}  // namespace ws
