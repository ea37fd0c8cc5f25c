#include "app/gui/window/run_compare_window.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

#include "app/gui/compare/compare_table.h"
#include "app/gui/window/main_window.h"
#include "app/gui/workbench/playback_bar.h"
#include "app/gui/worker/run_source.h"
#include "app/gui/worker/trace_loading.h"

namespace ws {

namespace {

// "reduce-ladder: variant=best n=2^20" — what a student reads to tell the
// two sides apart.
QString describe(const Run& run) {
    QStringList params;
    for (const auto& [name, value] : run.params)
        params << QString::fromStdString(name + "=" + value);
    return QString::fromStdString(run.experiment) +
           (params.isEmpty() ? QString() : QStringLiteral(": ") + params.join(' '));
}

QString describe(const BundledTrace& t) {
    QStringList params;
    for (const auto& [name, value] : t.params) params << QString::fromStdString(name + "=" + value);
    return t.experiment + (params.isEmpty() ? QString() : QStringLiteral(": ") + params.join(' '));
}

constexpr int kRunOnShow = -1;  // picker data of the "run on show" entry
constexpr int kOpenFile = -2;   // picker data of the "open a file" entry

}  // namespace

RunCompareWindow::RunCompareWindow(MainWindow* window, QWidget* parent)
    : QWidget(parent, Qt::Window),
      m_window(window),
      m_left(new PlaybackModel(this)),
      m_pair(new RunPair(m_left, this)) {
    setWindowTitle(tr("Compare two runs"));
    auto* top = new QHBoxLayout;
    for (int side = 0; side < 2; ++side) {
        m_pickers[side] = new QComboBox;
        m_pickers[side]->setMinimumContentsLength(30);
        m_pickers[side]->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        top->addWidget(new QLabel(side == 0 ? tr("Left:") : tr("Right:")));
        top->addWidget(m_pickers[side], 1);
        connect(m_pickers[side], &QComboBox::activated, this,
                [this, side](int i) { pick(side, i); });
    }
    m_viewPicker = new QComboBox;
    m_viewPicker->addItems(m_window->views()->names());
    m_viewPicker->setCurrentText(m_viewName);
    connect(m_viewPicker, &QComboBox::textActivated, this, &RunCompareWindow::setView);
    m_lockstepPicker = new QComboBox;
    m_lockstepPicker->addItem(tr("in step by GPU time"));
    m_lockstepPicker->addItem(tr("in step by reduction step"));
    connect(m_lockstepPicker, &QComboBox::activated, this, [this](int i) {
        setLockstep(i == 0 ? RunPair::Lockstep::Time : RunPair::Lockstep::Event);
    });
    top->addWidget(new QLabel(tr("View:")));
    top->addWidget(m_viewPicker);
    top->addWidget(m_lockstepPicker);

    auto* sides = new QHBoxLayout;
    for (int side = 0; side < 2; ++side) {
        m_titles[side] = new QLabel;
        m_titles[side]->setWordWrap(true);
        m_titles[side]->setStyleSheet(QStringLiteral("font-weight: bold"));
        m_columns[side] = new QVBoxLayout;
        m_columns[side]->addWidget(m_titles[side]);
        sides->addLayout(m_columns[side], 1);
    }
    m_problem = new QLabel;
    m_problem->setWordWrap(true);
    m_problem->hide();
    m_table = new CompareTable;

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_problem);
    // The views above, the figures below; the divider moves either way.
    auto* viewsPane = new QWidget;
    auto* viewsLayout = new QVBoxLayout(viewsPane);
    viewsLayout->setContentsMargins(0, 0, 0, 0);
    viewsLayout->addLayout(sides, 1);
    viewsLayout->addWidget(new PlaybackBar(m_left));
    m_split = new QSplitter(Qt::Vertical);
    m_split->addWidget(viewsPane);
    m_split->addWidget(m_table);
    m_split->setStretchFactor(0, 4);
    m_split->setStretchFactor(1, 1);
    m_split->setSizes({4000, 1000});  // in proportion: the views take most
    m_split->setChildrenCollapsible(false);
    layout->addWidget(m_split, 1);
    // New rows, or the alike row wrapping anew at a new width.
    connect(m_table, &CompareTable::contentHeightChanged, this, &RunCompareWindow::fitTable);

    connect(m_pair, &RunPair::changed, this, &RunCompareWindow::refresh);
    connect(m_left, &PlaybackModel::runChanged, this, &RunCompareWindow::refresh);
    fillPickers();
    rebuildViews();
    resize(1400, 900);
}

void RunCompareWindow::fillPickers() {
    const BundledTraces& bundled = m_window->source()->bundled();
    for (int side = 0; side < 2; ++side) {
        QComboBox* p = m_pickers[side];
        p->clear();
        p->addItem(tr("the run on show"), kRunOnShow);
        p->addItem(tr("a trace file…"), kOpenFile);
        p->insertSeparator(2);
        for (int i = 0; i < int(bundled.all().size()); ++i)
            p->addItem(describe(bundled.all()[std::size_t(i)]), i);
        p->setCurrentIndex(-1);
    }
}

void RunCompareWindow::pick(int side, int index) {
    const int data = m_pickers[side]->itemData(index).toInt();
    QString file;
    if (data == kRunOnShow) {
        const auto shown = m_window->model()->preparedShared();
        if (!shown) return;
        m_errors[side].clear();
        if (side == 0)
            m_left->setRun(shown);
        else
            m_pair->setRight(shown);
        return;
    }
    if (data == kOpenFile) {
        file =
            QFileDialog::getOpenFileName(this, tr("Open a warpscope trace"), {},
                                         tr("warpscope traces (*.wstrace *.cbor);;All files (*)"));
        if (file.isEmpty()) return;
    } else {
        file = m_window->source()->bundled().all()[std::size_t(data)].file;
    }
    compareFiles(side == 0 ? file : QString(), side == 1 ? file : QString());
}

void RunCompareWindow::takeRunOnShow() {
    if (auto shown = m_window->model()->preparedShared()) {
        m_left->setRun(shown);
        m_left->setTime(m_window->model()->time());
        m_pickers[0]->setCurrentIndex(0);
    }
}

void RunCompareWindow::loadLeft(const QString& file) {
    const int generation = ++m_leftGeneration;
    ++m_loadingLeft;
    loadTraceInBackground(this, file, [this, generation](LoadedTrace result) {
        --m_loadingLeft;
        if (generation != m_leftGeneration) return;  // a newer choice wins
        m_errors[0] = result.error;
        if (result.prepared) m_left->setRun(result.prepared);
        refresh();
        if (!loading()) emit loaded();
    });
}

void RunCompareWindow::showChoice(int side, const QString& file) {
    QComboBox* p = m_pickers[side];
    const auto& all = m_window->source()->bundled().all();
    const QString path = QFileInfo(file).absoluteFilePath();
    for (int i = 0; i < p->count(); ++i) {
        const int data = p->itemData(i).toInt();
        if (data >= 0 && QFileInfo(all[std::size_t(data)].file).absoluteFilePath() == path) {
            p->setCurrentIndex(i);
            return;
        }
    }
    // A file of the user's: listed under its name, so the picker says what is shown.
    p->addItem(QFileInfo(file).fileName(), kOpenFile);
    p->setCurrentIndex(p->count() - 1);
}

void RunCompareWindow::compareFiles(const QString& left, const QString& right) {
    if (!left.isEmpty()) showChoice(0, left);
    if (!right.isEmpty()) showChoice(1, right);
    if (!left.isEmpty()) loadLeft(left);
    if (!right.isEmpty())
        m_pair->loadRight(right, [this](const QString& error) {
            m_errors[1] = error;
            refresh();
            if (!loading()) emit loaded();
        });
}

bool RunCompareWindow::setView(const QString& name) {
    if (!m_window->views()->find(name)) return false;
    m_viewName = name;
    m_viewPicker->setCurrentText(name);
    rebuildViews();
    return true;
}

void RunCompareWindow::setLockstep(RunPair::Lockstep lockstep) {
    m_pair->setLockstep(lockstep);
    m_lockstepPicker->setCurrentIndex(lockstep == RunPair::Lockstep::Time ? 0 : 1);
}

void RunCompareWindow::rebuildViews() {
    const ViewEntry* entry = m_window->views()->find(m_viewName);
    ViewContext context = m_window->viewContext();
    for (int side = 0; side < 2; ++side) {
        if (m_views[side]) m_views[side]->deleteLater();
        context.model = side == 0 ? m_left : m_pair->right();
        m_views[side] = entry ? entry->create(context, nullptr) : new QWidget;
        m_views[side]->setProperty("ws-view-name", m_viewName);
        m_columns[side]->addWidget(m_views[side], 1);
    }
}

QString RunCompareWindow::problem() const {
    QStringList lines;
    for (int side = 0; side < 2; ++side)
        if (!m_errors[side].isEmpty())
            lines << (side == 0 ? tr("Left: ") : tr("Right: ")) + m_errors[side];
    return lines.join('\n');
}

void RunCompareWindow::refresh() {
    const Run* runs[2] = {m_pair->leftRun(), m_pair->rightRun()};
    for (int side = 0; side < 2; ++side)
        m_titles[side]->setText(
            runs[side] ? describe(*runs[side])
                       : tr("Choose a run above (%1)").arg(side == 0 ? tr("left") : tr("right")));
    m_table->setRuns(runs[0], runs[1]);
    m_problem->setText(problem());
    m_problem->setVisible(!m_problem->text().isEmpty());
}

void RunCompareWindow::fitTable() {
    // A fifth of the window held six of eight rows; the last ("alike in
    // both") was a scroll away. The table gets all its rows, up to 45 % of
    // the splitter; the divider still moves either way.
    const int total = m_split->height() - m_split->handleWidth();
    if (total <= 0) return;
    const int h = m_table->fittedHeight(total);
    m_split->setSizes({total - h, h});
}

void RunCompareWindow::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    fitTable();
}

void RunCompareWindow::resizeEvent(QResizeEvent* e) {
    // Made smaller, the window kept the table's old share and scrolled it.
    QWidget::resizeEvent(e);
    fitTable();
}

}  // namespace ws
