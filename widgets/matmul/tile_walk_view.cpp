#include "widgets/matmul/tile_walk_view.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>

#include "widgets/matmul/tile_walk_colours.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace tc = tile_walk_colours;

namespace {
// A tile a few pixels wide (BLOCK_DIM 8 of n = 1024) still has to be seen
// from the back of the room: grown about its centre to a visible size.
QRectF visible(const QRectF& r, double least) {
    const double w = std::max(r.width(), least), h = std::max(r.height(), least);
    return QRectF(r.center().x() - w / 2, r.center().y() - h / 2, w, h);
}
}  // namespace

TileWalkView::TileWalkView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    connect(model, &PlaybackModel::runChanged, this, &TileWalkView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::selectionChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::highlightChanged, this, [this] { update(); });
    rebuild();
}

void TileWalkView::rebuild() {
    m_data = TileWalkData::build(m_model->prepared());
    m_cStates = QImage();
    update();
}

int TileWalkView::legendTop() const {
    return height() - legendHeight(font(), width() - 16, tc::legend(m_data.showsCorrection())) - 6;
}

TileWalkLayout TileWalkView::layout() const {
    const QFontMetrics fm(font());
    const double gap = 1.6 * fm.height();
    // Below the title and the captions of B and the corner.
    const double top = 2 * fm.height() + 14;
    const QRectF area(8, top, width() - 16, legendTop() - top - 6);
    return TileWalkLayout::fit(area, m_data.valid() ? m_data.shape().n : 1, gap);
}

std::uint32_t TileWalkView::shownBlock() const {
    const Highlight& h = m_model->highlight();
    if (h.block >= 0) return std::uint32_t(h.block);
    const BlockRef sel = m_model->selected();
    const PreparedRun* prep = m_model->prepared();
    if (sel.valid() && prep && sel.launch == m_data.launch()) {
        const Launch* l = prep->launch(sel.launch);
        if (l && std::size_t(sel.record) < l->blocks.size())
            return l->blocks.block[std::size_t(sel.record)];
    }
    return m_data.tracedBlocks().empty() ? 0 : m_data.tracedBlocks().front();
}

TileWalkBlock TileWalkView::shownWalk() const { return m_data.walk(shownBlock()); }

int TileWalkView::shownPhase(const TileWalkBlock& walk) const {
    const int step = m_model->highlight().step;
    if (step >= 0) return std::min(step, int(walk.phases.size()) - 1);
    return walk.phaseAt(m_model->time());
}

std::optional<std::uint32_t> TileWalkView::blockAtElement(std::uint32_t row,
                                                          std::uint32_t col) const {
    if (!m_data.valid() || !m_data.shape().tiling) return std::nullopt;
    const MatmulTiling& t = *m_data.shape().tiling;
    const Dim3 grid = matmulGrid(t, m_data.shape().n);
    const std::uint32_t rowTile = row / t.tileM, colTile = col / t.tileN;
    return t.rowTilesOnX ? rowTile + grid.x * colTile : colTile + grid.x * rowTile;
}

void TileWalkView::paintBlocksOfC(QPainter& p, const TileWalkLayout& l) const {
    const PreparedRun* prep = m_model->prepared();
    const Launch* launch = prep ? prep->launch(m_data.launch()) : nullptr;
    if (!launch) return;
    const MatmulTiling& t = *m_data.shape().tiling;
    const std::uint32_t n = m_data.shape().n;
    const Dim3 grid = matmulGrid(t, n);
    const int cols = int(t.rowTilesOnX ? grid.y : grid.x),
              rows = int(t.rowTilesOnX ? grid.x : grid.y);
    if (m_cStates.width() != cols || m_cStates.height() != rows)
        m_cStates = QImage(cols, rows, QImage::Format_ARGB32);
    m_cStates.fill(Qt::transparent);
    const double time = m_model->time();
    const QRgb running = tc::runningBlock().rgba(), done = tc::doneBlock().rgba();
    for (std::size_t i = 0; i < launch->blocks.size(); ++i) {
        const BlockState s = prep->stateAt({m_data.launch(), int(i)}, time);
        if (s != BlockState::Running && s != BlockState::Done) continue;
        const std::uint32_t b = launch->blocks.block[i];
        if (b >= grid.count()) continue;
        const int x = int(b % grid.x), y = int(b / grid.x);
        const int col = t.rowTilesOnX ? y : x, row = t.rowTilesOnX ? x : y;
        m_cStates.setPixel(col, row, s == BlockState::Running ? running : done);
    }
    // The grid's cells cover whole tiles; the matrix ends inside the last ones.
    const double s = l.scale();
    const QRectF cells(l.c.left(), l.c.top(), cols * double(t.tileN) * s,
                       rows * double(t.tileM) * s);
    p.save();
    p.setClipRect(l.c);
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(cells, m_cStates);
    p.restore();
}

void TileWalkView::paintWalk(QPainter& p, const TileWalkLayout& l, const TileWalkBlock& w,
                             int phase) const {
    const std::uint32_t n = m_data.shape().n;
    // The panels the block needs: all of k for its rows of A and columns of B.
    p.setPen(Qt::NoPen);
    p.setBrush(QBrush(tc::panel(), Qt::BDiagPattern));
    p.drawRect(l.on(TileMatrix::A, {w.c.row, 0, w.c.rows, n}));
    p.drawRect(l.on(TileMatrix::B, {0, w.c.col, n, w.c.cols}));
    if (!w.phases.empty()) {
        // Earlier phases: what the block already multiplied.
        for (int i = 0; i < phase && i < int(w.phases.size()); ++i) {
            p.fillRect(l.on(TileMatrix::A, w.phases[std::size_t(i)].tiles.a), tc::pastA());
            p.fillRect(l.on(TileMatrix::B, w.phases[std::size_t(i)].tiles.b), tc::pastB());
        }
        if (phase >= 0) {
            const PhaseTiles& now = w.phases[std::size_t(phase)].tiles;
            const double least = QFontMetricsF(font()).height() * 0.6;
            const QRectF ra = visible(l.on(TileMatrix::A, now.a), least);
            const QRectF rb = visible(l.on(TileMatrix::B, now.b), least);
            p.fillRect(ra, tc::tileA());
            p.fillRect(rb, tc::tileB());
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(palette::text(), 1.5));
            p.drawRect(ra);
            p.drawRect(rb);
            if (m_data.showsCorrection()) {
                // Where `ia += sa` would have taken A in this phase.
                const MatrixRect right =
                    phaseTiles(*m_data.shape().tiling, n, w.block,
                               std::uint32_t(w.phases[std::size_t(phase)].phase))
                        .a;
                p.setPen(QPen(tc::correction(), 2.5, Qt::DashLine));
                p.drawRect(visible(l.on(TileMatrix::A, right), least).adjusted(-1, -1, 1, 1));
            }
        }
    } else if (w.endNs > w.startNs) {
        // No shared tiles: each thread walks k itself; the model places it.
        const double f =
            std::clamp((m_model->time() - w.startNs) / (w.endNs - w.startNs), 0.0, 1.0);
        if (m_model->time() >= w.startNs) {
            const std::uint32_t k = std::min(n - 1, std::uint32_t(f * double(n)));
            p.fillRect(l.on(TileMatrix::A, {w.c.row, 0, w.c.rows, k + 1}), tc::pastA());
            p.fillRect(l.on(TileMatrix::B, {0, w.c.col, k + 1, w.c.cols}), tc::pastB());
        }
    }
    // Wrong entries of C: crosses (shape, not colour alone), on a white halo
    // so they read on running (orange) and idle tiles alike.
    const double width = std::max(1.5, l.scale() * 0.3), r = std::max(3.0, l.scale() * 0.45);
    for (const QPen& pen : {QPen(Qt::white, width + 2), QPen(tc::wrong(), width)}) {
        p.setPen(pen);
        for (const MatmulMismatch& m : m_data.mismatches()) {
            const QPointF c = l.on(TileMatrix::C, {m.row, m.col, 1, 1}).center();
            p.drawLine(c + QPointF(-r, -r), c + QPointF(r, r));
            p.drawLine(c + QPointF(-r, r), c + QPointF(r, -r));
        }
    }
    // The block's tile of C, thick, so it can be followed.
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(palette::selection(), 3));
    p.drawRect(visible(l.on(TileMatrix::C, w.c), QFontMetricsF(font()).height() * 0.6)
                   .adjusted(-1.5, -1.5, 1.5, 1.5));
    const QPoint tile = m_model->highlight().tile;
    if (tile.x() >= 0 && m_data.shape().tiling) {
        const MatmulTiling& t = *m_data.shape().tiling;
        const MatrixRect cell{std::uint32_t(tile.y()) * t.tileM, std::uint32_t(tile.x()) * t.tileN,
                              t.tileM, t.tileN};
        p.setPen(QPen(palette::text(), 3, Qt::DashLine));
        p.drawRect(l.on(TileMatrix::C, cell).adjusted(-3, -3, 3, 3));
    }
}

void TileWalkView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    if (!m_data.valid()) {
        drawMessage(p, rect(), tr("The tile walk shows the matrix multiply lab's runs."));
        return;
    }
    const TileWalkLayout l = layout();
    const QFontMetrics fm(font());
    p.setPen(palette::mutedText());
    const std::uint32_t n = m_data.shape().n;
    const QString size = QStringLiteral("%1 × %1").arg(n);
    auto caption = [&](const QRectF& box, const std::vector<CaptionPiece>& pieces) {
        // A's caption stops where C's begins; the others run to the edge. The
        // matrix and its size stay; what the panel is gives way.
        const int room = int((box == l.a ? l.c.left() - 8 : width() - 8) - box.left());
        p.drawText(QRectF(box.left(), box.top() - fm.height() - 2, room, fm.height()),
                   Qt::AlignLeft, fitCaptionPieces(fm, room, pieces));
    };
    caption(l.b, {{tr("B (%1)").arg(size), kCaptionValue}, {tr(": the block's column panel"), 0}});
    caption(l.a, {{tr("A (%1)").arg(size), kCaptionValue}, {tr(": the block's row panel"), 0}});
    caption(l.c, {{tr("C = A × B"), kCaptionValue}, {tr(": blocks' tiles"), 0}});
    for (const QRectF& box : {l.a, l.b, l.c}) p.fillRect(box, tc::matrix());
    const bool kernel = m_data.hasKernel() && m_data.shape().tiling;
    if (kernel) paintBlocksOfC(p, l);
    const TileWalkBlock w = kernel ? shownWalk() : TileWalkBlock{};
    const int phase = kernel ? shownPhase(w) : -1;
    if (kernel) paintWalk(p, l, w, phase);
    p.setPen(QPen(palette::text(), 1));
    p.setBrush(Qt::NoBrush);
    for (const QRectF& box : {l.a, l.b, l.c}) p.drawRect(box.adjusted(-0.5, -0.5, 0.5, 0.5));
    paintCaptions(p, l, w, phase);
    drawLegend(p, QRect(8, legendTop(), width() - 16, height() - legendTop()),
               tc::legend(m_data.showsCorrection()));
}

}  // namespace ws
