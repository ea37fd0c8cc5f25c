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
#include "widgets/view/palette.h"
#include "widgets/view/ui_scale.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

struct CountersView::Table {
    std::size_t kernel = 0;
    QRect title, header;
    std::vector<QRect> rows;  // the rows that fit, from the first
    QRect more;               // says how many did not, where some did not
};

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

}  // namespace

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
    m_note.clear();
    if (m_unavailable.isEmpty()) {
        std::map<std::string, double> predicted = predictedCounters(*run);
        for (const auto& [metric, value] : m_extraPredicted) predicted[metric] = value;
        m_kernels = profiledKernels(run->profile);
        for (const std::string& k : m_kernels)
            m_tables.push_back(counterTable(run->profile, k, predicted));
        if (run->profile.counterPasses > 0)
            m_note = tr("Measured on one launch, replayed %1 by the profiler.")
                         .arg(QString::fromStdString(
                             counted(run->profile.counterPasses, "time", "times")));
        if (!predicted.empty())
            m_note += (m_note.isEmpty() ? QString() : QStringLiteral(" ")) +
                      (predicted.contains(kAchievedOccupancyMetric)
                           ? tr("Predicted: what the run's figures count (its throughput's "
                                "bytes and FLOPs), a model expects, or the occupancy its "
                                "registers and shared memory allow.")
                           : tr("Predicted: what the run's figures count (its throughput's "
                                "bytes and FLOPs) or a model expects."));
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

std::vector<CountersView::Table> CountersView::tables() const {
    std::vector<Table> out;
    const QFontMetrics fm(font());
    const int pad = int(ui::px(8));
    const int rowH = fm.height() + int(ui::px(8));
    const int noteH = m_note.isEmpty() ? 0 : 2 * fm.height() + pad;
    const int bottom = height() - pad - noteH;
    int y = pad / 2;
    for (std::size_t k = 0; k < m_tables.size(); ++k) {
        Table t;
        t.kernel = k;
        t.title = QRect(pad, y, width() - 2 * pad, QFontMetrics(titleFont(font())).height() + 2);
        t.header = QRect(pad, t.title.bottom() + int(ui::px(4)), width() - 2 * pad, rowH);
        y = t.header.bottom() + 1;
        const auto& rows = m_tables[k];
        for (std::size_t i = 0; i < rows.size(); ++i) {
            // The last row that fits says how many did not, where some did not.
            const bool lastFits = y + 2 * rowH > bottom;
            if (y + rowH > bottom || (lastFits && i + 1 < rows.size())) {
                t.more = QRect(pad, y, width() - 2 * pad, rowH);
                y += rowH;
                break;
            }
            t.rows.push_back(QRect(pad, y, width() - 2 * pad, rowH));
            y += rowH;
        }
        y += pad;
        out.push_back(t);
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
    const int gap = int(ui::px(16));
    const QStringList heads = headings();
    const std::vector<Table> laid = tables();
    const int left = laid.empty() ? 0 : laid.front().header.left();
    const int right = laid.empty() ? width() : laid.front().header.right();
    // Numbers' columns as wide as their widest text; the words take the rest.
    auto layOut = [&](bool predictions) {
        Columns c;
        c.predictions = predictions;
        const int shown = predictions ? 4 : 2;
        for (int col = 1; col < shown; ++col) {
            c.width[std::size_t(col)] =
                QFontMetrics(titleFont(font())).horizontalAdvance(heads[col]);
            for (const auto& rows : m_tables)
                for (const CounterRow& r : rows)
                    c.width[std::size_t(col)] = std::max(c.width[std::size_t(col)],
                                                         fm.horizontalAdvance(cellTexts(r)[col]));
        }
        // A pixel or two to spare: an elided text measures a little wider than
        // its advance, and the widest heading was cut to "predict…".
        for (int col = 1; col < shown; ++col) c.width[std::size_t(col)] += int(ui::px(2)) + 1;
        int x = right;
        for (int col = shown - 1; col >= 1; --col) {
            x -= c.width[std::size_t(col)];
            c.left[std::size_t(col)] = x;
            x -= gap;
        }
        c.left[0] = left + int(ui::px(4));
        c.width[0] = std::max(0, x + gap - c.left[0] - gap / 2);
        return c;
    };
    bool anyPrediction = false;
    for (const auto& rows : m_tables)
        for (const CounterRow& r : rows) anyPrediction = anyPrediction || r.predicted.has_value();
    Columns c = layOut(anyPrediction);
    // In a narrow pane (a slide's half) the counters' words come first: the
    // predictions give way where they would cut the words to a few letters.
    if (anyPrediction && c.width[0] < (right - left) * 2 / 5) c = layOut(false);
    const int shown = c.predictions ? 4 : 2;

    for (const Table& t : laid) {
        p.setPen(palette::text());
        drawTitle(p, font(), t.title,
                  tr("Hardware counters of %1").arg(QString::fromStdString(m_kernels[t.kernel])));
        p.setFont(titleFont(font()));
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
            for (int col = 0; col < shown; ++col) {
                p.setPen(col == 2 ? palette::mutedText() : palette::text());
                p.drawText(
                    QRect(c.left[std::size_t(col)], r.top(), c.width[std::size_t(col)], r.height()),
                    (col == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter,
                    fm.elidedText(cells[col], Qt::ElideRight, c.width[std::size_t(col)]));
            }
        }
        if (!t.more.isNull()) {
            p.setPen(palette::mutedText());
            p.drawText(t.more.adjusted(int(ui::px(4)), 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                       tr("… %1 more").arg(rows.size() - t.rows.size()));
        }
    }
    if (!m_note.isEmpty()) {
        const int pad = int(ui::px(8));
        const QRect note(pad, height() - pad - 2 * fm.height(), width() - 2 * pad, 2 * fm.height());
        p.setPen(palette::mutedText());
        p.drawText(note, Qt::AlignLeft | Qt::AlignTop,
                   wrapToLines(fm, keepNumbersWithUnits(m_note), note.width(), 2));
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
    for (const Table& t : tables())
        for (std::size_t i = 0; i < t.rows.size(); ++i) {
            if (!t.rows[i].contains(he->pos())) continue;
            QToolTip::showText(he->globalPos(), toolTipFor(m_tables[t.kernel][i]), this);
            return true;
        }
    QToolTip::hideText();
    return true;
}

}  // namespace ws
