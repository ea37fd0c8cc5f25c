#include "widgets/basics/indexing_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>

#include "core/basics/basics_settings.h"
#include "core/common/counted.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
enum Row { kWho, kLane, kFormula, kIndex, kA, kB, kC, kRows };
const char* kRowNames[kRows] = {
    "block.thread", "warp.lane", "blockIdx.x*blockDim.x+threadIdx.x", "i", "a[i]", "b[i]", "c[i]"};
QColor maskedColour() { return palette::idleCell(); }
QColor writeColour() { return QColor(QRgb(0x009E73)); }  // bluish green: stored c[i]
QColor inputColour() { return QColor(QRgb(0x56B4E9)); }  // sky blue: read a[i], b[i]
}  // namespace

IndexingView::IndexingView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    connect(model, &PlaybackModel::runChanged, this, &IndexingView::rebuild);
    connect(model, &PlaybackModel::selectionChanged, this, &IndexingView::followSelection);
    connect(model, &PlaybackModel::highlightChanged, this, [this] { update(); });
    rebuild();
}

void IndexingView::rebuild() {
    m_active = false;
    m_threads.clear();
    m_overruns.clear();
    m_problem.clear();
    m_first = 0;
    const Run* run = m_model->run();
    const auto settings = run ? basicsSettingsOf(*run) : std::nullopt;
    if (settings && settings->is(BasicsExperiment::VectorAdd) && !run->launches.empty()) {
        const Launch& l = run->launches.front();
        m_shape = settings->vectorAdd.shape;
        m_blockDim = std::max<std::uint32_t>(1, l.block.x);
        m_grid = std::max<std::uint32_t>(1, l.grid.x);
        auto threads = readThreads(l);
        auto overruns = readOverruns(*run);
        if (!threads) m_problem = QString::fromStdString(threads.error());
        if (!overruns) m_problem = QString::fromStdString(overruns.error());
        if (threads)
            for (const auto& t : *threads)
                m_threads[globalIndex(t.block, m_blockDim, t.thread)] = t;
        if (overruns)
            for (const auto& o : *overruns) m_overruns[o.index] = o;
        m_active = m_problem.isEmpty();
        fillWindow();
        keepEndInView();
        followSelection();
    }
    update();
}

void IndexingView::followSelection() {
    const PreparedRun* prep = m_model->prepared();
    const BlockRef sel = m_model->selected();
    if (!m_active || !prep || !sel.valid() || sel.launch != 0) return;
    const std::uint64_t block = prep->launch(0)->blocks.block[std::size_t(sel.record)];
    const std::uint64_t start = block * m_blockDim, end = start + m_blockDim;
    // In the block where the array ends, keep the end in view.
    const auto half = std::uint64_t(std::max(1, columns() / 2));
    m_first = (m_shape.n > start && m_shape.n < end && m_shape.n - start > half) ? m_shape.n - half
                                                                                 : start;
    fillWindow();
    keepEndInView();
    update();
}

void IndexingView::resizeEvent(QResizeEvent*) {
    fillWindow();
    keepEndInView();
}

void IndexingView::showThread(std::uint64_t globalThread) {
    m_first = globalThread;
    update();
}

QString IndexingView::rowName(int row) const {
    // The formula's name is the widest label by far; where it would leave too
    // little room for the threads (the first six, the overrun among them in
    // the seed's five-element run), it gives way to a shorter one that reads
    // like the cells beside it ("1·3+2").
    if (row != kFormula) return QString::fromLatin1(kRowNames[row]);
    const QFontMetrics fm(font());
    const QString full = QString::fromLatin1(kRowNames[kFormula]);
    const std::uint64_t total = std::uint64_t(m_grid) * m_blockDim;
    double need = 0;
    for (std::uint64_t g = 0; g < std::min<std::uint64_t>(total, 6); ++g) need += columnWidthOf(g);
    return width() - fm.horizontalAdvance(full) - 24 >= need ? full : tr("block·dim+thread");
}

int IndexingView::labelWidth() const {
    return QFontMetrics(font()).horizontalAdvance(rowName(kFormula)) + 16;
}

double IndexingView::columnWidth() const {
    const QFontMetrics fm(font());
    const std::uint64_t last = std::uint64_t(m_grid) * m_blockDim;
    const QString widest =
        QStringLiteral("%1·%2+%3").arg(m_grid - 1).arg(m_blockDim).arg(m_blockDim - 1);
    double w = std::max<double>(fm.horizontalAdvance(widest),
                                fm.horizontalAdvance(QString::number(last * 11)));
    // Threads past the end say "guard" or "masked" in their cells.
    if (last > m_shape.n)
        w = std::max<double>(
            w, std::max(fm.horizontalAdvance(tr("guard")), fm.horizontalAdvance(tr("masked"))));
    return w + 12;
}

double IndexingView::columnWidthOf(std::uint64_t globalThread) const {
    // A write past the end stores whatever the guard zone held, a number far
    // wider than the others: its column alone widens to show it whole.
    const auto o = m_overruns.find(globalThread);
    if (o == m_overruns.end()) return columnWidth();
    return std::max(
        columnWidth(),
        QFontMetrics(font()).horizontalAdvance(QString::number(o->second.value)) + 12.0);
}

int IndexingView::columnsFrom(std::uint64_t first) const {
    const double room = width() - labelWidth() - 8;
    double used = 0;
    int n = 0;
    for (std::uint64_t g = first;; ++g, ++n) {
        used += columnWidthOf(g);
        if (used > room) break;
    }
    return std::max(1, n);
}

int IndexingView::columns() const { return columnsFrom(m_first); }

void IndexingView::keepEndInView() {
    // The lesson's point is the first thread past the end (masked, or writing
    // into the guard zone): when the window reaches towards it but stops short,
    // it moves on until that column shows.
    // Only near the end: from the block where the array ends or the one
    // before it, not from the start of a million-element run.
    const std::uint64_t total = std::uint64_t(m_grid) * m_blockDim;
    const std::uint64_t end = m_shape.n;
    if (!m_active || end >= total || m_first > end) return;
    if (end / m_blockDim > m_first / m_blockDim + 1) return;
    if (end < m_first + std::uint64_t(columns())) return;
    std::uint64_t first = end;
    while (first > m_first && columnsFrom(first - 1) > int(end - (first - 1))) --first;
    m_first = first;
}

void IndexingView::fillWindow() {
    // No empty columns at the right while earlier threads could use them:
    // a window placed at a smaller width (or on the last block) moves back
    // until it ends with the last thread.
    const std::uint64_t total = std::uint64_t(m_grid) * m_blockDim;
    if (!m_active || m_first >= total) return;
    while (m_first > 0 && std::uint64_t(columnsFrom(m_first - 1)) >= total - (m_first - 1))
        --m_first;
}

QRectF IndexingView::cellRect(int column, int row) const {
    const QFontMetrics fm(font());
    const double h = fm.height() * 1.6;
    const double top = 3 * fm.height() + 10;
    double x = labelWidth();
    for (int k = 0; k < column; ++k) x += columnWidthOf(m_first + std::uint64_t(k));
    return QRectF(x, top + row * h, columnWidthOf(m_first + std::uint64_t(std::max(0, column))), h);
}

void IndexingView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    if (!m_active) {
        drawMessage(p, rect(),
                    m_problem.isEmpty()
                        ? tr("Run vector-add to see every thread's index and the element it adds.")
                        : tr("The threads cannot be shown: %1").arg(m_problem));
        return;
    }
    const QFontMetrics fm(font());
    p.setFont(titleFont(font()));
    p.setPen(palette::text());
    p.drawText(QRect(8, 4, width() - 16, fm.height() + 2), Qt::AlignLeft,
               QFontMetrics(p.font()).elidedText(QString::fromStdString(launchText(m_shape)),
                                                 Qt::ElideRight, width() - 16));
    p.setFont(font());
    p.setPen(palette::mutedText());
    const QString check = m_shape.boundsCheck ? tr("if (i < %1) c[i] = a[i] + b[i];").arg(m_shape.n)
                                              : tr("c[i] = a[i] + b[i];  (no bounds check)");
    p.drawText(
        QRect(8, 6 + fm.height(), width() - 16, fm.height() + 2), Qt::AlignLeft,
        fm.elidedText(
            check + tr("   %1; %2 wrote past the end")
                        .arg(QString::fromStdString(counted((long long)m_shape.extraThreads(),
                                                            "extra thread", "extra threads")))
                        .arg(m_overruns.size()),
            Qt::ElideRight, width() - 16));
    for (int row = 0; row < kRows; ++row) {
        const QRectF r = cellRect(0, row);
        p.setPen(palette::mutedText());
        p.drawText(QRectF(4, r.top(), labelWidth() - 10, r.height()),
                   Qt::AlignRight | Qt::AlignVCenter, rowName(row));
    }
    const Highlight& hl = m_model->highlight();
    const std::uint64_t total = std::uint64_t(m_grid) * m_blockDim;
    for (int col = 0; col < columns(); ++col) {
        const std::uint64_t g = m_first + std::uint64_t(col);
        if (g >= total) break;
        const std::uint64_t block = g / m_blockDim, thread = g % m_blockDim;
        const bool past = g >= m_shape.n;
        const auto overrun = m_overruns.find(g);
        const bool wrote = !past || overrun != m_overruns.end();
        const auto rec = m_threads.find(g);
        auto cell = [&](int row, const QString& text, QColor fill, QColor ink) {
            QRectF r = cellRect(col, row).adjusted(1, 1, -1, -1);
            if (fill.isValid()) p.fillRect(r, fill);
            p.setPen(ink);
            p.drawText(r, Qt::AlignCenter, text);
        };
        if (block % 2)
            p.fillRect(cellRect(col, kWho).united(cellRect(col, kIndex)), QColor(0, 0, 0, 12));
        cell(kWho, QStringLiteral("%1.%2").arg(block).arg(thread), {}, palette::text());
        cell(kLane, QStringLiteral("%1.%2").arg(thread / 32).arg(thread % 32), {},
             palette::mutedText());
        cell(kFormula, QStringLiteral("%1·%2+%3").arg(block).arg(m_blockDim).arg(thread), {},
             palette::text());
        cell(kIndex, QString::number(g), {},
             rec != m_threads.end() ? palette::text() : palette::mutedText());
        const QColor pastInk = palette::selection();
        if (past) {
            // Past the end: hatched, the guard zone's canary read by a thread without the check.
            for (int row : {kA, kB, kC}) {
                QRectF r = cellRect(col, row).adjusted(1, 1, -1, -1);
                p.fillRect(r, QBrush(maskedColour(), Qt::BDiagPattern));
            }
            if (overrun != m_overruns.end()) {
                cell(kC, QString::number(overrun->second.value), QColor(QRgb(0xD55E00)), Qt::white);
                cell(kA, tr("guard"), {}, pastInk);
                cell(kB, tr("guard"), {}, pastInk);
            } else {
                cell(kC, tr("masked"), {}, palette::mutedText());
                p.setPen(QPen(palette::mutedText(), 1.5));
                const QRectF r =
                    cellRect(col, kWho).united(cellRect(col, kIndex)).adjusted(4, 4, -4, -4);
                p.drawLine(r.topLeft(), r.bottomRight());
                p.drawLine(r.topRight(), r.bottomLeft());
            }
        } else {
            const std::int32_t c =
                rec != m_threads.end() ? rec->second.value : vectorAddA(g) + vectorAddB(g);
            cell(kA, QString::number(vectorAddA(g)), inputColour(), palette::text());
            cell(kB, QString::number(vectorAddB(g)), inputColour(), palette::text());
            cell(kC, QString::number(c), wrote ? writeColour() : QColor(), Qt::white);
        }
        if (hl.block == qint64(block) && hl.lane == int(thread % 32) &&
            hl.warp == int(thread / 32)) {
            p.setPen(QPen(palette::selection(), 3));
            p.setBrush(Qt::NoBrush);
            p.drawRect(cellRect(col, kWho).united(cellRect(col, kC)).adjusted(1, 1, -1, -1));
        }
    }
    double below = cellRect(0, kRows - 1).bottom() + 8;
    // Which threads these are, and how to reach the others: a window of 7
    // of 1,056 threads read as all there was, the masked ones never found.
    const auto shownCount = std::min<std::uint64_t>(std::uint64_t(columns()), total - m_first);
    if (shownCount < total) {
        p.setPen(palette::mutedText());
        const QString where =
            tr("threads %1–%2 of %3: the wheel scrolls, a block in the grid jumps to it")
                .arg(groupDigits((long long)m_first))
                .arg(groupDigits((long long)(m_first + shownCount - 1)))
                .arg(groupDigits((long long)total));
        p.drawText(QRectF(8, below, width() - 16, fm.height() * 2 + 2),
                   Qt::AlignLeft | Qt::TextWordWrap, where);
        below +=
            fm.boundingRect(QRect(8, 0, width() - 16, 1000), Qt::TextWordWrap, where).height() + 6;
    }
    drawLegend(p, QRect(8, int(below), width() - 16, height()),
               {{inputColour(), tr("read a[i], b[i]")},
                {writeColour(), tr("stored c[i]")},
                {maskedColour(), tr("past the end (masked by i < n)")},
                {QColor(QRgb(0xD55E00)), tr("written past the end")}});
}

void IndexingView::wheelEvent(QWheelEvent* e) {
    if (!m_active) return;
    const std::int64_t step =
        e->angleDelta().y() > 0 ? -std::max(1, columns() / 2) : std::max(1, columns() / 2);
    const std::int64_t total = std::int64_t(m_grid) * m_blockDim;
    m_first = std::uint64_t(std::clamp<std::int64_t>(std::int64_t(m_first) + step, 0,
                                                     std::max<std::int64_t>(0, total - columns())));
    update();
}

int IndexingView::columnAt(QPointF pos) const {
    for (int col = 0; col < columns(); ++col)
        if (cellRect(col, kWho).united(cellRect(col, kC)).contains(pos)) {
            return m_first + std::uint64_t(col) < std::uint64_t(m_grid) * m_blockDim ? col : -1;
        }
    return -1;
}

void IndexingView::mousePressEvent(QMouseEvent* e) {
    const int col = columnAt(e->position());
    const PreparedRun* prep = m_model->prepared();
    if (col < 0 || !prep) return;
    const std::uint64_t g = m_first + std::uint64_t(col);
    const auto block = std::uint32_t(g / m_blockDim), thread = std::uint32_t(g % m_blockDim);
    const std::uint64_t keep = m_first;
    m_model->setSelected(prep->refOfBlock(0, block));
    m_first = keep;  // a click inside the window keeps the window
    Highlight h;
    h.launch = 0;
    h.block = block;
    h.warp = int(thread / 32);
    h.lane = int(thread % 32);
    h.item = qint64(g);
    m_model->setHighlight(h);
    update();
}

bool IndexingView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    auto* he = static_cast<QHelpEvent*>(e);
    const int col = columnAt(he->pos());
    if (col < 0) {
        QToolTip::hideText();
        return true;
    }
    const std::uint64_t g = m_first + std::uint64_t(col);
    const std::uint64_t block = g / m_blockDim, thread = g % m_blockDim;
    QString text = tr("<b>block %1, thread %2</b> (warp %3, lane %4)<br>i = %1 × %5 + %2 = %6")
                       .arg(block)
                       .arg(thread)
                       .arg(thread / 32)
                       .arg(thread % 32)
                       .arg(m_blockDim)
                       .arg(g);
    const auto rec = m_threads.find(g);
    if (g < m_shape.n)
        text += tr("<br>c[%1] = %2 + %3 = %4")
                    .arg(g)
                    .arg(vectorAddA(g))
                    .arg(vectorAddB(g))
                    .arg(vectorAddA(g) + vectorAddB(g));
    else if (auto o = m_overruns.find(g); o != m_overruns.end())
        text += tr("<br>wrote c[%1] = %2, %3 elements past the end (the guard zone caught it)")
                    .arg(g)
                    .arg(o->second.value)
                    .arg(g - m_shape.n + 1);
    else
        text += tr("<br>i ≥ n = %1: masked off by the bounds check").arg(m_shape.n);
    text += rec != m_threads.end() ? tr("<br>recorded by the GPU")
                                   : tr("<br>block not traced: modelled");
    QToolTip::showText(he->globalPos(), text, this);
    return true;
}

}  // namespace ws
