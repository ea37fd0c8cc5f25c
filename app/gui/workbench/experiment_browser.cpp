#include "app/gui/workbench/experiment_browser.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "core/catalog/catalog.h"

namespace ws {

namespace {
// The seeds' order; groups the catalog adds later go after these.
const QStringList kGroupOrder = {
    "basics",         "reduction", "memory",  "atomics and inter-block",
    "matrix product", "streams",   "advanced"};
constexpr int kIdRole = Qt::UserRole + 1;

// A group's name as the tree shows it, where the catalog's is a room's name.
QString groupTitle(const QString& group) {
    if (group == QLatin1String("kernelfile")) return QObject::tr("Kernel files");
    return group.left(1).toUpper() + group.mid(1);
}
}  // namespace

ExperimentBrowser::ExperimentBrowser(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_tree = new QTreeWidget(this);
    m_tree->setHeaderHidden(true);
    m_tree->setRootIsDecorated(true);
    m_details = new QLabel(this);
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setMinimumHeight(60);
    layout->addWidget(m_tree, 3);
    layout->addWidget(m_details, 2);

    QStringList groups = kGroupOrder;
    for (const auto& e : catalog()) {
        const QString g = QString::fromStdString(e.group);
        if (!groups.contains(g)) groups << g;
    }
    for (const auto& g : groups) {
        QTreeWidgetItem* groupItem = nullptr;
        for (const auto& e : catalog()) {
            if (QString::fromStdString(e.group) != g) continue;
            if (!groupItem) {
                groupItem = new QTreeWidgetItem(m_tree, {groupTitle(g)});
                groupItem->setFlags(Qt::ItemIsEnabled);
                QFont f = groupItem->font(0);
                f.setBold(true);
                groupItem->setFont(0, f);
            }
            auto* item = new QTreeWidgetItem(groupItem, {QString::fromStdString(e.title)});
            item->setData(0, kIdRole, QString::fromStdString(e.id));
            item->setToolTip(0, QStringLiteral("<b>%1</b> (%2)<br>%3")
                                    .arg(QString::fromStdString(e.title).toHtmlEscaped(),
                                         QString::fromStdString(e.id),
                                         QString::fromStdString(e.summary).toHtmlEscaped()));
        }
    }
    m_tree->expandAll();
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (!item) return;
        const QString id = item->data(0, kIdRole).toString();
        if (id.isEmpty() || id == m_current) return;
        m_current = id;
        showDetails(id);
        emit experimentChosen(id);
    });
}

void ExperimentBrowser::setCurrent(const QString& id) {
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it)
        if ((*it)->data(0, kIdRole).toString() == id) {
            m_current = id;  // no signal: the caller already knows
            const QSignalBlocker block(m_tree);
            m_tree->setCurrentItem(*it);
            showDetails(id);  // first: its new text lays the list out again
            // In view: opening an argmin trace left the short list at
            // "Basics", the chosen experiment scrolled away below. Again once
            // the docks are laid out, which may shorten the list.
            m_tree->scrollToItem(*it, QAbstractItemView::PositionAtCenter);
            QMetaObject::invokeMethod(
                m_tree,
                [tree = m_tree] {
                    if (QTreeWidgetItem* current = tree->currentItem())
                        tree->scrollToItem(current, QAbstractItemView::PositionAtCenter);
                },
                Qt::QueuedConnection);
            return;
        }
}

void ExperimentBrowser::showDetails(const QString& id) {
    const ExperimentSpec* e = findExperiment(id.toStdString());
    if (!e) return;
    // What GPU it needs, where it needs more than any this build runs on.
    const QString needs = e->needs.any() ? QString()
                                         : QStringLiteral("<br><b>%1</b>").arg(
                                               QString::fromStdString(requirementText(e->needs))
                                                   .toHtmlEscaped());
    m_details->setText(QStringLiteral("<b>%1</b><br>%2<br><i>Seed: %3</i>%4")
                           .arg(QString::fromStdString(e->title).toHtmlEscaped(),
                                QString::fromStdString(e->summary).toHtmlEscaped(),
                                QString::fromStdString(e->seed).toHtmlEscaped(), needs));
}

}  // namespace ws
