#include "app/gui/compare/compare_table.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QStyle>
#include <QStyledItemDelegate>
#include <algorithm>

#include "core/figures/run_comparison.h"

namespace ws {

namespace {

constexpr int kRowAir = 6;  // px above and below a row's text, together

// The alike row's text spans three columns and wraps: asked for its width,
// it would widen the first value column to the whole line's (a spanned
// cell's hint counts against its first column), so it asks for none.
class AlikeRowDelegate : public QStyledItemDelegate {
public:
    AlikeRowDelegate(const CompareTable* table, QObject* parent)
        : QStyledItemDelegate(parent), m_table(table) {}
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        const QSize hint = QStyledItemDelegate::sizeHint(option, index);
        const bool spanned = index.row() == m_table->alikeRow() && index.column() > 0;
        return spanned ? QSize(1, hint.height()) : hint;
    }

private:
    const CompareTable* m_table;
};

}  // namespace

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
    setWordWrap(true);
    // A table to read, not to edit or walk: with the focus it drew its
    // current cell ("kernel time") in a box on a projected slide.
    setFocusPolicy(Qt::NoFocus);
    setItemDelegate(new AlikeRowDelegate(this, this));
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, &CompareTable::fitAlikeRow);
    fitRowHeight();
}

void CompareTable::fitRowHeight() {
    // One line of text and a little air: the style's rows, 35 px for a
    // 22-px presentation font, made eight rows 80 px taller than their text
    // and left a slide's views less room on a projector.
    verticalHeader()->setMinimumSectionSize(1);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + kRowAir);
    fitAlikeRow();
    emit contentHeightChanged();
}

void CompareTable::fitAlikeRow() {
    if (m_alikeRow < 0 || m_alikeRow >= rowCount()) return;
    int width = 0;
    for (int c = 1; c < columnCount(); ++c) width += columnWidth(c);
    const QTableWidgetItem* cell = item(m_alikeRow, 1);
    if (!cell || width <= 0) return;
    // The style's text margins: a few pixels either side of the cell.
    const int margin = 2 * (style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 1);
    const int h = fontMetrics()
                      .boundingRect(QRect(0, 0, std::max(1, width - margin), 100000),
                                    Qt::TextWordWrap, cell->text())
                      .height();
    const int row = std::max(h, fontMetrics().height()) + kRowAir;
    if (rowHeight(m_alikeRow) != row) {
        setRowHeight(m_alikeRow, row);
        updateGeometry();
        emit contentHeightChanged();
    }
}

int CompareTable::contentHeight() const {
    return horizontalHeader()->height() + verticalHeader()->length() + 2 * frameWidth() +
           (horizontalScrollBar()->isVisible() ? horizontalScrollBar()->height() : 0);
}

int CompareTable::fittedHeight(int room, double share) const {
    const int most = std::max(kMinHeight, int(share * room));
    const int all = contentHeight();
    if (all <= most) return std::max(all, kMinHeight);
    // Whole rows only: a row cut at the table's bottom edge showed half its
    // text on a projector ("alike in b"); the rest is a scroll away.
    int h = contentHeight() - verticalHeader()->length();
    for (int r = 0; r < rowCount() && h + rowHeight(r) <= most; ++r) h += rowHeight(r);
    return std::max(h, kMinHeight);
}

void CompareTable::resizeEvent(QResizeEvent* e) {
    QTableWidget::resizeEvent(e);
    fitAlikeRow();
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
    const FoldedComparison folded =
        foldAlikeFigures(compareRuns(left ? *left : empty, right ? *right : empty));
    const auto& rows = folded.rows;
    clearSpans();
    m_alikeRow = folded.alike.empty() ? -1 : int(rows.size());
    setRowCount(int(rows.size()) + (m_alikeRow >= 0 ? 1 : 0));
    for (int r = 0; r < int(rows.size()); ++r) {
        const ComparedFigure& f = rows[std::size_t(r)];
        const QString cells[] = {QString::fromStdString(f.name), QString::fromStdString(f.left),
                                 QString::fromStdString(f.right), QString::fromStdString(f.ratio)};
        for (int c = 0; c < 4; ++c) setItem(r, c, new QTableWidgetItem(cells[c]));
        setRowHeight(r, verticalHeader()->defaultSectionSize());
    }
    if (m_alikeRow >= 0) {
        setItem(m_alikeRow, 0, new QTableWidgetItem(tr("alike in both")));
        setItem(m_alikeRow, 1, new QTableWidgetItem(QString::fromStdString(folded.alike)));
        for (int c = 2; c < 4; ++c) setItem(m_alikeRow, c, new QTableWidgetItem);
        setSpan(m_alikeRow, 1, 1, 3);
        fitAlikeRow();
    }
    updateGeometry();
    emit contentHeightChanged();
}

QString CompareTable::text() const {
    QStringList lines;
    for (int r = 0; r < rowCount(); ++r) {
        QStringList cells;
        const int columns = r == m_alikeRow ? 2 : columnCount();
        for (int c = 0; c < columns; ++c) cells << (item(r, c) ? item(r, c)->text() : QString());
        lines << cells.join(QStringLiteral(" | "));
    }
    return lines.join('\n');
}

}  // namespace ws
