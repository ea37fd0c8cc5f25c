#include "app/gui/program/program_launches.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <set>

#include "app/gui/common/background_job.h"
#include "core/program/launch_log.h"
#include "core/program/launch_run.h"
#include "core/program/timeline_run.h"

namespace ws {

namespace {

enum Column { Number, Kernel, Grid, Block, Time, Recorded, ColumnCount };
constexpr int kTraceRole = Qt::UserRole + 1;

QString dims(const Dim3& d) {
    return d.y == 1 && d.z == 1 ? QString::number(d.x)
                                : QStringLiteral("%1×%2×%3").arg(d.x).arg(d.y).arg(d.z);
}

struct Read {
    Result<program::LaunchLog> log = makeError("");
    std::vector<QString> traces;  // each launch's trace file, "" where it has none
    QString timeline;             // the whole program's, "" where it has none
};

}  // namespace

ProgramLaunches::ProgramLaunches(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("A traced program's launches"));
    setObjectName(QStringLiteral("programLaunches"));
    auto* layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_list = new QTreeWidget(this);
    m_list->setColumnCount(ColumnCount);
    m_list->setHeaderLabels(
        {tr("Launch"), tr("Kernel"), tr("Grid"), tr("Block"), tr("Time (ms)"), tr("Blocks")});
    m_list->setRootIsDecorated(false);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->header()->setSectionResizeMode(Kernel, QHeaderView::Stretch);
    layout->addWidget(m_list);
    auto* buttons = new QDialogButtonBox(this);
    m_open = buttons->addButton(tr("&Open in every view"), QDialogButtonBox::AcceptRole);
    m_compare = buttons->addButton(tr("&Compare the two"), QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Close);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::hide);
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (const QString t = selectedTrace(0); !t.isEmpty()) emit openLaunch(t);
    });
    connect(m_compare, &QPushButton::clicked, this, [this] {
        const QString a = selectedTrace(0), b = selectedTrace(1);
        if (!a.isEmpty() && !b.isEmpty()) emit compareLaunches(a, b);
    });
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &ProgramLaunches::updateButtons);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        if (const QString t = item->data(Number, kTraceRole).toString(); !t.isEmpty())
            emit openLaunch(t);
    });
    resize(820, 420);
    updateButtons();
}

int ProgramLaunches::rowCount() const { return m_list->topLevelItemCount(); }

void ProgramLaunches::setFolder(const QString& folder) {
    m_folder = folder;
    m_list->clear();
    m_summary->setText(tr("Reading %1…").arg(folder));
    const QString logPath = QDir(folder).filePath(QString::fromUtf8(program::kLaunchLogFile));
    runInBackground<Read>(
        this,
        [logPath] {
            Read r;
            QFile file(logPath);
            if (!file.open(QIODevice::ReadOnly)) {
                r.log = makeError(logPath.toStdString() +
                                  " is missing: a folder warpscope-record trace wrote holds it");
                return r;
            }
            const QByteArray text = file.readAll();
            r.log = program::parseLaunchLog(std::string_view(text.constData(), text.size()));
            // Which traces are there is asked here too, off the UI thread.
            const QString timeline =
                QFileInfo(logPath).dir().filePath(QString::fromUtf8(program::kTimelineTraceFile));
            if (QFile::exists(timeline)) r.timeline = timeline;
            if (r.log)
                for (const program::LoggedLaunch& l : r.log->launches) {
                    const QString trace = QFileInfo(logPath).dir().filePath(
                        QString::fromStdString(program::launchTraceName(l)));
                    r.traces.push_back(l.recorded && QFile::exists(trace) ? trace : QString());
                }
            return r;
        },
        [this, folder](Read r) {
            if (folder != m_folder) return;  // another folder was asked for since
            if (!r.log) {
                m_summary->setText(QString::fromStdString(r.log.error()));
                emit failed(QString::fromStdString(r.log.error()));
                return;
            }
            const auto& launches = r.log->launches;
            QString first = r.timeline;  // the whole program first, where CUPTI recorded it
            if (!r.timeline.isEmpty()) {
                auto* item = new QTreeWidgetItem(m_list);
                item->setText(Number, tr("all"));
                item->setText(Kernel, tr("the whole program"));
                item->setText(Recorded, tr("CUPTI's timeline"));
                const QString whole =
                    tr("Its kernels, copies and runtime calls on CUPTI's "
                       "timeline, with the recorded launches' blocks");
                item->setToolTip(Kernel, whole);
                item->setToolTip(Recorded, whole);
                item->setData(Number, kTraceRole, r.timeline);
                item->setTextAlignment(Number, Qt::AlignRight);
            }
            std::set<std::string> kernels;
            int recorded = 0;
            for (std::size_t i = 0; i < launches.size(); ++i) {
                const program::LoggedLaunch& l = launches[i];
                kernels.insert(l.kernel);
                const QString& trace = r.traces[i];
                const bool hasTrace = !trace.isEmpty();
                auto* item = new QTreeWidgetItem(m_list);
                item->setText(Number, QString::number(l.launch));
                item->setText(Kernel,
                              QString::fromStdString(l.kernel.empty() ? std::string("(unseen)")
                                                                      : ws::demangled(l.kernel)));
                item->setText(Grid, dims(l.grid));
                item->setText(Block, dims(l.block));
                item->setText(Time, l.ms > 0 ? QString::number(l.ms, 'f', 4) : QStringLiteral("–"));
                item->setText(Recorded,
                              hasTrace ? tr("recorded") : QString::fromStdString(l.whyNotProbed));
                item->setToolTip(Recorded, item->text(Recorded));
                for (int c : {Number, Time}) item->setTextAlignment(c, Qt::AlignRight);
                if (hasTrace) {
                    item->setData(Number, kTraceRole, trace);
                    ++recorded;
                    if (first.isEmpty()) first = trace;
                } else {
                    for (int c = 0; c < ColumnCount; ++c)
                        item->setForeground(c, palette().color(QPalette::Disabled, QPalette::Text));
                }
            }
            const auto count = [](std::size_t n, const char* one, const char* many) {
                return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
            };
            m_summary->setText(tr("%1: %2 of %3, %4 recorded block by block. Open one to see it "
                                  "in every view; select two to compare them.")
                                   .arg(folder, count(launches.size(), "launch", "launches"),
                                        count(kernels.size(), "kernel", "kernels"))
                                   .arg(recorded));
            for (int c = 0; c < ColumnCount; ++c)
                if (c != Kernel) m_list->resizeColumnToContents(c);
            if (m_list->topLevelItemCount()) m_list->setCurrentItem(m_list->topLevelItem(0));
            updateButtons();
            emit loaded(first);
        });
}

QString ProgramLaunches::selectedTrace(int which) const {
    const auto items = m_list->selectedItems();
    return which < items.size() ? items[which]->data(Number, kTraceRole).toString() : QString();
}

void ProgramLaunches::updateButtons() {
    const auto items = m_list->selectedItems();
    int withTrace = 0;
    for (const QTreeWidgetItem* i : items) withTrace += !i->data(Number, kTraceRole).isNull();
    m_open->setEnabled(items.size() == 1 && withTrace == 1);
    m_compare->setEnabled(items.size() == 2 && withTrace == 2);
}

}  // namespace ws
