#include "app/gui/compare_table.h"

#include <QEvent>
#include <QHeaderView>

#include "core/run_comparison.h"

namespace ws {

CompareTable::CompareTable(QWidget* parent) : QTableWidget(parent) {
    setColumnCount(4);
    setHorizontalHeaderLabels({tr("figure"), tr("left"), tr("right"), tr("right / left")});
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    fitRowHeight();
}

void CompareTable::fitRowHeight() {
    // One line of text and a little air: the style's rows, 35 px for a
    // 22-px presentation font, made eight rows 80 px taller than their text
    // and left a slide's views less room on a projector.
    verticalHeader()->setMinimumSectionSize(1);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
}

void CompareTable::changeEvent(QEvent* e) {
    QTableWidget::changeEvent(e);
    if (e->type() == QEvent::FontChange) {
        fitRowHeight();
        updateGeometry();
    }
}

void CompareTable::setRuns(const Run* left, const Run* right) {
    static const Run empty;
    const auto rows = compareRuns(left ? *left : empty, right ? *right : empty);
    setRowCount(int(rows.size()));
    for (int r = 0; r < int(rows.size()); ++r) {
        const ComparedFigure& f = rows[std::size_t(r)];
        const QString cells[] = {QString::fromStdString(f.name), QString::fromStdString(f.left),
                                 QString::fromStdString(f.right), QString::fromStdString(f.ratio)};
        for (int c = 0; c < 4; ++c) setItem(r, c, new QTableWidgetItem(cells[c]));
    }
    updateGeometry();
}

QString CompareTable::text() const {
    QStringList lines;
    for (int r = 0; r < rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < columnCount(); ++c)
            cells << (item(r, c) ? item(r, c)->text() : QString());
        lines << cells.join(QStringLiteral(" | "));
    }
    return lines.join('\n');
}

}  // namespace ws
