#include "widgets/memory/bank_view.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <bit>

#include "core/memory/access_records.h"
#include "widgets/memory/memory_colours.h"
#include "widgets/model/traced_block_choice.h"
#include "widgets/view/lane_numbers.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"

namespace ws {

namespace {

namespace mc = memory_colours;

QString laneList(const std::vector<std::uint32_t>& lanes) {
    if (lanes.empty()) return {};
    const bool contiguous = lanes.back() - lanes.front() + 1 == lanes.size();
    if (lanes.size() == 1) return QString::number(lanes[0]);
    if (contiguous) return QStringLiteral("%1–%2").arg(lanes.front()).arg(lanes.back());
    QStringList parts;
    for (auto l : lanes) parts << QString::number(l);
    return parts.join(',');
}

QColor fillOf(const DiagramWord& w) {
    if (w.conflict) return mc::conflict();
    return w.broadcast ? mc::broadcast() : mc::clean();
}

// A word cell: colour plus a shape, so conflict and broadcast differ in
// grey-scale too (hatching for a conflict, a ring for a broadcast).
void paintCell(QPainter& p, const QRectF& r, bool conflict, bool broadcast) {
    const QColor fill = conflict ? mc::conflict() : (broadcast ? mc::broadcast() : mc::clean());
    p.setPen(QPen(palette::text(), 1));
    p.setBrush(fill);
    p.drawRect(r);
    if (conflict) {
        p.setPen(Qt::NoPen);
        p.setBrush(QBrush(QColor(0, 0, 0, 90), Qt::BDiagPattern));
        p.drawRect(r);
    }
    if (broadcast) {
        const double d = std::min(r.width(), r.height()) * 0.8;
        p.setPen(QPen(palette::text(), std::max(1.5, d / 8)));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(r.center(), d / 2, d / 2);
    }
}

struct LegendEntry {
    bool conflict, broadcast;
    QString text;
};

// The short form for views too short for the whole key.
std::vector<LegendEntry> legendEntries(bool brief) {
    if (brief)
        return {{false, false, QObject::tr("one word")},
                {false, true, QObject::tr("broadcast (free)")},
                {true, false, QObject::tr("conflict (+1 pass)")}};
    return {{false, false, QObject::tr("one lane, one word")},
            {false, true, QObject::tr("broadcast: lanes share a word (free)")},
            {true, false, QObject::tr("conflict: a bank serves several words (+1 pass each)")}};
}

// The key, with a word cell as each entry's swatch, laid out as every
// view's legend is (widgets/view/view_painting.h); returns the height used.
int layoutLegend(QPainter* p, const QFont& font, const QRect& area, bool brief) {
    const std::vector<LegendEntry> entries = legendEntries(brief);
    QStringList labels;
    for (const auto& e : entries) labels << e.text;
    LegendEntryPainter draw;
    if (p)
        draw = [&](int i, const QRect& sw, const QRect& textRect, const QString& text) {
            const LegendEntry& e = entries[std::size_t(i)];
            paintCell(*p, QRectF(sw).adjusted(1, 1, -1, -1), e.conflict, e.broadcast);
            p->setPen(palette::text());
            p->drawText(textRect, Qt::AlignLeft | Qt::AlignTop, text);
        };
    return layoutLegendEntries(font, area, labels, QFontMetrics(font).height() + 4, draw);
}

}  // namespace

BankView::BankView(PlaybackModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &BankView::rebuild);
    connect(model, &PlaybackModel::selectionChanged, this, &BankView::rebuild);
    // A lesson's highlight may name the instruction to open on.
    connect(model, &PlaybackModel::highlightChanged, this, [this] {
        if (const int a = m_model->highlight().access; a >= 0) setInstruction(a);
    });
    rebuild();
}

const Launch* BankView::launch() const {
    const Run* run = m_model->run();
    if (!run) return nullptr;
    // The first launch with shared-memory records: memory-lab runs have one.
    for (const auto& l : run->launches)
        if (l.sharedAccesses.size()) return &l;
    return nullptr;
}

void BankView::rebuild() {
    m_records.clear();
    if (const Launch* l = launch()) {
        if (const auto block = tracedBlockToShow(*m_model, *l, l->sharedAccesses.block))
            m_records = sharedRecordsOf(l->sharedAccesses, block);
    }
    if (const int a = m_model->highlight().access; a >= 0) m_index = a;
    m_index = std::clamp(m_index, 0, std::max(0, instructionCount() - 1));
    refresh();
    emit instructionsChanged();
}

void BankView::setInstruction(int index) {
    index = std::clamp(index, 0, std::max(0, instructionCount() - 1));
    if (index == m_index) return;
    m_index = index;
    refresh();
    emit instructionChanged(index);
}

void BankView::setPrediction(std::optional<WarpAccess> access, const QString& what) {
    m_prediction = std::move(access);
    m_predictionWhat = what;
    refresh();
}

void BankView::setMeasurementNote(const QString& note) {
    m_note = note;
    update();
}

void BankView::refresh() {
    if (m_prediction) {
        m_access = *m_prediction;
    } else if (const Launch* l = launch(); l && !m_records.empty()) {
        m_access = sharedAccessAt(l->sharedAccesses, m_records[std::size_t(m_index)]);
    } else {
        m_access = {};
        m_access.activeMask = 0;
    }
    m_diagram = buildBankDiagram(m_access);
    update();
}

QString BankView::instructionLabel(int index) const {
    const Launch* l = launch();
    if (!l || index < 0 || index >= instructionCount()) return {};
    const std::size_t r = m_records[std::size_t(index)];
    const auto& s = l->sharedAccesses;
    const QString what = QString::fromStdString(sharedInstructionText(*m_model->run(), *l, r));
    return tr("warp %1, #%2%3")
        .arg(s.warp[r])
        .arg(s.instruction[r])
        .arg(what.isEmpty() ? QString() : QStringLiteral(": ") + what);
}

std::vector<CaptionPiece> BankView::passesPieces() const {
    const BankAnalysis& a = m_diagram.analysis;
    if (m_access.activeMask == 0)
        return {{tr("no lane accesses shared memory here"), kCaptionValue}};
    std::vector<CaptionPiece> pieces{
        {tr("predicted: "), 0},
        {a.passes == 1 ? tr("1 pass") : tr("%1 passes").arg(a.passes), kCaptionValue},
        {tr(" (ideal %1)").arg(a.idealPasses), 1}};
    if (a.phases.size() > 1)
        pieces.push_back(
            {tr(", %1 phases of %2 lanes").arg(a.phases.size()).arg(a.phases[0].laneCount),
             kCaptionValue});
    return pieces;
}

QString BankView::passesText() const {
    QString s;
    for (const CaptionPiece& piece : passesPieces()) s += piece.text;
    return s;
}

std::vector<CaptionPiece> BankView::measuredPieces() const {
    const Launch* l = launch();
    if (!l || m_records.empty())
        return {{tr("measured: no traced instruction in this run"), kCaptionValue}};
    const std::size_t r = m_records[std::size_t(m_index)];
    const long long cycles = l->sharedAccesses.cycles[r];
    std::vector<CaptionPiece> pieces{{tr("measured: "), 1},
                                     {tr("%1 cycles").arg(cycles), kCaptionValue}};
    if (m_prediction) {
        // The controls moved away from the run: say what the number belongs to.
        QStringList params;
        for (const auto& [k, v] : m_model->run()->params)
            if (k != "traced_blocks") params << QString::fromStdString(k + "=" + v);
        pieces.push_back({tr(" at %1").arg(params.join(' ')), 2});
    }
    if (!m_note.isEmpty()) pieces.push_back({QStringLiteral(" — ") + m_note, 0});
    return pieces;
}

QString BankView::measuredText() const {
    QString s;
    for (const CaptionPiece& piece : measuredPieces()) s += piece.text;
    return s;
}

int BankView::headerHeight() const {
    QFont big = titleFont(font());
    big.setPointSizeF(font().pointSizeF() * 1.3);
    return QFontMetrics(font()).height() * 2 + QFontMetrics(big).height() + 14;
}

bool BankView::briefLegend() const {
    bankArea();
    return m_brief;
}

bool BankView::measureBriefLegend() const {
    // The whole key where the grid keeps its rows readable beside the least
    // room for the links; else its short form. 20 px for the grid drew a
    // projector's 8 passes 2 px each under a three-line key.
    const QFontMetrics fm(font());
    const int fixed = headerHeight() + 4 + fm.height() + 8 + 20 + fm.height() + 4 + 24;
    const int legend = layoutLegend(nullptr, font(), QRect(8, 0, width() - 16, 1000), false) + 10;
    return height() - fixed - legend < gridWanted();
}

int BankView::gridWanted() const {
    // About half a line of text a pass, up to eight passes.
    const int passes = int(std::min<std::uint32_t>(std::max<std::uint32_t>(m_diagram.rows, 1), 8));
    return std::max(20, passes * QFontMetrics(font()).height() * 3 / 5);
}

QRect BankView::bankArea() const {
    // Measured once per size and font: every lane's and word's rectangle
    // asks for it, and it lays the key out twice.
    const MeasureKey key{size(), font(), m_diagram.rows};  // the key's form follows the passes
    if (key == m_areaKey) return m_area;
    m_areaKey = key;
    m_brief = measureBriefLegend();
    const QFontMetrics fm(font());
    const int left = 8 + fm.horizontalAdvance(QStringLiteral("lanes 16–23 "));
    const int laneTop = headerHeight() + 4;
    const int laneH = fm.height() + 8;
    const int legend = layoutLegend(nullptr, font(), QRect(8, 0, width() - 16, 1000), m_brief) + 10;
    // The links from lanes to banks shrink (down to 20 px) before the grid
    // and the legend lose their room: in a projector's short view the
    // legend's last entry was cut at the bottom.
    // The passes' rows come first: on a projector the links took 60 px
    // while eight passes shared 45.
    const int spare = height() - (laneTop + laneH + fm.height() + 4) - legend - gridWanted();
    const int gap = std::clamp(spare, 20, std::max(48, 3 * fm.height()));
    const int top = laneTop + laneH + gap + fm.height() + 4;  // + the bank numbers
    m_area =
        QRect(left, top, std::max(32, width() - left - 8), std::max(20, height() - top - legend));
    return m_area;
}

QRectF BankView::laneRect(int lane) const {
    const QRect a = bankArea();
    const QFontMetrics fm(font());
    const double cw = double(a.width()) / kBankCount;
    return QRectF(a.left() + lane * cw, headerHeight() + 4, cw, fm.height() + 8);
}

QRectF BankView::wordRect(std::uint32_t bank, std::uint32_t row) const {
    const QRect a = bankArea();
    const double cw = double(a.width()) / kBankCount;
    const std::uint32_t rows = std::max<std::uint32_t>(m_diagram.rows, 1);
    const double rh = std::min(double(a.height()) / rows, 3.0 * QFontMetrics(font()).height());
    return QRectF(a.left() + bank * cw, a.top() + row * rh, cw, rh);
}

namespace {
// A text's own box centred on `cell`: drawText clips to the rectangle it is
// given, so a cell narrower than its number would cut it.
QRectF centredOn(const QRectF& cell, const QString& text, const QFontMetrics& fm) {
    const double w = std::max(cell.width(), double(fm.horizontalAdvance(text)) + 2);
    return QRectF(cell.center().x() - w / 2, cell.top(), w, cell.height());
}
}  // namespace

void BankView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette::background());
    const QFontMetrics fm(font());
    if (!m_prediction && m_records.empty()) {
        drawMessage(p, rect(),
                    m_model->run()
                        ? QString::fromStdString(missingAccessesText(*m_model->run(), true))
                        : tr("Run a memory experiment to see its shared-memory banks."));
        return;
    }
    // Header: what is shown, the prediction (large) and the measurement.
    p.setFont(titleFont(font()));
    p.setPen(palette::text());
    // The block and warp stay; in a narrow view the count of instructions,
    // then the instruction's text and the access width give way.
    std::vector<CaptionPiece> title;
    if (m_prediction) {
        title.push_back(
            {tr("Prediction for the controls: %1").arg(m_predictionWhat), kCaptionValue});
    } else {
        const Launch* l = launch();
        const std::size_t r = m_records[std::size_t(m_index)];
        const auto& s = l->sharedAccesses;
        const QString what = QString::fromStdString(sharedInstructionText(*m_model->run(), *l, r));
        title.push_back({tr("Block %1, warp %2").arg(s.block[r]).arg(s.warp[r]), kCaptionValue});
        title.push_back({tr(", #%1%2")
                             .arg(s.instruction[r])
                             .arg(what.isEmpty() ? QString() : QStringLiteral(": ") + what),
                         1});
        title.push_back({tr("  (%1 of %2)").arg(m_index + 1).arg(instructionCount()), 0});
    }
    title.push_back({tr(" — %1-byte accesses").arg(m_access.widthBytes), 2});
    const int room = width() - 16;
    drawTitle(p, font(), QRect(8, 4, room, QFontMetrics(titleFont(font())).height()),
              fitCaptionPieces(QFontMetrics(titleFont(font())), room, title));
    QFont big = titleFont(font());
    big.setPointSizeF(font().pointSizeF() * 1.3);
    p.setFont(big);
    const QFontMetrics bfm(big);
    const bool conflicted = m_diagram.analysis.passes > m_diagram.analysis.idealPasses;
    p.setPen(conflicted ? mc::wasteText() : palette::text());
    p.drawText(QRect(8, 6 + fm.height(), width() - 16, bfm.height()), Qt::AlignLeft,
               fitCaptionPieces(bfm, width() - 16, passesPieces()));
    p.setFont(font());
    p.setPen(palette::mutedText());
    p.drawText(QRect(8, 8 + fm.height() + bfm.height(), width() - 16, fm.height()), Qt::AlignLeft,
               fitCaptionPieces(fm, width() - 16, measuredPieces()));

    // Lanes, tinted by phase so half- and quarter-warps are visible.
    const double cw = laneRect(1).left() - laneRect(0).left();
    const LaneNumbers numbers = laneNumbersFor(font(), cw);
    const QFontMetrics nfm(numbers.font);
    const int every = numbers.every;
    for (int lane = 0; lane < 32; ++lane) {
        const QRectF r = laneRect(lane).adjusted(0.5, 0.5, -0.5, -0.5);
        const bool active = m_access.activeMask >> lane & 1u;
        const int phase = m_diagram.lanePhase[std::size_t(lane)];
        QColor c = active ? palette::cellFill() : palette::background();
        if (active && m_diagram.analysis.phases.size() > 1 && phase % 2 == 1)
            c = palette::cellFillAlternate();  // alternate phases
        p.setPen(QPen(active ? palette::text() : palette::gridLine(), 1));
        p.setBrush(c);
        p.drawRect(r);
    }
    // The numbers after every cell, in a font that fits one cell
    // (widgets/view/lane_numbers.h); on a plate of the cell's colour only where
    // even that reaches over its borders, which a later border would cross.
    p.setFont(numbers.font);
    for (int lane = 0; lane < 32; lane += every) {
        const QRectF r = laneRect(lane).adjusted(0.5, 0.5, -0.5, -0.5);
        const bool active = m_access.activeMask >> lane & 1u;
        const int phase = m_diagram.lanePhase[std::size_t(lane)];
        QColor c = active ? palette::cellFill() : palette::background();
        if (active && m_diagram.analysis.phases.size() > 1 && phase % 2 == 1)
            c = palette::cellFillAlternate();
        const QString number = QString::number(lane);
        const double w = nfm.horizontalAdvance(number) + 2;
        if (numbers.plates && w > r.width())
            p.fillRect(QRectF(r.center().x() - w / 2, r.top() + 1, w, r.height() - 2), c);
        p.setPen(active ? palette::text() : palette::mutedText());
        p.drawText(centredOn(r, number, nfm), Qt::AlignCenter, number);
    }
    p.setFont(font());
    p.setPen(palette::mutedText());
    p.drawText(QRectF(0, laneRect(0).top(), laneRect(0).left() - 6, laneRect(0).height()),
               Qt::AlignRight | Qt::AlignVCenter, tr("lane"));

    // Bank numbers and the empty grid.
    const QRect area = bankArea();
    const double numbersTop = area.top() - fm.height() - 2;
    // In the lanes' number font, so that bank 12 sits under lane 12's size.
    p.setFont(numbers.font);
    for (std::uint32_t b = 0; b < kBankCount; b += every)
        p.drawText(centredOn(QRectF(area.left() + b * cw, numbersTop, cw, fm.height()),
                             QString::number(b), nfm),
                   Qt::AlignCenter, QString::number(b));
    p.setFont(font());
    p.drawText(QRectF(0, numbersTop, area.left() - 6, fm.height()),
               Qt::AlignRight | Qt::AlignVCenter, tr("bank"));
    const std::uint32_t rows = std::max<std::uint32_t>(m_diagram.rows, 1);
    const QRectF gridRect(wordRect(0, 0).topLeft(),
                          wordRect(kBankCount - 1, rows - 1).bottomRight());
    p.setPen(QPen(palette::gridLine(), 1));
    for (std::uint32_t b = 0; b <= kBankCount; ++b)
        p.drawLine(QPointF(area.left() + b * cw, gridRect.top()),
                   QPointF(area.left() + b * cw, gridRect.bottom()));

    // Rows: "pass k", and the phase bands of wide accesses.
    const double rh = wordRect(0, 1).top() - wordRect(0, 0).top();
    const int labelEvery = std::max(1, int(std::ceil(fm.height() / std::max(rh, 1.0))));
    double phaseLabelsEnd = -1e9;  // the bottom of the last phase label drawn
    for (std::size_t ph = 0; ph < m_diagram.phaseFirstRow.size(); ++ph) {
        const std::uint32_t first = m_diagram.phaseFirstRow[ph];
        const std::uint32_t last =
            ph + 1 < m_diagram.phaseFirstRow.size() ? m_diagram.phaseFirstRow[ph + 1] : rows;
        const bool phased = m_diagram.analysis.phases.size() > 1;
        if (phased) {
            const auto& phase = m_diagram.analysis.phases[ph];
            p.setPen(QPen(palette::text(), 2));
            p.drawLine(QPointF(2, wordRect(0, first).top()),
                       QPointF(gridRect.right(), wordRect(0, first).top()));
            // Bold when it fits the margin left of the grid, else the regular
            // weight: a bold "lanes 16–31" wider than the margin would run off the
            // left edge.
            const QString lanes =
                tr("lanes %1–%2").arg(phase.firstLane).arg(phase.firstLane + phase.laneCount - 1);
            const double room = area.left() - 8;
            const QFont bold = titleFont(font());
            QFont label = QFontMetricsF(bold).horizontalAdvance(lanes) <= room ? bold : font();
            // In a short view a phase's rows are thinner than a line of text:
            // the label shrinks to its band (to 70 %), and one that still
            // reaches the next is left out rather than run into it.
            const double top = wordRect(0, first).top();
            const double band = (last < rows ? wordRect(0, last).top() : gridRect.bottom()) - top;
            const double height = QFontMetricsF(label).height();
            if (height > band && label.pointSizeF() > 0)
                label.setPointSizeF(label.pointSizeF() * std::max(0.7, band / height));
            const double shown = QFontMetricsF(label).height();
            if (top >= phaseLabelsEnd) {
                p.setFont(label);
                p.drawText(QRectF(2, top, room, shown), Qt::AlignRight | Qt::AlignTop, lanes);
                p.setFont(font());
                phaseLabelsEnd = top + shown;
            }
        }
        for (std::uint32_t row = first + (phased ? 1 : 0); row < last; ++row) {
            if ((row - first) % std::uint32_t(labelEvery) != 0) continue;
            // A label that would reach below the grid would lie on the legend.
            if (wordRect(0, row).top() + fm.height() > gridRect.bottom() + 2) continue;
            // Rows thinner than a line share their label: "passes 1–8"
            // where a short view squeezed eight passes under "pass 1". The
            // last label drawn takes the rest of the phase: a next one that
            // would not fit left "passes 1–22" under "32 passes".
            const std::uint32_t pass = row - first + 1;
            const std::uint32_t next = row + std::uint32_t(labelEvery);
            const bool nextFits =
                next < last && wordRect(0, next).top() + fm.height() <= gridRect.bottom() + 2;
            const std::uint32_t lastPass =
                nextFits ? std::min(pass + std::uint32_t(labelEvery) - 1, last - first)
                         : last - first;
            QString text = lastPass > pass ? tr("passes %1–%2").arg(pass).arg(lastPass)
                                           : tr("pass %1").arg(pass);
            // The numbers alone where the words do not fit the margin
            // ("asses 10–12" was cut at the left).
            if (fm.horizontalAdvance(text) > area.left() - 8)
                text =
                    lastPass > pass ? tr("%1–%2").arg(pass).arg(lastPass) : QString::number(pass);
            p.setPen(palette::mutedText());
            p.drawText(QRectF(2, wordRect(0, row).top(), area.left() - 8,
                              std::max(rh, double(fm.height()))),
                       Qt::AlignRight | Qt::AlignTop, text);
        }
    }

    // Links: lane to its bank, coloured by what the bank must do; conflicts on top.
    const double linkTop = laneRect(0).bottom();
    const double linkBottom = numbersTop - 2;
    for (int pass = 0; pass < 3; ++pass)
        for (const auto& link : m_diagram.links) {
            const DiagramWord& w = m_diagram.words[link.word];
            const int kind = w.conflict ? 2 : (w.broadcast ? 1 : 0);
            if (kind != pass) continue;
            p.setPen(QPen(fillOf(w), kind == 2 ? 2.5 : 2));
            p.drawLine(QPointF(laneRect(int(link.lane)).center().x(), linkTop),
                       QPointF(area.left() + (w.bank + 0.5) * cw, linkBottom));
        }

    // Words, and the lanes that hit each. The labels are all shown or none:
    // lanes 0-9 labelled and 10-31 bare would read as lanes missing. At 80 %
    // of the view's font (never smaller: a slide's text stays readable from
    // the back), across the cell or turned up a narrow, tall one.
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.8));
    const QFontMetricsF sfm(small);
    bool allAcross = true, allUp = true;
    for (const auto& w : m_diagram.words) {
        const QRectF r = wordRect(w.bank, w.row).adjusted(1, 1, -1, -1);
        const double tw = sfm.horizontalAdvance(laneList(w.lanes)) + 2;
        allAcross = allAcross && tw <= r.width() && sfm.height() <= r.height();
        allUp = allUp && tw <= r.height() && sfm.height() <= r.width();
    }
    enum class Labels { Across, Up, None };
    const Labels labels = allAcross ? Labels::Across : allUp ? Labels::Up : Labels::None;
    p.setFont(small);
    for (const auto& w : m_diagram.words) {
        const QRectF r = wordRect(w.bank, w.row).adjusted(1, 1, -1, -1);
        paintCell(p, r, w.conflict, w.broadcast);
        if (labels == Labels::None) continue;
        p.setPen(palette::text());
        const QString text = laneList(w.lanes);
        // On a plate of the cell's colour: a broadcast's ring ran through
        // the lane numbers of narrow cells.
        const QColor plate = w.conflict    ? mc::conflict()
                             : w.broadcast ? mc::broadcast()
                                           : mc::clean();
        const QSizeF size(sfm.horizontalAdvance(text) + 2, sfm.height());
        if (labels == Labels::Across) {
            if (w.broadcast)
                p.fillRect(QRectF(r.center() - QPointF(size.width(), size.height()) / 2, size),
                           plate);
            p.drawText(r, Qt::AlignCenter, text);
        } else {
            p.save();
            p.translate(r.center());
            p.rotate(-90);
            if (w.broadcast)
                p.fillRect(
                    QRectF(-size.width() / 2, -size.height() / 2, size.width(), size.height()),
                    plate);
            p.drawText(QRectF(-r.height() / 2, -r.width() / 2, r.height(), r.width()),
                       Qt::AlignCenter, text);
            p.restore();
        }
    }
    p.setFont(font());
    layoutLegend(&p, font(), QRect(8, int(gridRect.bottom()) + 10, width() - 16, height()),
                 briefLegend());
}

bool BankView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    const auto* he = static_cast<QHelpEvent*>(e);
    for (const auto& w : m_diagram.words) {
        if (!wordRect(w.bank, w.row).contains(he->pos())) continue;
        const auto& phase = m_diagram.analysis.phases[w.phase];
        QString text = tr("<b>bank %1</b>, word %2 (bytes %3–%4)<br>lanes %5")
                           .arg(w.bank)
                           .arg(w.word)
                           .arg(w.word * 4)
                           .arg(w.word * 4 + 3)
                           .arg(laneList(w.lanes));
        if (w.broadcast) text += tr("<br>broadcast: one read serves all these lanes");
        if (w.conflict)
            text += tr("<br>conflict: this bank serves %1 words in this phase, one per pass")
                        .arg(phase.banks[w.bank].size());
        QToolTip::showText(he->globalPos(), text, this);
        return true;
    }
    for (int lane = 0; lane < 32; ++lane)
        if (laneRect(lane).contains(he->pos()) && (m_access.activeMask >> lane & 1u)) {
            QToolTip::showText(he->globalPos(),
                               tr("<b>lane %1</b>: byte %2, bank %3")
                                   .arg(lane)
                                   .arg(m_access.address[std::size_t(lane)])
                                   .arg(bankOf(m_access.address[std::size_t(lane)])),
                               this);
            return true;
        }
    QToolTip::hideText();
    return true;
}

}  // namespace ws
