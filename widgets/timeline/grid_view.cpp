#include "widgets/timeline/grid_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "widgets/view/block_text.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
constexpr double kMinTile = 7;  // pixels: smaller tiles are binned
}

GridView::GridView(PlaybackModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    auto repaint = [this] { update(); };
    connect(model, &PlaybackModel::runChanged, this, repaint);
    connect(model, &PlaybackModel::timeChanged, this, repaint);
    connect(model, &PlaybackModel::selectionChanged, this, repaint);
    connect(model, &PlaybackModel::hoverChanged, this, repaint);
}

void GridView::setColouring(Colouring c) {
    m_colouring = c;
    update();
}

int GridView::shownLaunch() const {
    const PreparedRun* p = m_model->prepared();
    if (!p) return -1;
    const double t = m_model->time();
    // The selected block's launch while it is under way; at the very end,
    // the launch with the most blocks rather than a one-block final pass.
    const BlockRef sel = m_model->selected();
    if (sel.valid() && std::size_t(sel.launch) < p->launches.size()) {
        const auto& l = p->launches[sel.launch];
        if (t >= l.start && t <= l.end) return sel.launch;
    }
    if (t >= p->spanEnd && !p->run->launches.empty()) {
        int best = 0;
        for (std::size_t i = 0; i < p->run->launches.size(); ++i)
            if (p->run->launches[i].grid.count() > p->run->launches[best].grid.count())
                best = int(i);
        return best;
    }
    return p->launchAt(t);
}

std::vector<LegendItem> GridView::legend() const {
    std::vector<LegendItem> items;
    if (m_colouring == Colouring::ByState) {
        items.push_back({palette::stateColour(BlockState::Waiting), tr("waiting")});
        items.push_back({palette::stateColour(BlockState::Running), tr("running")});
        items.push_back({palette::stateColour(BlockState::Done), tr("done")});
    } else {
        items.push_back({palette::stateColour(BlockState::Waiting), tr("not started")});
        for (int i = 0; i < 3; ++i)
            items.push_back({palette::smColour(unsigned(i)), tr("SM %1").arg(i)});
        items.push_back({palette::smColour(3), tr("… colour = SM id (hover for it)")});
    }
    items.push_back({palette::selection(), tr("selected"), true});
    return items;
}

QString GridView::titleWithoutTiles() const {
    const PreparedRun* prep = m_model->prepared();
    const int li = shownLaunch();
    const Launch* l = prep ? prep->launch(li) : nullptr;
    if (!l) return {};
    const QString blocks = groupDigits((long long)l->grid.count());
    QString t = l->grid.count() == 1 ? tr("1 block") : tr("%1 blocks").arg(blocks);
    if (l->grid.y > 1 || l->grid.z > 1)
        t += l->grid.z > 1 ? tr(" (%1 × %2 × %3)").arg(l->grid.x).arg(l->grid.y).arg(l->grid.z)
                           : tr(" (%1 × %2)").arg(l->grid.x).arg(l->grid.y);
    t += tr(" of %1 threads").arg(l->block.count());
    if (prep->run->launches.size() > 1)
        t = tr("Launch %1 of %2: ").arg(li + 1).arg(prep->run->launches.size()) + t;
    return t;
}

QString GridView::title() const {
    QString t = titleWithoutTiles();
    const GridLayout g = layout();
    if (g.blocksPerTile() > 1) t += tr(", 1 tile = %1 blocks").arg(g.blocksPerTile());
    return t;
}

QRect GridView::titleRect() const {
    // Measured with the longest tile count, which depends on the tile area
    // below it, wrapped as drawn: a narrow view took three lines, where two
    // were kept ("1 tile = 11" and no "blocks").
    const QFontMetrics fm(titleFont(font()));
    const QString longest = titleWithoutTiles() + tr(", 1 tile = 0000 blocks");
    const int w = std::max(40, width() - 16);
    const int lines =
        std::max(1, fm.boundingRect(QRect(0, 0, w, 10000), Qt::TextWordWrap, longest).height() /
                        std::max(1, fm.lineSpacing()));
    return QRect(8, 4, w, lines * fm.lineSpacing());
}

QRect GridView::tileArea() const {
    const int top = titleRect().bottom() + 8;
    const int bottom = legendHeight(font(), width() - 16, legend()) + 6;
    return QRect(8, top, width() - 16, std::max(10, height() - top - bottom));
}

GridLayout GridView::layout() const {
    const PreparedRun* p = m_model->prepared();
    const Launch* l = p ? p->launch(shownLaunch()) : nullptr;
    if (!l) return {};
    const QRect a = tileArea();
    return GridLayout::compute(l->grid, a.width(), a.height(), kMinTile);
}

QRectF GridView::tileRect(std::uint32_t col, std::uint32_t row) const {
    const GridLayout g = layout();
    const QRect a = tileArea();
    return QRectF(a.left() + col * g.tile, a.top() + row * g.tile, g.tile, g.tile);
}

void GridView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const PreparedRun* prep = m_model->prepared();
    const int li = shownLaunch();
    const Launch* l = prep ? prep->launch(li) : nullptr;
    if (!l) {
        // A run of the CPU, a vendor library or copies has no blocks of its own.
        drawMessage(p, rect(),
                    prep ? tr("This run launched no kernel of warpscope's own (the CPU, a "
                              "library or copies): it has no blocks to show.")
                         : tr("No run loaded: choose an experiment and press Run, or open a "
                              "trace."));
        return;
    }
    if (l->blocks.size() == 0) {
        // A vendor library's kernel (CUB's argmin) is launched by the
        // library and carries no records: its shape is unknown, and tiles
        // "1 block of 1 threads" waiting forever would read as a measurement.
        drawMessage(p, rect(),
                    tr("%1 recorded no blocks: a library's kernels carry no instrumentation, so "
                       "there is nothing to draw here. Its time is in the run panel.")
                        .arg(QString::fromStdString(l->kernel)));
        return;
    }
    const GridLayout g = layout();
    const QRect area = tileArea();
    const double t = m_model->time();

    // Title: what the tiles are, wrapped onto a second line in narrow views.
    p.setFont(titleFont(font()));
    p.setPen(palette::text());
    p.drawText(titleRect(), Qt::AlignLeft | Qt::TextWordWrap, title());
    p.setFont(font());

    const bool gaps = g.tile >= 6;
    const BlockRef sel = m_model->selected(), hov = m_model->hovered();
    const auto& rec = prep->launches[li].recordOfBlock;
    // States compared in %globaltimer units straight from the records: this
    // loop sees every block of the launch on every frame.
    const std::uint64_t now = prep->origin + std::uint64_t(std::max(0.0, std::floor(t)));
    const auto& starts = l->blocks.startNs;
    const auto& ends = l->blocks.endNs;
    auto stateOf = [&](std::uint32_t id) {
        const int record = id < rec.size() ? rec[id] : -1;
        if (record < 0) return BlockState::NotRecorded;
        if (now < starts[record]) return BlockState::Waiting;
        return now < ends[record] ? BlockState::Running : BlockState::Done;
    };
    p.setPen(Qt::NoPen);
    for (std::uint32_t row = 0; row < g.rows; ++row) {
        for (std::uint32_t col = 0; col < g.cols; ++col) {
            int counts[4] = {0, 0, 0, 0};
            int firstSm = -1, total = 0;
            std::uint32_t firstId = 0;
            g.forEachBlockIn(col, row, [&](std::uint32_t id) {
                const BlockState s = stateOf(id);
                ++counts[int(s)];
                if (total++ == 0) firstId = id;
                if (firstSm < 0 && (s == BlockState::Running || s == BlockState::Done))
                    firstSm = int(l->blocks.sm[rec[id]]);
            });
            if (total == 0) continue;
            QRectF r(area.left() + col * g.tile, area.top() + row * g.tile, g.tile, g.tile);
            if (gaps) r.adjust(0.5, 0.5, -1, -1);
            if (m_colouring == Colouring::BySm) {
                const int started =
                    counts[int(BlockState::Running)] + counts[int(BlockState::Done)];
                QColor c = firstSm >= 0 ? palette::smColour(unsigned(firstSm))
                                        : palette::stateColour(BlockState::Waiting);
                p.fillRect(r, palette::stateColour(BlockState::Waiting));
                // Started share fills from the bottom, so a bin fills up as it runs.
                const double f = double(started) / double(total);
                p.fillRect(QRectF(r.left(), r.bottom() - r.height() * f, r.width(), r.height() * f),
                           c);
            } else if (total == 1) {
                const BlockState s = counts[0]   ? BlockState::Waiting
                                     : counts[1] ? BlockState::Running
                                     : counts[2] ? BlockState::Done
                                                 : BlockState::NotRecorded;
                p.fillRect(r, palette::stateColour(s));
            } else {
                // A bin shows its share of done | running | waiting, left to right.
                double x = r.left();
                for (BlockState s : {BlockState::Done, BlockState::Running, BlockState::Waiting,
                                     BlockState::NotRecorded}) {
                    const double w = r.width() * counts[int(s)] / double(total);
                    if (w > 0)
                        p.fillRect(QRectF(x, r.top(), w, r.height()), palette::stateColour(s));
                    x += w;
                }
            }
            if (g.tile >= 34 && total == 1) {
                p.setPen(m_colouring == Colouring::ByState && stateOf(firstId) == BlockState::Done
                             ? Qt::white
                             : palette::text());
                QFont small = font();
                small.setPointSizeF(font().pointSizeF() * 0.8);
                p.setFont(small);
                p.drawText(r, Qt::AlignCenter, QString::number(firstId));
                p.setFont(font());
                p.setPen(Qt::NoPen);
            }
        }
    }
    // Outlines last, so neighbours never paint over them.
    auto outline = [&](const BlockRef& ref, const QColor& c, double w) {
        if (!ref.valid() || ref.launch != li) return;
        std::uint32_t col, row;
        if (!g.tileOf(l->blocks.block[ref.record], col, row)) return;
        const QRectF r(area.left() + col * g.tile, area.top() + row * g.tile, g.tile, g.tile);
        p.setPen(QPen(c, w));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(-w / 2, -w / 2, w / 2, w / 2));
    };
    outline(hov, palette::hover(), 2);
    outline(sel, palette::selection(), 3);

    const int legendTop = area.top() + int(g.rows * g.tile) + 8;
    drawLegend(
        p,
        QRect(8, std::min(legendTop, height() - legendHeight(font(), width() - 16, legend())),
              width() - 16, height()),
        legend());
}

BlockRef GridView::blockAt(QPointF pos, std::vector<std::uint32_t>* binBlocks) const {
    const PreparedRun* prep = m_model->prepared();
    const int li = shownLaunch();
    if (!prep || li < 0) return {};
    const GridLayout g = layout();
    const QRect a = tileArea();
    if (g.tile <= 0 || pos.x() < a.left() || pos.y() < a.top()) return {};
    const auto col = std::uint32_t((pos.x() - a.left()) / g.tile);
    const auto row = std::uint32_t((pos.y() - a.top()) / g.tile);
    const auto ids = g.blocksIn(col, row);
    if (binBlocks) *binBlocks = ids;
    // In a bin, prefer a block that is running now: that is what the eye is on.
    BlockRef first;
    for (auto id : ids) {
        const BlockRef r = prep->refOfBlock(li, id);
        if (!r.valid()) continue;
        if (!first.valid()) first = r;
        if (prep->stateAt(r, m_model->time()) == BlockState::Running) return r;
    }
    return first;
}

void GridView::mouseMoveEvent(QMouseEvent* e) { m_model->setHovered(blockAt(e->position())); }

void GridView::mousePressEvent(QMouseEvent* e) {
    if (e->button() == Qt::LeftButton) m_model->setSelected(blockAt(e->position()));
}

void GridView::leaveEvent(QEvent*) { m_model->setHovered({}); }

bool GridView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        std::vector<std::uint32_t> bin;
        const BlockRef ref = blockAt(he->pos(), &bin);
        const PreparedRun* prep = m_model->prepared();
        if (!prep || !ref.valid()) {
            QToolTip::hideText();
            e->ignore();
            return true;
        }
        QString text = blockTooltip(*prep, ref, m_model->time());
        if (bin.size() > 1) {
            int counts[4] = {0, 0, 0, 0};
            for (auto id : bin) ++counts[int(prep->stateOfBlock(ref.launch, id, m_model->time()))];
            text = tr("Tile of blocks %1–%2: %3 done, %4 running, %5 waiting<hr>")
                       .arg(bin.front())
                       .arg(bin.back())
                       .arg(counts[int(BlockState::Done)])
                       .arg(counts[int(BlockState::Running)])
                       .arg(counts[int(BlockState::Waiting)]) +
                   text;
        }
        QToolTip::showText(he->globalPos(), text, this);
        return true;
    }
    return QWidget::event(e);
}

}  // namespace ws
