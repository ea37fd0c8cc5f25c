#include "app/gui/compare/compare_window.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include "app/gui/common/background_job.h"
#include "core/trace/trace_io.h"
#include "widgets/reduction/divergence_view.h"
#include "widgets/reduction/reduction_tree_view.h"

namespace ws {

CompareWindow::CompareWindow(const BundledTraces& bundled, QWidget* parent)
    : QWidget(parent, Qt::Window), m_bundled(bundled) {
    setWindowTitle(tr("warpscope — compare reduction variants"));
    auto* v = new QVBoxLayout(this);
    auto* columns = new QHBoxLayout;
    for (int side = 0; side < 2; ++side) {
        m_models[side] = new PlaybackModel(this);
        m_trees[side] = new ReductionTreeView(m_models[side], this);
        m_div[side] = new DivergenceView(m_models[side], this);
        m_pick[side] = new QComboBox(this);
        auto* col = new QVBoxLayout;
        col->addWidget(m_pick[side]);
        auto* split = new QSplitter(Qt::Vertical, this);
        split->addWidget(m_trees[side]);
        split->addWidget(m_div[side]);
        split->setStretchFactor(0, 3);
        split->setStretchFactor(1, 2);
        col->addWidget(split, 1);
        columns->addLayout(col, 1);
        connect(m_pick[side], &QComboBox::activated, this,
                [this, side](int i) { load(side, m_pick[side]->itemData(i).toString()); });
        connect(m_trees[side], &ReductionTreeView::sceneChanged, this,
                &CompareWindow::refreshRange);
    }
    v->addLayout(columns, 1);
    auto* bar = new QHBoxLayout;
    auto* play = new QPushButton(tr("Play"), this);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_stepLabel = new QLabel(this);
    m_play = new QTimer(this);
    m_play->setInterval(900);  // slow enough to explain each step aloud
    bar->addWidget(play);
    bar->addWidget(new QLabel(tr("Step (both sides):"), this));
    bar->addWidget(m_slider, 1);
    bar->addWidget(m_stepLabel);
    v->addLayout(bar);
    connect(m_slider, &QSlider::valueChanged, this, &CompareWindow::setLevel);
    connect(play, &QPushButton::clicked, this, [this, play] {
        if (m_play->isActive()) {
            m_play->stop();
            play->setText(tr("Play"));
            return;
        }
        if (m_level >= m_slider->maximum()) m_slider->setValue(0);
        m_play->start();
        play->setText(tr("Pause"));
    });
    connect(m_play, &QTimer::timeout, this, [this, play] {
        if (m_level >= m_slider->maximum()) {
            m_play->stop();
            play->setText(tr("Play"));
            return;
        }
        m_slider->setValue(m_level + 1);
    });
    resize(1700, 1000);
}

void CompareWindow::compare(const std::string& experiment, const ParamValues& params,
                            const QString& leftVariant, const QString& rightVariant) {
    m_experiment = experiment;
    m_params = params;
    const QString wanted[2] = {leftVariant, rightVariant};
    for (int side = 0; side < 2; ++side) {
        m_pick[side]->clear();
        for (const BundledTrace* t : m_bundled.forExperiment(experiment)) {
            bool same = t->params.count("variant") > 0;
            for (const auto& [k, value] : params)
                if (k != "variant" && k != "traced_blocks" && t->params.count(k) &&
                    t->params.at(k) != value)
                    same = false;
            if (same)
                m_pick[side]->addItem(QString::fromStdString(t->params.at("variant")), t->file);
        }
        const int i = m_pick[side]->findText(wanted[side]);
        if (i >= 0) {
            m_pick[side]->setCurrentIndex(i);
            load(side, m_pick[side]->itemData(i).toString());
        }
    }
}

void CompareWindow::load(int side, const QString& file) {
    ++m_pending;
    const int generation = ++m_generation[side];
    runInBackground<std::shared_ptr<const PreparedRun>>(
        this,
        [file]() -> std::shared_ptr<const PreparedRun> {
            auto run = loadTrace(file.toStdString());
            if (!run) return nullptr;
            return prepareRun(std::make_shared<const Run>(std::move(run).value()));
        },
        [this, side, generation](std::shared_ptr<const PreparedRun> prepared) {
            --m_pending;
            if (generation != m_generation[side]) return;  // a newer choice wins
            if (prepared) m_models[side]->setRun(prepared);
            refreshRange();
            setLevel(m_level);
            if (m_pending == 0) emit loaded();
        });
}

void CompareWindow::refreshRange() {
    int most = 0;
    for (auto* t : m_trees)
        if (const PassValues* p = t->pass()) most = std::max(most, int(p->levelCount()) - 1);
    m_slider->setMaximum(most);
}

void CompareWindow::setLevel(int level) {
    m_level = level;
    for (int side = 0; side < 2; ++side) {
        m_trees[side]->setPass(0);
        m_trees[side]->setFixedLevel(level);
        m_div[side]->setFixedRow(level);
    }
    if (m_slider->value() != level) m_slider->setValue(level);
    m_stepLabel->setText(level == 0 ? tr("load") : tr("step %1").arg(level));
}

}  // namespace ws
