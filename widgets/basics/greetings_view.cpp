#include "widgets/basics/greetings_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <cmath>

#include "core/common/counted.h"
#include "core/common/time_offset.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
QColor blockColour(std::uint32_t block) { return palette::categorical(int(block)); }
}  // namespace

GreetingsView::GreetingsView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    connect(model, &PlaybackModel::runChanged, this, &GreetingsView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::highlightChanged, this, [this] { update(); });
    rebuild();
}

void GreetingsView::rebuild() {
    ++m_rebuilds;
    m_launches.clear();
    m_problem.clear();
    m_shown = 0;
    const Run* run = m_model->run();
    if (run && run->experiment == "hello") {
        for (const Launch& l : run->launches) {
            auto g = readGreetings(l);
            if (!g) {
                m_problem = QString::fromStdString(g.error());
                m_launches.clear();
                break;
            }
            LaunchGreetings lg;
            lg.greetings = std::move(*g);
            lg.order = warpOrder(lg.greetings, GreetingOrder::Printed);
            const auto position = greetingPositions(lg.greetings, GreetingOrder::Printed);
            lg.byLine.resize(lg.greetings.size());
            for (std::size_t i = 0; i < position.size(); ++i) lg.byLine[position[i]] = i;
            m_launches.push_back(std::move(lg));
        }
    }
    update();
}

void GreetingsView::setShownLaunch(int launch) {
    m_shown = std::clamp(launch, 0, std::max(0, launchCount() - 1));
    update();
}

int GreetingsView::stripHeight() const { return QFontMetrics(font()).height() * 2 + 8; }

QRect GreetingsView::stripArea() const {
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("launch 00 ")) + 8;
    const int top = 2 * fm.height() + 12;
    const int rows = int(m_launches.size());
    return QRect(left, top, std::max(10, width() - left - 8),
                 rows * stripHeight() + std::max(0, rows - 1) * stripHeight() / 2);
}

QRect GreetingsView::linesArea() const {
    const QRect s = stripArea();
    const int top = s.bottom() + QFontMetrics(font()).height() + 14;
    return QRect(8, top, width() - 16, std::max(10, height() - top - 4));
}

QRectF GreetingsView::chipRect(int launch, std::size_t rank) const {
    const QRect a = stripArea();
    const std::size_t n = std::max<std::size_t>(1, m_launches[std::size_t(launch)].order.size());
    const double w = double(a.width()) / double(n);
    const double y = a.top() + launch * stripHeight() * 1.5;
    return QRectF(a.left() + double(rank) * w, y, w, stripHeight());
}

namespace {
const QString kWidestLine =
    QStringLiteral("Hello from block 00, thread 0000 (warp 00, lane 00) on SM 000");
}  // namespace

const GreetingsView::Listing& GreetingsView::listing() const {
    // Measured once per size, font and run: every printed line's rectangle
    // asks for it, a hundred times a frame.
    const MeasureKey key{size(), font(), m_rebuilds};
    if (key == m_listingKey) return m_listing;
    m_listingKey = key;
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    mono.setPointSizeF(font().pointSizeF());
    // A line whole in a narrow dock: cut, it lost its lane and its SM, what
    // the listing is for ("(warp 1, lane"). Down to 70 % of the font.
    const double room = linesArea().width() - 24;
    const double wide = QFontMetricsF(mono).horizontalAdvance(kWidestLine);
    if (wide > room && mono.pointSizeF() > 0)
        mono.setPointSizeF(mono.pointSizeF() * std::max(0.7, room / wide));
    const QFontMetrics fm(mono);
    m_listing = {mono, double(fm.height() + 2), double(fm.horizontalAdvance(kWidestLine) + 24)};
    return m_listing;
}

QFont GreetingsView::listingFont() const { return listing().font; }

QRectF GreetingsView::lineRect(std::size_t line) const {
    const QRect a = linesArea();
    const Listing& l = listing();
    const int perColumn = std::max(1, int(a.height() / l.lineHeight));
    const int column = int(line) / perColumn;
    return QRectF(a.left() + column * l.columnWidth,
                  a.top() + (int(line) % perColumn) * l.lineHeight, l.columnWidth, l.lineHeight);
}

std::size_t GreetingsView::linesShown() const {
    if (m_launches.empty()) return 0;
    const std::size_t lines = m_launches[std::size_t(m_shown)].byLine.size();
    const QRect a = linesArea();
    const double h = lineRect(0).height();
    const std::size_t perColumn = std::size_t(std::max(1, int(a.height() / h)));
    const double w = lineRect(0).width();
    // The first column is drawn even where it is cut; others only whole.
    const std::size_t columns = std::size_t(std::max(1.0, std::floor(a.width() / w)));
    const std::size_t room = perColumn * columns;
    return lines <= room ? lines : room - 1;
}

std::vector<CaptionPiece> GreetingsView::captionPieces(bool brief) const {
    if (m_launches.empty()) return {};
    const OrderSummary s = summarizeOrder(m_launches[0].greetings, GreetingOrder::Printed);
    std::vector<CaptionPiece> pieces{
        {tr("%1 from %2 of %3; ")
             .arg(QString::fromStdString(counted(s.greetings, "greeting", "greetings")))
             .arg(QString::fromStdString(counted(s.warps, "warp", "warps")))
             .arg(QString::fromStdString(counted(s.blocks, "block", "blocks"))),
         1},
        {s.warpsWhole() ? (brief ? tr("warps whole") : tr("each warp's lines came together"))
                        : tr("each warp's lines came in %1 pieces").arg(s.runs),
         kCaptionValue}};
    if (s.warpsWhole()) pieces.push_back({tr(" (32 lanes, one printf instruction)"), 0});
    if (m_launches.size() > 1) {
        const auto moved = warpsMoved(m_launches[0].order, m_launches[1].order);
        const auto all = m_launches[0].order.size();
        pieces.push_back(
            {brief ? tr("; launch 2 moved %1 of %2").arg(moved).arg(all)
                   : tr("; launch 2 put %1 of %2 warps in another place").arg(moved).arg(all),
             kCaptionValue});
    }
    return pieces;
}

QString GreetingsView::caption() const {
    QString text;
    for (const CaptionPiece& piece : captionPieces()) text += piece.text;
    return text;
}

void GreetingsView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const QFontMetrics fm(font());
    if (m_launches.empty()) {
        drawMessage(p, rect(),
                    m_problem.isEmpty()
                        ? tr("Run hello to see the greetings: each thread prints its block, "
                             "thread, warp, lane and SM.")
                        : tr("The greetings cannot be shown: %1").arg(m_problem));
        return;
    }
    p.setPen(palette::text());
    drawTitle(p, font(), QRect(8, 4, width() - 16, fm.height() + 2),
              tr("Warps in the order their lines were printed"), Qt::AlignLeft);
    p.setPen(palette::mutedText());
    p.drawText(QRect(8, 6 + fm.height(), width() - 16, fm.height() + 2), Qt::AlignLeft,
               fitCaptionWordings(fm, width() - 16, {captionPieces(), captionPieces(true)}));
    const Highlight& hl = m_model->highlight();
    // Lines joining the same warp in consecutive launches.
    for (std::size_t l = 0; l + 1 < m_launches.size(); ++l) {
        const auto& a = m_launches[l].order;
        const auto& b = m_launches[l + 1].order;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const auto j = std::size_t(std::find(b.begin(), b.end(), a[i]) - b.begin());
            if (j >= b.size()) continue;
            const QRectF ra = chipRect(int(l), i), rb = chipRect(int(l) + 1, j);
            p.setPen(QPen(blockColour(a[i].block), i == j ? 1 : 2));
            p.drawLine(QPointF(ra.center().x(), ra.bottom()), QPointF(rb.center().x(), rb.top()));
        }
    }
    for (std::size_t l = 0; l < m_launches.size(); ++l) {
        const QRectF r0 = chipRect(int(l), 0);
        p.setPen(int(l) == m_shown ? palette::text() : palette::mutedText());
        p.drawText(QRectF(2, r0.top(), stripArea().left() - 8, r0.height()),
                   Qt::AlignRight | Qt::AlignVCenter, tr("launch %1").arg(l + 1));
        const auto& order = m_launches[l].order;
        for (std::size_t k = 0; k < order.size(); ++k) {
            QRectF r = chipRect(int(l), k).adjusted(1, 1, -1, -1);
            p.fillRect(r, blockColour(order[k].block));
            // Odd warps hatched: blocks and warps stay apart without colour.
            if (order[k].warp % 2)
                p.fillRect(r, QBrush(QColor(255, 255, 255, 110), Qt::BDiagPattern));
            if (hl.block == qint64(order[k].block) && hl.warp == int(order[k].warp)) {
                p.setPen(QPen(palette::selection(), 3));
                p.drawRect(r);
            }
            // The label in a font that fits its chip, down to 60 %, else none.
            const QString label = QStringLiteral("b%1 w%2").arg(order[k].block).arg(order[k].warp);
            QFont small = font();
            const double need = fm.horizontalAdvance(label) + 4;
            if (need > r.width() && small.pointSizeF() > 0)
                small.setPointSizeF(small.pointSizeF() * std::max(0.6, 0.95 * r.width() / need));
            if (QFontMetrics(small).horizontalAdvance(label) + 4 <= r.width()) {
                p.setFont(small);
                p.setPen(palette::textOn(blockColour(order[k].block)));
                p.drawText(r, Qt::AlignCenter, label);
                p.setFont(font());
            }
        }
    }
    // The printed lines of the shown launch.
    const auto& shown = m_launches[std::size_t(m_shown)];
    const Run* run = m_model->run();
    const QRect la = linesArea();
    p.setPen(palette::text());
    drawTitle(p, font(), QRect(8, la.top() - fm.height() - 4, width() - 16, fm.height() + 2),
              tr("printf output of launch %1, as the device printed it").arg(m_shown + 1),
              Qt::AlignLeft);
    p.setFont(listingFont());
    const PreparedRun* prep = m_model->prepared();
    const std::size_t drawn = linesShown();
    for (std::size_t line = 0; line < drawn; ++line) {
        const QRectF r = lineRect(line);
        const Greeting& g = shown.greetings[shown.byLine[line]];
        const bool printed = g.printed != kNotPrinted;
        const bool reached = !prep || nsAfter(g.timeNs, prep->origin) <= m_model->time();
        p.fillRect(QRectF(r.left(), r.top() + 2, 8, r.height() - 4), blockColour(g.block));
        p.setPen(!printed  ? palette::selection()
                 : reached ? palette::text()
                           : palette::mutedText());
        const QString text =
            QString::fromStdString(greetingLine(g.block, g.thread, g.warp, g.lane, g.sm));
        p.drawText(r.adjusted(12, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, text);
        if (hl.block == qint64(g.block) && hl.warp == int(g.warp) && hl.lane == int(g.lane)) {
            p.setPen(QPen(palette::selection(), 2));
            p.drawRect(r.adjusted(0, 0, -4, 0));
        }
    }
    if (drawn < shown.byLine.size()) {
        p.setFont(font());
        p.setPen(palette::mutedText());
        p.drawText(
            lineRect(drawn).adjusted(12, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
            tr("… %1 more lines (a larger view shows them)").arg(shown.byLine.size() - drawn));
    }
    Q_UNUSED(run);
}

std::pair<int, std::ptrdiff_t> GreetingsView::greetingAt(QPointF pos) const {
    for (std::size_t l = 0; l < m_launches.size(); ++l)
        for (std::size_t k = 0; k < m_launches[l].order.size(); ++k)
            if (chipRect(int(l), k).contains(pos)) {
                const WarpId w = m_launches[l].order[k];
                const auto& g = m_launches[l].greetings;
                for (std::size_t i = 0; i < g.size(); ++i)
                    if (g[i].block == w.block && g[i].warp == w.warp)
                        return {int(l), std::ptrdiff_t(i)};
            }
    if (m_launches.empty()) return {-1, -1};
    const auto& shown = m_launches[std::size_t(m_shown)];
    for (std::size_t line = 0, shownLines = linesShown(); line < shownLines; ++line)
        if (lineRect(line).contains(pos)) return {m_shown, std::ptrdiff_t(shown.byLine[line])};
    return {-1, -1};
}

void GreetingsView::select(int launch, std::size_t index) {
    const Greeting& g = m_launches[std::size_t(launch)].greetings[index];
    const PreparedRun* prep = m_model->prepared();
    if (prep) m_model->setSelected(prep->refOfBlock(launch, g.block));
    Highlight h;
    h.launch = launch;
    h.block = g.block;
    h.warp = int(g.warp);
    h.lane = int(g.lane);
    h.item = qint64(index);
    m_model->setHighlight(h);
}

void GreetingsView::mousePressEvent(QMouseEvent* e) {
    const auto [launch, index] = greetingAt(e->position());
    if (launch < 0) return;
    m_shown = launch;
    select(launch, std::size_t(index));
    update();
}

bool GreetingsView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    auto* he = static_cast<QHelpEvent*>(e);
    const auto [launch, index] = greetingAt(he->pos());
    if (launch < 0) {
        QToolTip::hideText();
        return true;
    }
    const Greeting& g = m_launches[std::size_t(launch)].greetings[std::size_t(index)];
    const PreparedRun* prep = m_model->prepared();
    if (!prep) {  // greetings come only with a prepared run
        QToolTip::hideText();
        return true;
    }
    const double at = nsAfter(g.timeNs, prep->origin);
    QToolTip::showText(
        he->globalPos(),
        tr("<b>block %1, thread %2</b> (warp %3, lane %4) on SM %5<br>launch %6: ticket %7, "
           "printed as line %8<br>%globaltimer: %9 after the run's start")
            .arg(g.block)
            .arg(g.thread)
            .arg(g.warp)
            .arg(g.lane)
            .arg(g.sm)
            .arg(launch + 1)
            .arg(g.ticket)
            .arg(g.printed == kNotPrinted ? tr("(not printed)") : QString::number(g.printed + 1))
            .arg(formatExactNs(at)),
        this);
    return true;
}

}  // namespace ws
