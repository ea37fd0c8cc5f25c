#include "widgets/profile/counters_view.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <array>

#include "core/common/counted.h"
#include "core/profile/counter_predictions.h"
#include "core/profile/occupancy_prediction.h"
#include "widgets/profile/profile_messages.h"
#include "widgets/view/whole_lines.h"
#include "widgets/view/palette.h"
#include "widgets/view/ui_scale.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

// Columns: the words take what the numbers leave.
struct Columns {
    std::array<int, 4> left{}, width{};
    bool predictions = false;  // any row has one: else two columns fewer
};

QStringList headings() {
    return {QObject::tr("counter"), QObject::tr("measured"), QObject::tr("predicted"),
            QObject::tr("measured ÷ predicted")};
}

// The columns between `left` and `right`: numbers' columns as wide as their
// widest text, the words take the rest.
Columns columnsOf(const QFont& font, const std::vector<std::vector<QStringList>>& cells, int left,
                  int right, bool predictions) {
    const QFontMetrics fm(font);
    const QFontMetrics heads(titleFont(font));
    const int gap = int(ui::px(16));
    Columns c;
    c.predictions = predictions;
    const int shown = predictions ? 4 : 2;
    for (int col = 1; col < shown; ++col) {
        auto& w = c.width[std::size_t(col)];
        w = heads.horizontalAdvance(headings()[col]);
        for (const auto& rows : cells)
            for (const QStringList& r : rows) w = std::max(w, fm.horizontalAdvance(r[col]));
        // A pixel or two to spare: an elided text measures a little wider than
        // its advance, and the widest heading was cut to "predict…".
        w += int(ui::px(2)) + 1;
    }
    int x = right;
    for (int col = shown - 1; col >= 1; --col) {
        x -= c.width[std::size_t(col)];
        c.left[std::size_t(col)] = x;
        x -= gap;
    }
    c.left[0] = left + int(ui::px(4));
    c.width[0] = std::max(0, x + gap - c.left[0] - gap / 2);
    return c;
}

// A counter's words as its row draws them, a line each: whole where they fit;
// else without their closing remark in brackets ("shared-memory bank
// conflicts on loads", its tooltip says "(extra passes)"); else on as many
// lines as they need.
QStringList wordsShown(const QFontMetrics& fm, const QString& words, int width) {
    if (fm.horizontalAdvance(words) <= width) return {words};
    if (const qsizetype open = words.lastIndexOf(QStringLiteral(" ("));
        open > 0 && words.endsWith(QLatin1Char(')')) &&
        fm.horizontalAdvance(words.left(open)) <= width)
        return {words.left(open)};
    return wholeLines(fm, words, width);
}

}  // namespace

struct CountersView::Table {
    std::size_t kernel = 0;
    QStringList title;  // its lines, whole
    QRect titleArea, header;
    std::vector<QRect> rows;         // the rows that fit, from the first
    std::vector<QStringList> words;  // each row's words as drawn, a line each
    QRect more;                      // says how many did not, where some did not
};

struct CountersView::Layout {
    Columns columns;
    std::vector<Table> tables;
    QStringList note;  // its lines, whole
    QRect noteArea;
};

CountersView::CountersView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    connect(model, &PlaybackModel::runChanged, this, &CountersView::rebuild);
    rebuild();
}

void CountersView::setPredicted(std::map<std::string, double> predicted) {
    m_extraPredicted = std::move(predicted);
    rebuild();
}

void CountersView::rebuild() {
    const Run* run = m_model->run();
    m_unavailable = countersUnavailableText(run);
    m_kernels.clear();
    m_tables.clear();
    m_measuredNote.clear();
    m_predictedNote.clear();
    if (m_unavailable.isEmpty()) {
        std::map<std::string, double> predicted = predictedCounters(*run);
        for (const auto& [metric, value] : m_extraPredicted) predicted[metric] = value;
        m_kernels = profiledKernels(run->profile);
        for (const std::string& k : m_kernels)
            m_tables.push_back(counterTable(run->profile, k, predicted));
        if (run->profile.counterPasses > 0)
            m_measuredNote = tr("Measured on one launch, replayed %1 by the profiler.")
                                 .arg(QString::fromStdString(
                                     counted(run->profile.counterPasses, "time", "times")));
        if (!predicted.empty())
            m_predictedNote = predicted.contains(kAchievedOccupancyMetric)
                                  ? tr("Predicted: what the run's figures count (its throughput's "
                                       "bytes and FLOPs), a model expects, or the occupancy its "
                                       "registers and shared memory allow.")
                                  : tr("Predicted: what the run's figures count (its throughput's "
                                       "bytes and FLOPs) or a model expects.");
    }
    update();
}

QStringList CountersView::cellTexts(const CounterRow& row) const {
    QStringList cells{QString::fromStdString(row.words),
                      QString::fromStdString(formatCounterValue(row.measured, row.unit))};
    cells << (row.predicted ? QString::fromStdString(formatCounterValue(*row.predicted, row.unit))
                            : QString());
    const auto ratio = row.ratio();
    cells << (ratio ? QStringLiteral("%1×").arg(*ratio, 0, 'f', *ratio >= 10 ? 1 : 2) : QString());
    return cells;
}

bool CountersView::straysFromPrediction(const CounterRow& row) {
    const auto ratio = row.ratio();
    return ratio && (*ratio >= 1.5 || *ratio <= 1 / 1.5);
}

CountersView::Layout CountersView::layout() const {
    Layout out;
    const QFontMetrics fm(font());
    const QFontMetrics titles(titleFont(font()));
    const int pad = int(ui::px(8));
    const int w = std::max(0, width() - 2 * pad);
    std::vector<std::vector<QStringList>> cells;
    bool anyPrediction = false;
    for (const auto& rows : m_tables) {
        cells.emplace_back();
        for (const CounterRow& r : rows) {
            cells.back().push_back(cellTexts(r));
            anyPrediction = anyPrediction || r.predicted.has_value();
        }
    }
    out.columns = columnsOf(font(), cells, pad, pad + w - 1, anyPrediction);
    // In a narrow pane (a slide's half) the counters' words come first: the
    // predictions give way where they would cut the words to a few letters.
    if (anyPrediction && out.columns.width[0] < w * 2 / 5)
        out.columns = columnsOf(font(), cells, pad, pad + w - 1, false);

    // The note, whole, on as many lines as it needs (up to a quarter of the
    // view); what the predictions are only where their columns are drawn.
    QString note = m_measuredNote;
    if (out.columns.predictions && !m_predictedNote.isEmpty())
        note += (note.isEmpty() ? QString() : QStringLiteral(" ")) + m_predictedNote;
    int bottom = height() - pad;
    if (!note.isEmpty()) {
        const int most = std::max(2, height() / 4 / std::max(1, fm.height()));
        out.note = wholeLinesUpTo(fm, keepNumbersWithUnits(note), w, most);
        const int noteH = int(out.note.size()) * fm.height();
        out.noteArea = QRect(pad, height() - pad - noteH, w, noteH);
        bottom = out.noteArea.top() - pad;
    }

    const int rowPad = int(ui::px(8));
    const int rowH = fm.height() + rowPad;
    int y = pad / 2;
    for (std::size_t k = 0; k < m_tables.size(); ++k) {
        Table t;
        t.kernel = k;
        t.title = wholeLines(
            titles, tr("Hardware counters of %1").arg(QString::fromStdString(m_kernels[k])), w);
        t.titleArea = QRect(pad, y, w, int(t.title.size()) * titles.height() + 2);
        t.header = QRect(pad, t.titleArea.bottom() + int(ui::px(4)), w, rowH);
        y = t.header.bottom() + 1;
        const auto& rows = m_tables[k];
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const QStringList words = wordsShown(fm, cells[k][i][0], out.columns.width[0]);
            const int h = int(words.size()) * fm.height() + rowPad;
            // The last row that fits says how many did not, where some did not.
            const bool last = i + 1 == rows.size();
            if (y + h > bottom || (!last && y + h + rowH > bottom)) {
                t.more = QRect(pad, y, w, rowH);
                y += rowH;
                break;
            }
            t.rows.push_back(QRect(pad, y, w, h));
            t.words.push_back(words);
            y += h;
        }
        y += pad;
        out.tables.push_back(t);
        if (y >= bottom) break;
    }
    return out;
}

void CountersView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    if (!m_unavailable.isEmpty()) {
        drawMessage(p, rect(), keepNumbersWithUnits(m_unavailable));
        return;
    }
    const QFontMetrics fm(font());
    const QFont titles = titleFont(font());
    const int gap = int(ui::px(16));
    const QStringList heads = headings();
    const Layout laid = layout();
    const Columns& c = laid.columns;
    const int shown = c.predictions ? 4 : 2;
    for (const Table& t : laid.tables) {
        p.setPen(palette::text());
        p.setFont(titles);
        p.drawText(t.titleArea, Qt::AlignLeft | Qt::AlignTop, t.title.join(QLatin1Char('\n')));
        p.setPen(palette::mutedText());
        for (int col = 0; col < shown; ++col)
            p.drawText(QRect(c.left[std::size_t(col)], t.header.top(), c.width[std::size_t(col)],
                             t.header.height()),
                       (col == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter,
                       QFontMetrics(p.font()).elidedText(heads[col], Qt::ElideRight,
                                                         c.width[std::size_t(col)]));
        p.setFont(font());
        p.setPen(QPen(palette::gridLine(), ui::px(1)));
        p.drawLine(t.header.bottomLeft(), t.header.bottomRight());
        const auto& rows = m_tables[t.kernel];
        for (std::size_t i = 0; i < t.rows.size(); ++i) {
            const QRect& r = t.rows[i];
            if (i % 2 == 1) p.fillRect(r, palette::rowStripe());
            const QStringList cells = cellTexts(rows[i]);
            if (c.predictions && straysFromPrediction(rows[i]))
                p.fillRect(QRect(c.left[3] - gap / 2, r.top(), r.right() - c.left[3] + gap / 2,
                                 r.height()),
                           palette::markedRow());
            p.setPen(palette::text());
            // The words on their lines, the numbers level with the first.
            p.drawText(QRect(c.left[0], r.top(), c.width[0], r.height()),
                       Qt::AlignLeft | Qt::AlignVCenter, t.words[i].join(QLatin1Char('\n')));
            const QRect first(r.left(), r.top(), r.width(),
                              r.height() - (int(t.words[i].size()) - 1) * fm.height());
            for (int col = 1; col < shown; ++col) {
                p.setPen(col == 2 ? palette::mutedText() : palette::text());
                p.drawText(QRect(c.left[std::size_t(col)], first.top(), c.width[std::size_t(col)],
                                 first.height()),
                           Qt::AlignRight | Qt::AlignVCenter, cells[col]);
            }
        }
        if (!t.more.isNull()) {
            p.setPen(palette::mutedText());
            p.drawText(t.more.adjusted(int(ui::px(4)), 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                       tr("… %1 more").arg(rows.size() - t.rows.size()));
        }
    }
    if (!laid.note.isEmpty()) {
        p.setPen(palette::mutedText());
        p.drawText(laid.noteArea, Qt::AlignLeft | Qt::AlignTop, laid.note.join(QLatin1Char('\n')));
    }
}

QString CountersView::toolTipFor(const CounterRow& row) const {
    const QStringList cells = cellTexts(row);
    QString text = QStringLiteral("<b>%1</b><br><code>%2</code><br>%3")
                       .arg(cells[0].toHtmlEscaped(),
                            QString::fromStdString(row.metric).toHtmlEscaped(), cells[1]);
    if (row.predicted) text += tr("<br>predicted %1: measured is %2 of it").arg(cells[2], cells[3]);
    if (row.metric == kAchievedOccupancyMetric && row.predicted)
        if (const auto o = predictedOccupancy(*m_model->run());
            o && *row.predicted == o->occupancy.occupancy * 100)
            text +=
                tr("<br>the occupancy calculator's ceiling, %1")
                    .arg(QString::fromStdString(describeOccupancyPrediction(*o)).toHtmlEscaped());
    return text;
}

bool CountersView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    auto* he = static_cast<QHelpEvent*>(e);
    for (const Table& t : layout().tables)
        for (std::size_t i = 0; i < t.rows.size(); ++i) {
            if (!t.rows[i].contains(he->pos())) continue;
            QToolTip::showText(he->globalPos(), toolTipFor(m_tables[t.kernel][i]), this);
            return true;
        }
    QToolTip::hideText();
    return true;
}

}  // namespace ws
