#include "widgets/tensorcore/pipeline_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>

#include "widgets/tensorcore/pipeline_colours.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace pc = pipeline_colours;

namespace {

// Hatching in a darker grey over a light one: a wait reads as a wait in
// black and white, and over a consumer's solid bar (a batch in flight) too.
void paintWaiting(QPainter& p, const QRectF& r) {
    if (r.isEmpty()) return;
    QColor under = pc::waiting();
    under.setAlpha(70);
    p.fillRect(r, under);
    p.fillRect(r, QBrush(pc::waiting().darker(140), Qt::BDiagPattern));
}

QString stepsText(const PipelineWindow& w, int steps) {
    const int last = std::min(steps, w.first + w.count) - 1;
    return QObject::tr("steps %1–%2 of %3").arg(w.first).arg(last).arg(steps);
}

}  // namespace

PipelineView::PipelineView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &PipelineView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] {
        follow();
        update();
    });
    connect(model, &PlaybackModel::selectionChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::highlightChanged, this, [this] {
        follow();
        update();
    });
    rebuild();
}

void PipelineView::rebuild() {
    m_data = PipelineData::build(m_model->prepared());
    m_window = PipelineWindow{};
    m_cursorStep = -2;
    follow();
    update();
}

int PipelineView::steps() const {
    return m_data.valid() ? int(m_data.blocks()[primaryBlock()].slotTimes.size()) : 0;
}

void PipelineView::setWindow(const PipelineWindow& w) {
    m_window = w.clampedTo(steps());
    update();
}

std::size_t PipelineView::primaryBlock() const {
    if (!m_data.valid()) return 0;
    std::int64_t wanted = m_model->highlight().block;
    const BlockRef sel = m_model->selected();
    const PreparedRun* prep = m_model->prepared();
    if (wanted < 0 && sel.valid() && prep)
        if (const Launch* l = prep->launch(sel.launch);
            l && std::size_t(sel.record) < l->blocks.size())
            wanted = l->blocks.block[std::size_t(sel.record)];
    for (std::size_t i = 0; i < m_data.blocks().size(); ++i)
        if (std::int64_t(m_data.blocks()[i].block) == wanted) return i;
    return 0;
}

void PipelineView::follow() {
    if (!m_data.valid()) return;
    const int highlighted = m_model->highlight().step;
    // A run opens at its end, every block done: the still picture worth
    // showing then is the ring filling up, the first steps.
    const bool atEnd = m_model->time() >= m_model->duration();
    const int step = highlighted >= 0 ? highlighted
                     : atEnd          ? 0
                                      : m_data.blocks()[primaryBlock()].stepAt(m_model->time());
    // Only when the cursor reaches another step: a window scrolled by hand
    // stays while playback stands still.
    if (step == m_cursorStep) return;
    m_cursorStep = step;
    m_window = m_window.following(std::max(0, step), steps());
}

double PipelineView::labelWidth() const {
    const QFontMetrics fm(font());
    return fm.horizontalAdvance(tr("consumer 1")) + fm.height();
}

PipelineLayout PipelineView::layout() const {
    const QFontMetrics fm(font());
    const QRectF area = QRectF(rect()).adjusted(8, 6, -8, -6);
    const int legend = legendHeight(font(), int(area.width()), pc::legend(m_data.stages()));
    return PipelineLayout::fit(area, int(shownBlocks()), fm.height(), labelWidth(), legend);
}

std::size_t PipelineView::shownBlocks() const {
    const QFontMetrics fm(font());
    const QRectF area = QRectF(rect()).adjusted(8, 6, -8, -6);
    const int legend = legendHeight(font(), int(area.width()), pc::legend(m_data.stages()));
    // The primary block always; the others while their lanes stay readable.
    return std::size_t(
        PipelineLayout::bandsThatFit(area, int(m_data.blocks().size()), fm.height(), legend));
}

void PipelineView::paintRing(QPainter& p, const PipelineLayout& l) const {
    const std::size_t primary = primaryBlock();
    const PipelineBlock& b = m_data.blocks()[primary];
    const double t = m_model->time();
    const std::vector<StageState> ring = m_data.ringAt(primary, t);
    const QFontMetrics fm(font());
    p.setPen(palette::text());
    p.drawText(QRectF(l.summary.left(), l.ring.top(), l.ring.left() - l.summary.left() - 4,
                      l.ring.height()),
               Qt::AlignVCenter | Qt::AlignLeft, tr("ring of\nblock %1").arg(b.block));
    for (std::uint32_t s = 0; s < ring.size(); ++s) {
        const QRectF box = l.stageBox(s, m_data.stages());
        // The step the stage holds: the last one issued into it by now.
        int holds = -1;
        for (const PipelineSlot& slot : b.slotTimes)
            if (slot.stage == s && slot.issued <= t) holds = int(slot.step);
        bool light = false;
        switch (ring[s]) {
            case StageState::Free:
                p.fillRect(box, palette::background());
                break;
            case StageState::Loading:
                p.fillRect(box, pc::inFlight(s));
                break;
            case StageState::Ready:
                p.fillRect(box, pc::stage(s));
                light = true;
                break;
            case StageState::Consumed: {
                QColor cross = pc::stage(s);
                cross.setAlpha(110);
                p.fillRect(box, palette::background());
                p.fillRect(box, QBrush(cross, Qt::DiagCrossPattern));
                break;
            }
        }
        p.setPen(QPen(pc::stage(s), 2.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(box.adjusted(1, 1, -1, -1));
        // The stage's state and step stay; in a narrow box its number (the
        // colour and the order say it) gives way: "stage 0: …" said nothing.
        const QString state = QString::fromLatin1(stageStateName(ring[s]));
        const QRectF inner = box.adjusted(6, 2, -6, -2);
        QStringList lines{
            fitCaptionForms(fm, int(inner.width()), {tr("stage %1: %2").arg(s).arg(state), state})};
        if (holds >= 0 && ring[s] != StageState::Free)
            lines << fitCaptionForms(fm, int(inner.width()),
                                     {tr("step %1").arg(holds), QString::number(holds)});
        // White on the solid colours; the text's own colour on the light
        // ones, over a plate where a hatch runs beneath it.
        const QString shown = lines.join(QLatin1Char('\n'));
        if (ring[s] == StageState::Consumed) {
            const QRectF plate =
                p.boundingRect(inner, Qt::AlignCenter, shown).adjusted(-4, 0, 4, 0);
            p.fillRect(plate & inner, palette::labelPlate());
        }
        p.setPen(light ? QColor(Qt::white) : palette::text());
        p.drawText(inner, Qt::AlignCenter, shown);
    }
}

namespace {

// "consumers waiting 12 %, producer waiting 3 %, over 32 steps" as pieces
// after `lead`: the consumers' wait stays, the producer's and the count go first.
void appendSummaryPieces(std::vector<CaptionPiece>& pieces, const std::string& summary,
                         const QString& lead) {
    const QStringList parts = QString::fromStdString(summary).split(QStringLiteral(", "));
    for (int i = 0; i < parts.size(); ++i)
        pieces.push_back({(i == 0 ? lead : QStringLiteral(", ")) + parts[i],
                          i == 0 ? kCaptionValue : (i == 1 ? 1 : 0)});
}

}  // namespace

void PipelineView::paintBand(QPainter& p, const PipelineBand& band, const PipelineBlock& b) const {
    const QFontMetrics fm(font());
    const std::uint32_t stages = m_data.stages();
    const double t = m_model->time();
    // Header: which block, where, the window and how long its waits were.
    p.setPen(palette::text());
    // The block and its waits stay; the SM, the window and its length give
    // way in a narrow view (elided, the waits were the first thing lost).
    std::vector<CaptionPiece> header{
        {tr("block %1").arg(b.block), kCaptionValue},
        {tr(" on SM %1").arg(b.sm), 0},
        {QStringLiteral(" · ") + stepsText(m_window, int(b.slotTimes.size())), 1},
        {QStringLiteral(" · ") + formatDuration(band.t1 - band.t0), 2}};
    appendSummaryPieces(header, pipelineSummary(b.waits), QStringLiteral(" · "));
    p.drawText(band.header, Qt::AlignLeft | Qt::AlignVCenter,
               fitCaptionPieces(fm, int(band.header.width()), header));
    const QRectF lanes[] = {band.producer, band.consumers[0], band.consumers[1]};
    const QString names[] = {tr("producer"), tr("consumer 0"), tr("consumer 1")};
    for (int i = 0; i < 3; ++i) {
        p.fillRect(lanes[i].adjusted(0, 1, 0, -1), palette::rowStripe());
        p.setPen(palette::text());
        p.drawText(QRectF(band.header.left(), lanes[i].top(),
                          band.producer.left() - band.header.left() - 6, lanes[i].height()),
                   Qt::AlignRight | Qt::AlignVCenter, names[i]);
    }
    p.setPen(palette::mutedText());
    if (band.loads.height() >= fm.height())
        p.drawText(QRectF(band.header.left(), band.loads.top(),
                          band.producer.left() - band.header.left() - 6, band.loads.height()),
                   Qt::AlignRight | Qt::AlignVCenter, tr("loads"));
    p.save();
    p.setClipRect(QRectF(band.producer.topLeft(), band.consumers[1].bottomRight()));
    // A step or two either side of the window may reach into it.
    const int from = std::max(0, m_window.first - 4);
    const int to = std::min(int(b.slotTimes.size()), m_window.first + m_window.count + 4);
    for (int i = from; i < to; ++i) {
        const PipelineSlot& s = b.slotTimes[std::size_t(i)];
        // Producer: waiting for the stage to be released, then the issue.
        const QRectF prod = band.producer.adjusted(0, 3, 0, -3);
        paintWaiting(p, band.span(prod, s.producerWait, s.issued));
        const double xi = band.x(s.issued);
        const QRectF mark(xi, prod.top(), std::max(4.0, fm.height() * 0.35), prod.height());
        p.fillRect(mark, pc::stage(s.stage));
        // The stage's bytes landing.
        const QRectF row = band.stageRow(s.stage, stages).adjusted(0, 1, 0, -1);
        const QRectF flight = band.span(row, s.issued, s.firstReady);
        p.fillRect(flight, pc::inFlight(s.stage));
        if (!flight.isEmpty()) {
            p.setPen(QPen(pc::stage(s.stage), 1));
            p.drawLine(flight.topLeft(), flight.bottomLeft());
        }
    }
    // Consumers: their wgmma solid, then their waits hatched over whatever
    // runs meanwhile. With a batch in flight (warp-specialized on) step i is
    // issued while step i - 1 still runs, and the tensor cores reach it when
    // i - 1 is released: its bar starts there, so the bars do not overlap.
    for (int c = 0; c < kPipelineConsumerLanes; ++c) {
        const std::size_t k = std::size_t(c);
        const QRectF lane = band.consumers[k].adjusted(0, 3, 0, -3);
        std::vector<std::pair<QRectF, QString>> numbers;  // drawn last, over the hatching
        for (int i = from; i < to; ++i) {
            const PipelineSlot& s = b.slotTimes[std::size_t(i)];
            double start = s.ready[k];
            if (i > 0) start = std::max(start, b.slotTimes[std::size_t(i - 1)].released[k]);
            const QRectF busy = band.span(lane, start, s.released[k]);
            if (busy.isEmpty()) continue;
            p.fillRect(busy, pc::stage(s.stage));
            p.setPen(QPen(palette::background(), 1));
            p.drawLine(busy.topLeft(), busy.bottomLeft());
            numbers.push_back({busy, QString::number(s.step)});
        }
        for (int i = from; i < to; ++i) {
            const PipelineSlot& s = b.slotTimes[std::size_t(i)];
            paintWaiting(p, band.span(lane, s.wait[std::size_t(c)], s.ready[std::size_t(c)]));
        }
        p.setPen(Qt::white);
        for (const auto& [box, number] : numbers)
            if (box.width() > fm.horizontalAdvance(number) + 4)
                p.drawText(box, Qt::AlignCenter, number);
    }
    p.restore();
    // The playback cursor, where it falls inside this block's window.
    if (t >= band.t0 && t <= band.t1) {
        const double x = band.x(t);
        p.setPen(QPen(palette::playhead(), 2));
        p.drawLine(QPointF(x, band.producer.top()), QPointF(x, band.consumers[1].bottom()));
    }
}

void PipelineView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    if (!m_data.valid()) {
        drawMessage(p, rect(), QString::fromStdString(m_data.message()));
        return;
    }
    const PipelineLayout l = layout();
    const PipelineBlock& primary = m_data.blocks()[primaryBlock()];
    const QFontMetrics fm(font());
    std::vector<CaptionPiece> summary{
        {tr("%1, block %2").arg(QString::fromStdString(m_data.variant())).arg(primary.block),
         kCaptionValue}};
    appendSummaryPieces(summary, pipelineSummary(primary.waits), QStringLiteral(": "));
    const std::size_t hidden = m_data.blocksNotShown() + m_data.blocks().size() -
                               std::min(m_data.blocks().size(), l.bands.size());
    if (hidden > 0) summary.push_back({tr(" (%1 more traced blocks not shown)").arg(hidden), 0});
    p.setPen(palette::text());
    p.setFont(titleFont(font()));
    p.drawText(l.summary, Qt::AlignLeft | Qt::AlignVCenter,
               fitCaptionPieces(QFontMetrics(p.font()), int(l.summary.width()), summary));
    p.setFont(font());
    paintRing(p, l);
    // The primary block first, then the others in block order.
    std::vector<std::size_t> order{primaryBlock()};
    for (std::size_t i = 0; i < m_data.blocks().size(); ++i)
        if (i != order.front()) order.push_back(i);
    for (std::size_t i = 0; i < l.bands.size() && i < order.size(); ++i) {
        PipelineBand band = l.bands[i];
        const PipelineBlock& b = m_data.blocks()[order[i]];
        std::tie(band.t0, band.t1) = windowSpan(b, m_window);
        paintBand(p, band, b);
    }
    drawLegend(p, l.legend.toRect(), pc::legend(m_data.stages()));
}

void PipelineView::wheelEvent(QWheelEvent* e) {
    if (!m_data.valid()) return;
    const QPoint delta = e->angleDelta();
    const bool scroll =
        (e->modifiers() & Qt::ShiftModifier) || std::abs(delta.x()) > std::abs(delta.y());
    const int amount =
        scroll ? (std::abs(delta.x()) > std::abs(delta.y()) ? delta.x() : delta.y()) : delta.y();
    if (amount == 0) return;
    if (scroll) {
        PipelineWindow w = m_window;
        w.first -= (amount > 0 ? 1 : -1) * std::max(1, w.count / 6);
        setWindow(w);
    } else {
        // About the step under the mouse, in the first band's time.
        const PipelineLayout l = layout();
        int anchor = m_window.first + m_window.count / 2;
        if (!l.bands.empty()) {
            PipelineBand band = l.bands[0];
            std::tie(band.t0, band.t1) = windowSpan(m_data.blocks()[primaryBlock()], m_window);
            const double x = e->position().x();
            const double ns =
                band.t0 + (x - band.producer.left()) / band.producer.width() * (band.t1 - band.t0);
            anchor = std::clamp(m_data.blocks()[primaryBlock()].stepAt(ns), m_window.first,
                                m_window.first + m_window.count - 1);
        }
        setWindow(m_window.zoomed(amount > 0 ? 1.25 : 0.8, anchor, steps()));
    }
    e->accept();
}

void PipelineView::mousePressEvent(QMouseEvent* e) {
    m_dragX = e->position().x();
    m_dragFirst = m_window.first;
}

void PipelineView::mouseMoveEvent(QMouseEvent* e) {
    if (!(e->buttons() & Qt::LeftButton) || m_dragX < 0) return;
    const PipelineLayout l = layout();
    if (l.bands.empty()) return;
    const double perStep = l.bands[0].producer.width() / std::max(1, m_window.count);
    PipelineWindow w = m_window;
    w.first = m_dragFirst - int(std::lround((e->position().x() - m_dragX) / perStep));
    setWindow(w);
}

}  // namespace ws
