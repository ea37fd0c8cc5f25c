#include "widgets/memory/coalescing_view.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <bit>

#include "core/memory/access_records.h"
#include "widgets/memory/memory_colours.h"
#include "widgets/model/traced_block_choice.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/lane_numbers.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

namespace mc = memory_colours;

std::vector<LegendItem> legend() {
    return {{mc::sectorUsed(), QObject::tr("bytes the lanes asked for")},
            {mc::sectorWasted(), QObject::tr("rest of a sector, moved anyway")},
            {palette::background(), QObject::tr("sector not touched")}};
}

// A count in the longest of its forms that fits `width`: "2 sectors (ideal
// 1), 2 lines", "2 sectors (ideal 1)", "2 (ideal 1)", "2 / 1", "2"; elided
// they read "2 s…" in a projector's narrow column.
QString sectorsText(const SectorCount& c, const QFontMetrics& fm, int width) {
    if (c.sectors == 0) return QStringLiteral("–");
    const QString sectors = c.sectors == 1 ? QObject::tr("sector") : QObject::tr("sectors");
    const QString forms[] = {
        QObject::tr("%1 %2 (ideal %3), %4 %5")
            .arg(c.sectors)
            .arg(sectors)
            .arg(c.idealSectors)
            .arg(c.lines)
            .arg(c.lines == 1 ? QObject::tr("line") : QObject::tr("lines")),
        QObject::tr("%1 %2 (ideal %3)").arg(c.sectors).arg(sectors).arg(c.idealSectors),
        QObject::tr("%1 (ideal %2)").arg(c.sectors).arg(c.idealSectors),
        QObject::tr("%1 / %2").arg(c.sectors).arg(c.idealSectors)};
    for (const QString& f : forms)
        if (fm.horizontalAdvance(f) <= width) return f;
    return QString::number(c.sectors);
}

}  // namespace

CoalescingView::CoalescingView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &CoalescingView::rebuild);
    connect(model, &PlaybackModel::selectionChanged, this, &CoalescingView::rebuild);
    // A lesson's highlight may name the request to open on.
    connect(model, &PlaybackModel::highlightChanged, this, [this] {
        if (const int a = m_model->highlight().access; a >= 0) setRequest(a);
    });
    rebuild();
}

const Launch* CoalescingView::launch() const {
    const Run* run = m_model->run();
    if (!run) return nullptr;
    for (const auto& l : run->launches)
        if (l.globalAccesses.size()) return &l;
    return nullptr;
}

void CoalescingView::rebuild() {
    m_records.clear();
    m_variants = m_model->run() ? compareVariants(*m_model->run()) : std::vector<VariantTraffic>{};
    if (const Launch* l = launch()) {
        if (const auto block = tracedBlockToShow(*m_model, *l, l->globalAccesses.block))
            m_records = globalRecordsOf(l->globalAccesses, block);
    }
    if (const int a = m_model->highlight().access; a >= 0) m_index = a;
    m_index = std::clamp(m_index, 0, std::max(0, requestCount() - 1));
    refresh();
    emit requestsChanged();
}

void CoalescingView::setRequest(int index) {
    index = std::clamp(index, 0, std::max(0, requestCount() - 1));
    if (index == m_index) return;
    m_index = index;
    refresh();
    emit requestChanged(index);
}

void CoalescingView::refresh() {
    m_mask = 0;
    m_address = {};
    if (const Launch* l = launch(); l && !m_records.empty()) {
        const std::size_t r = m_records[std::size_t(m_index)];
        m_address = globalAddressesAt(l->globalAccesses, r);
        m_mask = l->globalAccesses.activeMask[r];
        m_width = l->globalAccesses.widthBytes[r];
        m_write = l->globalAccesses.isWrite[r];
    }
    m_strip = buildSectorStrip(m_address, m_mask, m_width);
    ++m_counts;  // a new count to lay out
    update();
}

QString CoalescingView::requestLabel(int index) const {
    const Launch* l = launch();
    if (!l || index < 0 || index >= requestCount()) return {};
    const std::size_t r = m_records[std::size_t(index)];
    const auto& g = l->globalAccesses;
    const QString what = QString::fromStdString(globalInstructionText(*m_model->run(), *l, r));
    return tr("warp %1, #%2 %3%4")
        .arg(g.warp[r])
        .arg(g.instruction[r])
        .arg(g.isWrite[r] ? tr("write") : tr("read"))
        .arg(what.isEmpty() ? QString() : QStringLiteral(": ") + what);
}

QString CoalescingView::countText() const {
    const SectorCount& c = m_strip.count;
    if (m_mask == 0) return tr("no lane accesses memory here");
    return tr("%1 lanes %2 %3 B each: %4 × 32-byte sectors (ideal %5), %6 × 128-byte lines — "
              "%7% of the bytes moved are used")
        .arg(std::popcount(m_mask))
        .arg(m_write ? tr("write") : tr("read"))
        .arg(m_width)
        .arg(c.sectors)
        .arg(c.idealSectors)
        .arg(c.lines)
        .arg(qRound(100 * m_strip.efficiency()));
}

CoalescingView::CountLayout CoalescingView::countLayout() const {
    // Measured once per size, font and count: every lane's and sector's
    // rectangle asks for the header's height, many times a frame.
    const MeasureKey key{size(), font(), m_counts};
    if (key == m_countKey) return m_countLayout;
    m_countKey = key;
    m_countLayout = measureCount();
    return m_countLayout;
}

CoalescingView::CountLayout CoalescingView::measureCount() const {
    // The count in the largest font whose wrapped lines fit the two lines of
    // the large font; a narrow view gets it smaller rather than overlapping,
    // and in the view's own font it takes the lines it needs: kept to two,
    // its third line ("… of the bytes moved are used") lay under the lanes.
    QFont big = titleFont(font());
    big.setPointSizeF(font().pointSizeF() * 1.2);
    const int twoLines = 2 * QFontMetrics(big).height();
    const QRect box(0, 0, std::max(40, width() - 16), 10000);
    const QString count = countText();
    for (const QFont& candidate : {big, titleFont(font())})
        if (QFontMetrics(candidate)
                .boundingRect(box, Qt::AlignLeft | Qt::TextWordWrap, count)
                .height() <= twoLines)
            return {candidate, twoLines};
    const int needed =
        QFontMetrics(font()).boundingRect(box, Qt::AlignLeft | Qt::TextWordWrap, count).height();
    return {font(), std::max(twoLines, needed)};
}

int CoalescingView::headerHeight() const {
    return QFontMetrics(font()).height() + countLayout().height + 12;
}

namespace {

QString variantLabel(const VariantTraffic& v) {
    return (v.current ? QStringLiteral("▶ ") : QStringLiteral("   ")) + v.name;
}

}  // namespace

QString CoalescingView::tableHeading() const {
    const Run* run = m_model->run();
    if (!run || !run->params.count("width") || !run->params.count("height"))
        return tr("warp 0, block 0");
    return tr("warp 0 at %1 × %2")
        .arg(QString::fromStdString(run->params.at("width")),
             QString::fromStdString(run->params.at("height")));
}

int CoalescingView::nameColumnWidth() const {
    const QFontMetrics plain(font()), bold(titleFont(font()));
    int widest = bold.horizontalAdvance(tableHeading());  // the header is bold
    for (const auto& v : m_variants)
        widest = std::max(widest, (v.current ? bold : plain).horizontalAdvance(variantLabel(v)));
    return widest + plain.horizontalAdvance(QStringLiteral("  "));
}

int CoalescingView::tableHeight() const {
    if (m_variants.empty()) return 0;
    return int(m_variants.size() + 1) * (QFontMetrics(font()).height() + 4) + 8;
}

QRect CoalescingView::stripArea() const {
    const QFontMetrics fm(font());
    const int bottom = tableHeight() + legendHeight(font(), width() - 16, legend()) + 16;
    // The links from lanes to sectors give up their room (down to 20 px)
    // before the strip, the table and the legend: in the memory lab's dock
    // on a 1080-line screen the legend's last row was cut at the bottom.
    const int fixed = headerHeight() + fm.height() + 8;
    const int spare = height() - fixed - bottom - fm.height() - 6 - 24;
    const int links = std::clamp(spare, 20, std::max(56, 3 * fm.height()));
    const int top = fixed + links;
    const int h = std::clamp(height() - top - bottom - fm.height() - 6, 24, 4 * fm.height());
    return QRect(16, top, std::max(64, width() - 32), h);
}

QRectF CoalescingView::laneRect(int lane) const {
    const QRect a = stripArea();
    const double cw = double(a.width()) / 32;
    return QRectF(a.left() + lane * cw, headerHeight() + 4, cw, QFontMetrics(font()).height() + 6);
}

QRectF CoalescingView::sectorRect(std::size_t line, int sector) const {
    const QRect a = stripArea();
    const std::size_t n = std::max<std::size_t>(m_strip.lines.size(), 1);
    std::size_t gaps = 0, gapsBefore = 0;
    for (std::size_t i = 0; i < m_strip.lines.size(); ++i) {
        gaps += m_strip.lines[i].gapBefore;
        if (i <= line) gapsBefore += m_strip.lines[i].gapBefore;
    }
    // A gap is a third of a line wide: wide enough for its "…".
    const double unit = a.width() / (double(n) + gaps / 3.0);
    const double x = a.left() + (double(line) + gapsBefore / 3.0) * unit;
    return QRectF(x + sector * unit / 4, a.top(), unit / 4, a.height());
}

void CoalescingView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette::background());
    const QFontMetrics fm(font());
    if (m_records.empty()) {
        drawMessage(p, rect(),
                    m_model->run()
                        ? QString::fromStdString(missingAccessesText(*m_model->run(), false))
                        : tr("Run a memory experiment to see its memory requests."));
        return;
    }
    const Launch* l = launch();
    const std::size_t r = m_records[std::size_t(m_index)];
    p.setFont(titleFont(font()));
    p.setPen(palette::text());
    // The block, warp and read or write stay; in a narrow view the count
    // of requests, then the instruction's text give way.
    const auto& g = l->globalAccesses;
    const QString what = QString::fromStdString(globalInstructionText(*m_model->run(), *l, r));
    const std::vector<CaptionPiece> title{
        {tr("Block %1, warp %2, #%3 %4")
             .arg(g.block[r])
             .arg(g.warp[r])
             .arg(g.instruction[r])
             .arg(g.isWrite[r] ? tr("write") : tr("read")),
         kCaptionValue},
        {what.isEmpty() ? QString() : QStringLiteral(": ") + what, 1},
        {tr("  (%1 of %2)").arg(m_index + 1).arg(requestCount()), 0}};
    drawTitle(p, font(), QRect(8, 4, width() - 16, QFontMetrics(titleFont(font())).height()),
              fitCaptionPieces(QFontMetrics(titleFont(font())), width() - 16, title));
    const CountLayout countShape = countLayout();
    const QRect countBox(8, 6 + fm.height(), width() - 16, countShape.height);
    const QString count = countText();
    p.setFont(countShape.font);
    const bool wasteful = m_strip.count.sectors > m_strip.count.idealSectors;
    p.setPen(wasteful ? mc::wasteText() : palette::text());
    p.drawText(countBox, Qt::AlignLeft | Qt::TextWordWrap, count);
    p.setFont(font());

    // Lanes: every cell, then the numbers over them in a font that fits one
    // cell (widgets/view/lane_numbers.h); on a plate of the cell's colour only
    // where even that reaches over its borders, which a later border would
    // cross.
    const double cellWidth = laneRect(0).width() - 1;
    const LaneNumbers numbers = laneNumbersFor(font(), cellWidth);
    const QFontMetrics nfm(numbers.font);
    const int every = numbers.every;
    for (int lane = 0; lane < 32; ++lane) {
        const QRectF lr = laneRect(lane).adjusted(0.5, 0.5, -0.5, -0.5);
        const bool active = m_mask >> lane & 1u;
        p.setPen(QPen(active ? palette::text() : palette::gridLine(), 1));
        p.setBrush(active ? palette::cellFill() : palette::background());
        p.drawRect(lr);
    }
    p.setFont(numbers.font);
    for (int lane = 0; lane < 32; lane += every) {
        const QRectF lr = laneRect(lane).adjusted(0.5, 0.5, -0.5, -0.5);
        const bool active = m_mask >> lane & 1u;
        const QString number = QString::number(lane);
        const double w = nfm.horizontalAdvance(number) + 2;
        const QRectF plate(lr.center().x() - std::max(w, lr.width()) / 2, lr.top(),
                           std::max(w, lr.width()), lr.height());
        if (numbers.plates && w > lr.width())
            p.fillRect(plate.adjusted(0, 1, 0, -1),
                       active ? palette::cellFill() : palette::background());
        p.setPen(active ? palette::text() : palette::mutedText());
        p.drawText(plate, Qt::AlignCenter, number);
    }
    p.setFont(font());

    // The strip: sectors of the touched lines, gaps where memory is skipped.
    const QRect area = stripArea();
    for (std::size_t i = 0; i < m_strip.lines.size(); ++i) {
        const StripLine& line = m_strip.lines[i];
        for (int s = 0; s < 4; ++s) {
            const QRectF sr = sectorRect(i, s);
            p.setPen(QPen(palette::mutedText(), 1));
            p.setBrush(line.requested[std::size_t(s)] ? mc::sectorWasted() : palette::background());
            p.drawRect(sr);
        }
        // Requested bytes as blue ticks at their offsets inside the line.
        const QRectF first = sectorRect(i, 0);
        const double byteW = first.width() * 4 / kLineBytes;
        p.setPen(Qt::NoPen);
        p.setBrush(mc::sectorUsed());
        for (const LaneSpot& spot : m_strip.lanes)
            if (spot.lineIndex == i)
                p.drawRect(QRectF(first.left() + spot.offset * byteW, first.top() + 3,
                                  std::max(2.0, byteW * m_width), first.height() - 6));
        p.setPen(QPen(palette::text(), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(first.topLeft(), sectorRect(i, 3).bottomRight()));
        // The gap's "…" where it fits; between 32 lines one row apart it
        // did not, and was cut by its box: the gap itself says it there.
        const QRectF gap(first.left() - first.width() * 4 / 3, first.top(), first.width() * 4 / 3,
                         first.height());
        if (line.gapBefore && fm.horizontalAdvance(QStringLiteral("…")) + 2 <= gap.width()) {
            p.setPen(palette::mutedText());
            p.drawText(gap, Qt::AlignCenter, QStringLiteral("…"));
        }
    }
    // Offsets of the first and last line under the strip.
    if (!m_strip.lines.empty()) {
        p.setPen(palette::mutedText());
        const QString firstText = tr("byte %1").arg(
            groupDigits(static_cast<long long>(m_strip.lines.front().line * kLineBytes)));
        p.drawText(QRectF(area.left(), area.bottom() + 2, area.width(), fm.height()), Qt::AlignLeft,
                   firstText);
        if (m_strip.lines.size() > 1)
            p.drawText(
                QRectF(area.left(), area.bottom() + 2, area.width(), fm.height()), Qt::AlignRight,
                tr("byte %1").arg(
                    groupDigits(static_cast<long long>(m_strip.lines.back().line * kLineBytes))));
    }
    // Lanes point at their bytes.
    p.setPen(QPen(palette::text(), 1.2));
    for (const LaneSpot& spot : m_strip.lanes) {
        const QRectF first = sectorRect(spot.lineIndex, 0);
        const double x =
            first.left() + (spot.offset + 0.5 * m_width) * first.width() * 4 / kLineBytes;
        p.drawLine(QPointF(laneRect(int(spot.lane)).center().x(), laneRect(0).bottom()),
                   QPointF(x, area.top()));
    }

    // Every variant at this size, side by side.
    int y = area.bottom() + fm.height() + 10;
    if (!m_variants.empty()) {
        const int nameW = nameColumnWidth();
        const int colW = (width() - 16 - nameW) / 2;
        p.setFont(titleFont(font()));
        p.setPen(palette::text());
        // Elided to their columns, as the cells are: in a narrow view "first
        // read" ran into "first write".
        const QFontMetrics hfm(titleFont(font()));
        const auto header = [&](int x, int w, const QString& text) {
            p.drawText(QRect(x, y, w, fm.height()), Qt::AlignLeft,
                       hfm.elidedText(text, Qt::ElideRight, w - 8));
        };
        // "read" and "write" where "first read" does not fit.
        const bool shortHeads = hfm.horizontalAdvance(tr("first write")) > colW - 8;
        header(8, nameW, tableHeading());
        header(8 + nameW, colW, shortHeads ? tr("read") : tr("first read"));
        header(8 + nameW + colW, colW, shortHeads ? tr("write") : tr("first write"));
        y += fm.height() + 4;
        for (const auto& v : m_variants) {
            QFont f = v.current ? titleFont(font()) : font();
            p.setFont(f);
            if (v.current)
                p.fillRect(QRect(4, y - 1, width() - 8, fm.height() + 2), palette::cellFill());
            p.setPen(palette::text());
            p.drawText(QRect(8, y, nameW, fm.height()), Qt::AlignLeft, variantLabel(v));
            auto cell = [&](const SectorCount& c, int x) {
                p.setPen(c.sectors > c.idealSectors ? mc::wasteText() : palette::text());
                p.drawText(QRect(x, y, colW - 4, fm.height()), Qt::AlignLeft,
                           sectorsText(c, QFontMetrics(f), colW - 8));
            };
            cell(v.reads, 8 + nameW);
            cell(v.writes, 8 + nameW + colW);
            y += fm.height() + 4;
        }
        p.setFont(font());
        y += 4;
    }
    drawLegend(p, QRect(8, y, width() - 16, height() - y), legend());
}

bool CoalescingView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    const auto* he = static_cast<QHelpEvent*>(e);
    for (std::size_t i = 0; i < m_strip.lines.size(); ++i)
        for (int s = 0; s < 4; ++s) {
            if (!sectorRect(i, s).contains(he->pos())) continue;
            const std::uint64_t start =
                m_strip.lines[i].line * kLineBytes + std::uint64_t(s) * kSectorBytes;
            QToolTip::showText(he->globalPos(),
                               tr("<b>sector</b> bytes %1–%2<br>%3 of its 32 bytes asked for")
                                   .arg(groupDigits((long long)start))
                                   .arg(groupDigits((long long)start + 31))
                                   .arg(m_strip.lines[i].requested[std::size_t(s)]),
                               this);
            return true;
        }
    for (int lane = 0; lane < 32; ++lane)
        if (laneRect(lane).contains(he->pos()) && (m_mask >> lane & 1u)) {
            QToolTip::showText(he->globalPos(),
                               tr("<b>lane %1</b>: byte %2")
                                   .arg(lane)
                                   .arg(groupDigits((long long)m_address[std::size_t(lane)])),
                               this);
            return true;
        }
    QToolTip::hideText();
    return true;
}

}  // namespace ws
