#include "widgets/concurrency/launch_tree_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "core/concurrency/concurrency_tables.h"
#include "widgets/concurrency/operation_style.h"
#include "widgets/view/block_text.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

std::vector<LegendItem> treeLegend(std::uint32_t deepest) {
    std::vector<LegendItem> items;
    for (std::uint32_t d = 0; d <= std::min(deepest, 5u); ++d)
        items.push_back({opstyle::depthColour(d), QObject::tr("depth %1").arg(d)});
    items.push_back({palette::future(), QObject::tr("block not started")});
    items.push_back({palette::text(), QObject::tr("running (outlined)"), true});
    items.push_back({palette::text(), QObject::tr("edge: solid tail, dashed fire-and-forget")});
    items.push_back({palette::selection(), QObject::tr("selected"), true});
    return items;
}

}  // namespace

LaunchTreeView::LaunchTreeView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &LaunchTreeView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::selectionChanged, this, [this] { update(); });
    connect(model, &PlaybackModel::highlightChanged, this, [this] { update(); });
    rebuild();
}

void LaunchTreeView::rebuild() {
    m_tree = {};
    m_problem.clear();
    m_textWidths.reset();
    if (const Run* run = m_model->run()) {
        if (Status s = checkLaunchTree(*run); !s)
            m_problem = QString::fromStdString(s.error());
        else
            m_tree = buildLaunchTree(*run);
    }
    update();
}

int LaunchTreeView::bottomMargin() const {
    return legendHeight(font(), width() - 16, treeLegend(m_tree.deepest())) + 8;
}

QRect LaunchTreeView::treeArea() const {
    const int top = 2 * QFontMetrics(font()).height() + 16;
    return QRect(10, top, std::max(10, width() - 20),
                 std::max(10, height() - top - bottomMargin()));
}

const LaunchTreeView::TextWidths& LaunchTreeView::textWidths() const {
    if (m_textWidths && m_textWidths->font == font()) return *m_textWidths;
    TextWidths t;
    t.font = font();
    const QFontMetrics fm(t.font);
    const Run* run = m_model->run();
    t.detail.assign(m_tree.nodes.size(), 0);
    for (const LaunchTreeNode& n : m_tree.nodes) {
        const double detail = fm.horizontalAdvance(nodeDetail(n.launch));
        const double kernel = fm.horizontalAdvance(
            QString::fromStdString(run->launches[std::size_t(n.launch)].kernel));
        t.detail[std::size_t(n.launch)] = detail;
        t.widest = std::max({t.widest, detail + 8.0, kernel + 8.0});
    }
    m_textWidths = std::move(t);
    return *m_textWidths;
}

std::vector<LaunchTreeView::NodeBox> LaunchTreeView::layout() const {
    std::vector<NodeBox> boxes(m_tree.nodes.size());
    const Run* run = m_model->run();
    if (!run || m_tree.rows.empty() || m_tree.width <= 0) return boxes;
    const QRect area = treeArea();
    const QFontMetrics fm(font());
    const double rowPitch = double(area.height()) / double(m_tree.rows.size());
    const double unit = double(area.width()) / m_tree.width;
    // As wide as the widest text where the grid's share of the width allows.
    const TextWidths& text = textWidths();
    const double widest = std::max(26.0 * fm.averageCharWidth(), text.widest);
    // Each box may fill the room to its row's neighbours (all but a 5 % gap:
    // at 88 % eight children cut their "<<<4, 256>>>"): a parent alone in
    // its row is as wide as its text even where eight children share theirs.
    std::vector<double> boxW(m_tree.nodes.size(), 3.0);
    for (const auto& row : m_tree.rows)
        for (std::size_t i = 0; i < row.size(); ++i) {
            double room = m_tree.width;
            if (i > 0)
                room = std::min(room, m_tree.nodes[std::size_t(row[i])].x -
                                          m_tree.nodes[std::size_t(row[i - 1])].x);
            if (i + 1 < row.size())
                room = std::min(room, m_tree.nodes[std::size_t(row[i + 1])].x -
                                          m_tree.nodes[std::size_t(row[i])].x);
            boxW[std::size_t(row[i])] =
                std::max(3.0, std::min({room * unit * 0.95, widest, double(area.width())}));
        }
    // Two lines of text (kernel; size and mode) over the block strip, or
    // three where "<<<4, 256>>> · fire-and-forget" is wider than a box and
    // the row has the height: size and mode then get a line each.
    bool detailTooWide = false;
    for (const LaunchTreeNode& n : m_tree.nodes)
        detailTooWide =
            detailTooWide || text.detail[std::size_t(n.launch)] > boxW[std::size_t(n.launch)] - 6;
    const double maxLines = detailTooWide && rowPitch * 0.62 >= 5.4 * fm.height() ? 3 : 2;
    const double boxH = std::min(rowPitch * 0.62, (maxLines + 2.4) * fm.height());
    for (const LaunchTreeNode& n : m_tree.nodes) {
        NodeBox& b = boxes[std::size_t(n.launch)];
        const double w = boxW[std::size_t(n.launch)];
        // Centred over its place, moved in where it would leave the area.
        const double cx = std::clamp(area.left() + n.x * unit, area.left() + w / 2,
                                     std::max(area.left() + w / 2, area.right() - w / 2));
        const double top = area.top() + n.depth * rowPitch;
        b.box = QRectF(cx - w / 2, top, w, boxH);
        b.textLines = maxLines == 3 && boxH >= 5.4 * fm.height() ? 3
                      : boxH >= 3.4 * fm.height()                ? 2
                      : boxH >= 2.2 * fm.height()                ? 1
                                                                 : 0;
        const double text = b.textLines * fm.height();
        const double stripH = std::max(2.0, boxH - text - 6);
        b.cells = QRectF(b.box.left() + 2, b.box.bottom() - stripH - 2, w - 4, stripH);
        const std::uint64_t blocks = run->launches[std::size_t(n.launch)].grid.count();
        const auto fit = std::uint64_t(std::max(1.0, std::floor(b.cells.width() / 3)));
        b.cellCount = std::uint32_t(std::min(blocks, fit));
        b.blocksPerCell = b.cellCount ? (blocks + b.cellCount - 1) / b.cellCount : 1;
        if (b.cellCount)
            b.cellCount = std::uint32_t((blocks + b.blocksPerCell - 1) / b.blocksPerCell);
    }
    return boxes;
}

QRectF LaunchTreeView::cellRect(const NodeBox& node, std::uint32_t cell) const {
    if (node.cellCount == 0) return {};
    const double w = node.cells.width() / node.cellCount;
    return QRectF(node.cells.left() + cell * w, node.cells.top(),
                  std::max(1.0, w - (w > 4 ? 1 : 0)), node.cells.height());
}

std::pair<int, std::int64_t> LaunchTreeView::hitAt(QPointF pos) const {
    const auto boxes = layout();
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const NodeBox& b = boxes[i];
        if (!b.box.adjusted(-1, -1, 1, 1).contains(pos)) continue;
        if (b.cells.contains(pos) && b.cellCount) {
            const auto cell =
                std::uint32_t((pos.x() - b.cells.left()) / b.cells.width() * b.cellCount);
            return {int(i),
                    std::int64_t(std::min(cell, b.cellCount - 1)) * std::int64_t(b.blocksPerCell)};
        }
        return {int(i), -1};
    }
    return {-1, -1};
}

QString LaunchTreeView::nodeTitle(int launch) const {
    const Launch& l = m_model->run()->launches[std::size_t(launch)];
    return tr("%1 <<<%2, %3>>>")
        .arg(QString::fromStdString(l.kernel))
        .arg(groupDigits((long long)l.grid.count()))
        .arg(l.block.count());
}

QString LaunchTreeView::nodeSize(int launch) const {
    const Launch& l = m_model->run()->launches[std::size_t(launch)];
    return tr("<<<%1, %2>>>").arg(groupDigits((long long)l.grid.count())).arg(l.block.count());
}

QString LaunchTreeView::nodeMode(int launch) const {
    const Launch& l = m_model->run()->launches[std::size_t(launch)];
    return l.parentLaunch < 0 ? tr("host") : QString::fromStdString(l.launchMode);
}

QString LaunchTreeView::nodeDetail(int launch) const {
    return tr("%1 · %2").arg(nodeSize(launch), nodeMode(launch));
}

QStringList LaunchTreeView::nodeLines(const NodeBox& b, int launch) const {
    const QFontMetrics fm(font());
    const int w = int(b.box.width()) - 6;
    const Launch& l = m_model->run()->launches[std::size_t(launch)];
    QStringList lines;
    if (b.textLines >= 1) lines << QString::fromStdString(l.kernel);
    if (b.textLines == 2) lines << nodeDetail(launch);
    if (b.textLines == 3) lines << nodeSize(launch) << nodeMode(launch);
    for (QString& line : lines) {
        // "<<<4,256>>>" before "<<<4, 256>…": the shape whole, one space less.
        if (fm.horizontalAdvance(line) > w && line.startsWith(QStringLiteral("<<<")))
            line.replace(QStringLiteral(", "), QStringLiteral(","));
        line = fm.elidedText(line, Qt::ElideRight, w);
    }
    return lines;
}

std::vector<LaunchTreeView::RowCaption> LaunchTreeView::rowCaptions(
    const std::vector<NodeBox>& boxes) const {
    std::vector<RowCaption> out;
    const Run* run = m_model->run();
    if (!run || boxes.size() != m_tree.nodes.size()) return out;
    const QFontMetrics fm(font());
    auto alike = [run](int a, int b) {
        const Launch& x = run->launches[std::size_t(a)];
        const Launch& y = run->launches[std::size_t(b)];
        return x.kernel == y.kernel && x.grid.count() == y.grid.count() &&
               x.block.count() == y.block.count() && x.launchMode == y.launchMode &&
               (x.parentLaunch < 0) == (y.parentLaunch < 0);
    };
    for (const auto& row : m_tree.rows) {
        if (row.size() < 2) continue;
        const int first = row.front();
        const NodeBox& b0 = boxes[std::size_t(first)];
        if (b0.textLines == 0) continue;
        bool same = true, cut = false;
        for (int launch : row) {
            same = same && alike(first, launch);
            // Cut where the box's own lines had to end in "…".
            for (const QString& line : nodeLines(boxes[std::size_t(launch)], launch))
                cut = cut || line.isEmpty() || line.endsWith(QChar(0x2026)) ||
                      line.endsWith(QStringLiteral("..."));
        }
        if (!same || !cut) continue;
        RowCaption c;
        double left = b0.box.left(), right = b0.box.right();
        for (int launch : row) {
            left = std::min(left, boxes[std::size_t(launch)].box.left());
            right = std::max(right, boxes[std::size_t(launch)].box.right());
            c.launches.push_back(launch);
        }
        const int lines = std::min(b0.textLines, 2);
        c.box = QRectF(left, b0.box.top(), right - left, lines * fm.height() + 2);
        const QString many =
            tr("%1 × %2")
                .arg(row.size())
                .arg(QString::fromStdString(run->launches[std::size_t(first)].kernel));
        c.lines = lines == 1 ? QStringList{tr("%1 %2").arg(many, nodeDetail(first))}
                             : QStringList{many, nodeDetail(first)};
        for (QString& line : c.lines)
            line = fm.elidedText(line, Qt::ElideRight, int(c.box.width()) - 6);
        out.push_back(std::move(c));
    }
    return out;
}

QString LaunchTreeView::nodeTooltip(int launch) const {
    const Run& run = *m_model->run();
    const Launch& l = run.launches[std::size_t(launch)];
    QStringList lines{tr("launch %1: %2").arg(launch + 1).arg(nodeTitle(launch))};
    if (l.parentLaunch < 0) {
        lines << tr("launched from the host (depth 0)");
    } else {
        lines << tr("launched by block %1 of launch %2, %3, depth %4")
                     .arg(l.parentBlock)
                     .arg(l.parentLaunch + 1)
                     .arg(QString::fromStdString(l.launchMode))
                     .arg(l.depth);
        if (const RecordTable* t = findTable(run.tables, tables::kDeviceLaunches)) {
            const auto* ids = t->get<std::uint32_t>("launch");
            const auto* req = t->get<std::uint64_t>("requestNs");
            for (std::size_t r = 0; ids && req && r < ids->size(); ++r)
                if ((*ids)[r] == std::uint32_t(launch) && l.blocks.size()) {
                    const auto first =
                        *std::min_element(l.blocks.startNs.begin(), l.blocks.startNs.end());
                    lines << tr("first block started %1 after the launch call")
                                 .arg(formatDuration(double(std::int64_t(first - (*req)[r]))));
                }
        }
    }
    lines << tr("%1 of %2 blocks recorded")
                 .arg(groupDigits((long long)l.blocks.size()))
                 .arg(groupDigits((long long)l.grid.count()));
    return lines.join(QLatin1Char('\n'));
}

QColor LaunchTreeView::cellColour(int launch, std::uint64_t firstBlock, std::uint64_t blocks,
                                  double t, bool* running) const {
    // A cell of several blocks shows the furthest state among them.
    const PreparedRun* p = m_model->prepared();
    bool anyRunning = false, anyDone = false;
    for (std::uint64_t b = firstBlock; b < firstBlock + blocks; ++b) {
        const BlockState s = p->stateOfBlock(launch, std::uint32_t(b), t);
        anyRunning |= s == BlockState::Running;
        anyDone |= s == BlockState::Done;
    }
    *running = anyRunning;
    if (!anyRunning && !anyDone) return palette::future();
    return opstyle::depthColour(m_model->run()->launches[std::size_t(launch)].depth);
}

void LaunchTreeView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const QFontMetrics fm(font());
    const Run* run = m_model->run();
    p.setPen(palette::text());
    drawTitle(p, font(), QRect(8, 4, width() - 16, fm.height() + 4),
              tr("Grids and the blocks that launched them"), Qt::AlignLeft);
    if (!run) return drawMessage(p, rect(), tr("No run loaded."));
    if (!m_problem.isEmpty())
        return drawMessage(p, rect(), tr("The launch records are inconsistent: %1").arg(m_problem));
    std::size_t device = 0;
    for (const auto& l : run->launches) device += l.parentLaunch >= 0;
    p.setPen(palette::mutedText());
    p.drawText(QRect(8, 8 + fm.height(), width() - 16, fm.height() + 2), Qt::AlignLeft,
               fm.elidedText(
                   device ? (m_tree.deepest() == 1
                                 ? tr("%1 grids launched from the device, 1 level deep").arg(device)
                                 : tr("%1 grids launched from the device, %2 levels deep")
                                       .arg(device)
                                       .arg(m_tree.deepest()))
                          : tr("Every grid was launched from the host: no child grids."),
                   Qt::ElideRight, width() - 16));
    const auto boxes = layout();
    const double t = m_model->time();
    const auto highlight = m_model->highlight();
    // Edges first, under the boxes: from the launching block's cell to the child's top.
    p.setRenderHint(QPainter::Antialiasing, true);
    for (const LaunchTreeNode& n : m_tree.nodes) {
        if (n.parent < 0) continue;
        const NodeBox& parent = boxes[std::size_t(n.parent)];
        const NodeBox& child = boxes[std::size_t(n.launch)];
        const QRectF from = cellRect(parent, std::uint32_t(n.parentBlock / parent.blocksPerCell));
        const bool tail = run->launches[std::size_t(n.launch)].launchMode == "tail";
        p.setPen(QPen(palette::text(), 1.2, tail ? Qt::SolidLine : Qt::DashLine));
        p.drawLine(QPointF(from.center().x(), parent.box.bottom()),
                   QPointF(child.box.center().x(), child.box.top()));
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    const BlockRef selected = m_model->selected();
    const std::vector<RowCaption> captions = rowCaptions(boxes);
    std::vector<bool> captioned(boxes.size(), false);
    for (const RowCaption& c : captions)
        for (int launch : c.launches) captioned[std::size_t(launch)] = true;
    for (const LaunchTreeNode& n : m_tree.nodes) {
        const NodeBox& b = boxes[std::size_t(n.launch)];
        const bool lit = highlight.launch == n.launch;
        p.setPen(QPen(lit ? palette::selection() : palette::text(), lit ? 2 : 1));
        p.setBrush(palette::background());
        p.drawRect(b.box);
        if (!captioned[std::size_t(n.launch)] && b.box.width() > 4 * fm.averageCharWidth()) {
            const QStringList lines = nodeLines(b, n.launch);
            for (int i = 0; i < lines.size(); ++i) {
                p.setPen(i == 0 ? palette::text() : palette::mutedText());
                p.drawText(b.box.adjusted(3, 1 + i * fm.height(), -3, 0),
                           Qt::AlignLeft | Qt::AlignTop, lines[i]);
            }
        }
        const std::uint64_t blocks = run->launches[std::size_t(n.launch)].grid.count();
        for (std::uint32_t c = 0; c < b.cellCount; ++c) {
            const std::uint64_t first = std::uint64_t(c) * b.blocksPerCell;
            bool running = false;
            const QRectF r = cellRect(b, c);
            p.fillRect(r, cellColour(n.launch, first, std::min(b.blocksPerCell, blocks - first), t,
                                     &running));
            if (running) {
                p.setPen(QPen(palette::text(), 1.5));
                p.setBrush(Qt::NoBrush);
                p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
            }
        }
        if (selected.valid() && selected.launch == n.launch) {
            const Launch& l = run->launches[std::size_t(n.launch)];
            const std::uint32_t block = l.blocks.block[std::size_t(selected.record)];
            p.setPen(QPen(palette::selection(), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(cellRect(b, std::uint32_t(block / b.blocksPerCell)).adjusted(-1, -1, 1, 1));
        }
    }
    // One caption over alike siblings, joining their boxes' title lines.
    for (const RowCaption& c : captions) {
        p.setPen(QPen(palette::text(), 1));
        p.setBrush(palette::background());
        p.drawRect(c.box);
        for (int i = 0; i < c.lines.size(); ++i) {
            p.setPen(i == 0 ? palette::text() : palette::mutedText());
            p.drawText(c.box.adjusted(3, 1 + i * fm.height(), -3, 0),
                       Qt::AlignHCenter | Qt::AlignTop, c.lines[i]);
        }
    }
    const QRect area = treeArea();
    drawLegend(p, QRect(8, area.bottom() + 6, width() - 16, bottomMargin()),
               treeLegend(m_tree.deepest()));
}

void LaunchTreeView::mouseMoveEvent(QMouseEvent* e) {
    const auto [launch, block] = hitAt(e->position());
    const PreparedRun* p = m_model->prepared();
    m_model->setHovered(p && block >= 0 ? p->refOfBlock(launch, std::uint32_t(block)) : BlockRef{});
}

void LaunchTreeView::mouseReleaseEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) return;
    const auto [launch, block] = hitAt(e->position());
    const PreparedRun* p = m_model->prepared();
    if (!p || launch < 0) return;
    const Launch& l = p->run->launches[std::size_t(launch)];
    // A box without a cell under the cursor selects the grid's first block.
    const std::uint32_t b =
        block >= 0 ? std::uint32_t(block) : (l.blocks.size() ? l.blocks.block[0] : 0);
    const BlockRef ref = p->refOfBlock(launch, b);
    if (ref.valid()) m_model->setSelected(ref);
}

bool LaunchTreeView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        const auto [launch, block] = hitAt(he->pos());
        const PreparedRun* p = m_model->prepared();
        if (!p || launch < 0) {
            QToolTip::hideText();
            return true;
        }
        QString text = nodeTooltip(launch);
        const BlockRef ref = block >= 0 ? p->refOfBlock(launch, std::uint32_t(block)) : BlockRef{};
        if (ref.valid()) text += QStringLiteral("\n\n") + blockTooltip(*p, ref, m_model->time());
        QToolTip::showText(he->globalPos(), text, this);
        return true;
    }
    return QWidget::event(e);
}

}  // namespace ws
