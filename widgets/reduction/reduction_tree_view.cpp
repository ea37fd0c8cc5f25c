#include "widgets/reduction/reduction_tree_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QPointer>
#include <QThreadPool>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <set>

#include "widgets/reduction/tree_text.h"
#include "widgets/view/block_text.h"
#include "widgets/view/palette.h"
#include "widgets/view/view_painting.h"

namespace ws {

namespace {

QColor leafColour() { return QColor(QRgb(0x56B4E9)); }       // sky blue
QColor doneColour() { return QColor(QRgb(0x0072B2)); }       // blue
QColor currentColour() { return QColor(QRgb(0xE69F00)); }    // orange: this step
QColor leftEdgeColour() { return QColor(QRgb(0x333333)); }   // the slot written
QColor rightEdgeColour() { return QColor(QRgb(0xD55E00)); }  // the slot read

std::vector<LegendItem> treeLegend() {
    return {{leafColour(), QObject::tr("loaded value (leaf)")},
            {doneColour(), QObject::tr("combined in an earlier step")},
            {currentColour(), QObject::tr("combined in this step")},
            {palette::future(), QObject::tr("not yet")},
            {leftEdgeColour(), QObject::tr("left operand: the slot written (solid)")},
            {rightEdgeColour(), QObject::tr("right operand: the slot read (dashed)")},
            {palette::selection(), QObject::tr("pair explained above"), true}};
}

// Node labels: whole numbers exactly, others to four significant digits
// without an exponent below a million; tooltips give every digit. Fewer
// digits only where the user chose more slots than the values fit.
QString compactValue(const TreeValue& v, std::uint32_t components, int digits = 4) {
    auto one = [digits](double x) {
        if (x == std::floor(x) && std::fabs(x) < 1e7) return QString::number((long long)x);
        if (std::fabs(x) >= 1e6 || std::fabs(x) < 1e-3) return QString::number(x, 'g', digits);
        const int whole = std::fabs(x) < 1 ? 0 : int(std::floor(std::log10(std::fabs(x)))) + 1;
        QString text = QString::number(x, 'f', std::max(0, digits - whole));
        if (text.contains('.')) {  // 2.500 -> 2.5
            while (text.endsWith('0')) text.chop(1);
            if (text.endsWith('.')) text.chop(1);
        }
        if (digits < 3 && text.startsWith(QLatin1String("0."))) text.remove(0, 1);
        return text;
    };
    if (components < 2) return one(v.c[0]);
    return QStringLiteral("%1,%2").arg(one(v.c[0]), one(v.c[1]));
}

void drawArrow(QPainter& p, QPointF from, QPointF to, double head) {
    p.drawLine(from, to);
    const double angle = std::atan2(to.y() - from.y(), to.x() - from.x());
    QPainterPath tip;
    tip.moveTo(to);
    tip.lineTo(to - QPointF(std::cos(angle - 0.45) * head, std::sin(angle - 0.45) * head));
    tip.lineTo(to - QPointF(std::cos(angle + 0.45) * head, std::sin(angle + 0.45) * head));
    tip.closeSubpath();
    p.save();
    p.setPen(Qt::NoPen);
    p.setBrush(p.pen().color());
    p.fillPath(tip, p.pen().color());
    p.restore();
}

}  // namespace

ReductionTreeView::ReductionTreeView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent), m_model(model) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(model, &PlaybackModel::runChanged, this, &ReductionTreeView::rebuild);
    connect(model, &PlaybackModel::selectionChanged, this, &ReductionTreeView::rebuild);
    connect(model, &PlaybackModel::timeChanged, this, [this] {
        relayout();
        update();
    });
    rebuild();
}

const PassValues* ReductionTreeView::pass() const {
    if (m_passShown < 0 || std::size_t(m_passShown) >= m_scene.trees.passes.size()) return nullptr;
    return &m_scene.trees.passes[std::size_t(m_passShown)];
}

void ReductionTreeView::setPass(int pass) {
    m_passWanted = pass;
    m_selectedNode.reset();
    relayout();
    update();
}

void ReductionTreeView::setFitValues(bool fit) {
    m_fit = fit;
    relayout();
    update();
}

std::uint32_t ReductionTreeView::fittedCount(const PassValues& p) const {
    // The widest value of the whole pass decides, so scrolling the window
    // never changes the count.
    const QFontMetrics fm(font());
    // Measured once per pass and font: relayout runs on every playback frame.
    const std::size_t index = std::size_t(&p - m_scene.trees.passes.data());
    if (m_widest.size() != m_scene.trees.passes.size())
        m_widest.assign(m_scene.trees.passes.size(), -1);
    int& widest = m_widest[index];
    if (widest < 0) {
        widest = 0;
        for (std::uint32_t k = 0; k < p.levelCount(); ++k)
            for (std::uint32_t s = 0; s < p.threads; ++s)
                widest = std::max(widest,
                                  fm.horizontalAdvance(compactValue(p.value(k, s), p.components)));
    }
    // A window of slots has notes on what it read from outside: fit the
    // values beside the widest such note there can be, so that the count
    // never depends on the layout it replaces.
    const QString widestNote =
        noteText(tr("slots %1–%2").arg(p.threads - 1).arg(p.threads - 1), p.levelCount());
    const QRect all = treeAreaWith(24), windowed = treeAreaWith(noteMargin(widestNote));
    for (std::uint32_t count : {64u, 32u, 16u, 8u, 4u}) {
        if (count > p.threads) continue;
        const QRect& a = count < p.threads ? windowed : all;
        const double colW = double(a.width()) / count;
        const double w = std::min(colW - std::min(6.0, colW * 0.15), 12.0 * fm.height());
        // The node takes the value at 85 % of the font at the least.
        if (widest * 0.85 + 4 <= w) return count >= p.threads ? 0 : count;
    }
    return std::min<std::uint32_t>(4, p.threads);
}

void ReductionTreeView::setWindow(std::uint32_t first, std::uint32_t count) {
    m_fit = false;
    m_first = first;
    m_count = count;
    relayout();
    update();
}

void ReductionTreeView::setFixedLevel(std::optional<int> level) {
    m_fixedLevel = level;
    m_selectedNode.reset();
    relayout();
    update();
}

void ReductionTreeView::rebuild() {
    ++m_generation;
    m_widest.clear();
    m_selectedNode.reset();
    const PreparedRun* prepared = m_model->prepared();
    const BlockRef sel = m_model->selected();
    // The run's settings are parsed once a run, not at every click.
    if (prepared && m_settingsOf.lock() != prepared->run) {
        m_settingsOf = prepared->run;
        m_settings = reductionSettingsOf(*prepared->run);
    }
    m_scene =
        prepared && sel.valid() ? buildTreeScene(*prepared, m_settings, sel, nullptr) : TreeScene{};
    m_pending = m_scene.needsModel;
    if (m_pending) {
        // The CPU model generates the run's whole input: never on the UI thread.
        QPointer<ReductionTreeView> guard(this);
        const int generation = m_generation;
        auto shared = m_model->preparedShared();
        QThreadPool::globalInstance()->start([guard, generation, shared, sel,
                                              settings = m_settings] {
            auto scene = std::make_shared<TreeScene>(buildModelledScene(*shared, settings, sel));
            if (!guard) return;
            QMetaObject::invokeMethod(
                guard.data(),
                [guard, generation, scene] {
                    if (!guard || guard->m_generation != generation) return;
                    guard->m_scene = std::move(*scene);
                    guard->m_widest.clear();
                    guard->m_pending = false;
                    guard->m_passShown = -1;
                    guard->relayout();
                    guard->update();
                    emit guard->sceneChanged();
                },
                Qt::QueuedConnection);
        });
    }
    m_passShown = -1;
    relayout();
    update();
    emit sceneChanged();
}

int ReductionTreeView::passAt(double t) const {
    const std::size_t n = m_scene.trees.passes.size();
    if (n == 0) return -1;
    if (m_passWanted >= 0) return std::min(m_passWanted, int(n) - 1);
    if (n > 1 && !m_fixedLevel && m_scene.levelAt(1, t) >= 0) return 1;
    return 0;
}

void ReductionTreeView::relayout() {
    const int shown = passAt(m_model->time());
    if (m_fit && shown >= 0 && std::size_t(shown) < m_scene.trees.passes.size())
        m_count = fittedCount(m_scene.trees.passes[std::size_t(shown)]);
    const PassValues* before = pass();
    const bool sameWindow =
        m_layout.threads && m_layout.firstSlot == std::min(m_first, m_layout.threads - 1);
    if (shown == m_passShown && before && sameWindow &&
        (m_count == 0
             ? m_layout.slotCount == before->threads
             : m_layout.slotCount == std::min(m_count, before->threads - m_layout.firstSlot)))
        return;
    m_passShown = shown;
    const PassValues* p = pass();
    m_layout = p ? ReductionTreeLayout::build(p->plan, p->threads, m_first, m_count)
                 : ReductionTreeLayout{};
    ++m_layouts;
}

int ReductionTreeView::shownLevel() const {
    const PassValues* p = pass();
    if (!p) return -1;
    if (m_fixedLevel) return std::clamp(*m_fixedLevel, 0, int(p->levelCount()) - 1);
    return std::min(m_scene.levelAt(std::size_t(m_passShown), m_model->time()),
                    int(p->levelCount()) - 1);
}

void ReductionTreeView::selectNode(std::uint32_t level, std::uint32_t slot) {
    m_selectedNode = std::make_pair(level, slot);
    update();
}

std::optional<TreeNode> ReductionTreeView::captionNode() const {
    const int shown = shownLevel();
    if (shown < 1) return std::nullopt;
    if (m_selectedNode && int(m_selectedNode->first) <= shown && m_selectedNode->first > 0)
        if (const TreeNode* n = m_layout.node(m_selectedNode->first, m_selectedNode->second))
            return *n;
    if (std::size_t(shown) < m_layout.nodes.size() && !m_layout.nodes[std::size_t(shown)].empty())
        return m_layout.nodes[std::size_t(shown)].front();
    return std::nullopt;
}

QFont ReductionTreeView::noteFont() const {
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.8));
    return small;
}

QString ReductionTreeView::outsideNote(std::uint32_t level) const {
    if (level == 0 || level >= m_layout.edges.size() || level >= m_layout.nodes.size() ||
        m_layout.nodes[level].empty())
        return {};
    std::uint32_t lo = 0xFFFFFFFFu, hi = 0;
    bool padding = false;
    for (const TreeEdge& e : m_layout.edges[level]) {
        if (e.fromPadding)
            padding = true;
        else if (e.fromOutside) {
            lo = std::min(lo, e.fromSlot);
            hi = std::max(hi, e.fromSlot);
        }
    }
    if (padding) return noteText(tr("the identity past lane 31"), m_layout.levels);
    if (lo > hi) return {};
    return noteText(lo == hi ? tr("slot %1").arg(lo) : tr("slots %1–%2").arg(lo).arg(hi),
                    m_layout.levels);
}

QString ReductionTreeView::noteText(const QString& what, std::uint32_t levels) const {
    // Every character of a note is taken from the nodes' width: on two lines
    // ("reads" over "slots 128–135") where the rows are tall enough.
    const double rowH = double(treeAreaWith(24).height()) / std::max<std::uint32_t>(1, levels);
    const bool twoLines = rowH >= 2.4 * QFontMetrics(noteFont()).height();
    return tr("reads") + (twoLines ? QStringLiteral("\n") : QStringLiteral(" ")) + what;
}

int ReductionTreeView::noteWidth(const QString& note) const {
    const QFontMetrics fm(noteFont());
    int widest = 0;
    for (const QString& line : note.split(QLatin1Char('\n')))
        widest = std::max(widest, fm.horizontalAdvance(line));
    return widest;
}

QRect ReductionTreeView::treeAreaWith(int rightMargin) const {
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("s = 512  ")) + 12;
    // Below the title, three caption lines and the window line, with half a
    // line to spare so the first level's nodes never touch the window line.
    const int top = 12 + 4 * (fm.height() + 6) + fm.height() + fm.height() / 2;
    const int bottom = legendHeight(font(), width() - 16, treeLegend()) + 12;
    // Never more than half the width for the notes: the nodes come first.
    const int right = std::min(rightMargin, std::max(24, (width() - left) / 2));
    return QRect(left, top, std::max(10, width() - left - right),
                 std::max(10, height() - top - bottom));
}

int ReductionTreeView::noteMargin(const QString& widestNote) const {
    return std::max(24, noteWidth(widestNote) + 16);
}

QRect ReductionTreeView::treeArea() const {
    // Measured once per size, font and layout: nodeRect asks for it for
    // every node and edge of every frame.
    const MeasureKey key{size(), font(), m_layouts};
    if (key == m_areaKey) return m_area;
    // The notes on slots read from outside the window sit right of their
    // level's last node: keep a margin as wide as the widest, so that a
    // narrow view never pushes a note over the nodes.
    QString widest;
    for (std::uint32_t k = 1; k < m_layout.levels; ++k)
        if (const QString note = outsideNote(k); noteWidth(note) > noteWidth(widest)) widest = note;
    m_areaKey = key;
    m_area = treeAreaWith(widest.isEmpty() ? 24 : noteMargin(widest));
    return m_area;
}

QRectF ReductionTreeView::nodeRect(std::uint32_t level, std::uint32_t slot) const {
    const QRect a = treeArea();
    if (m_layout.levels == 0 || m_layout.slotCount == 0) return {};
    const double rowH = double(a.height()) / m_layout.levels;
    const double colW = double(a.width()) / m_layout.slotCount;
    const QFontMetrics fm(font());
    const double h = std::max(2.0, std::min(rowH * 0.52, fm.height() * 1.5));
    const double w = std::max(1.0, std::min(colW - std::min(6.0, colW * 0.15), 12.0 * fm.height()));
    const double cx = m_layout.slotX(slot, a.left(), a.width());
    const double cy = a.top() + rowH * (level + 0.5) - fm.height() * 0.25;
    return QRectF(cx - w / 2, cy - h / 2, w, h);
}

QString ReductionTreeView::nodeLabel(std::uint32_t level, std::uint32_t slot) const {
    const PassValues* p = pass();
    if (!p || level >= p->levelCount() || slot >= p->threads) return {};
    return compactValue(p->value(level, slot), p->components);
}

QString ReductionTreeView::stepText(std::uint32_t level) const {
    const PassValues* p = pass();
    if (!p) return {};
    // The kernel's last step: the last pass's, so that every pass counts
    // steps as the warp view and the step records do.
    const PassValues& last = m_scene.trees.passes.back();
    return treeStepText(*p, level, last.firstStep + std::uint32_t(last.plan.size()));
}

QString ReductionTreeView::operandText(const TreeNode& node, bool withWork) const {
    const PassValues* p = pass();
    if (!p || node.level == 0) return {};
    return pairText(*p, node.level, node.slot, withWork);
}

QStringList ReductionTreeView::captionLines(bool brief) const {
    const PassValues* p = pass();
    if (!p) return {};
    const int shown = shownLevel();
    QString text = shown < 0 ? tr("Not started yet at this time.") : stepText(std::uint32_t(shown));
    if (const auto n = captionNode()) text += QStringLiteral("\n") + operandText(*n, !brief);
    return text.split(QLatin1Char('\n'));
}

QString ReductionTreeView::captionText() const { return captionLines(false).join('\n'); }

QString ReductionTreeView::nodeTooltip(const TreeNode& node) const {
    const PassValues* p = pass();
    if (!p) return {};
    QString text = tr("<b>slot %1</b>, %2<br>").arg(node.slot).arg(levelName(*p, node.level));
    const int shown = shownLevel();
    if (int(node.level) > shown) return text + tr("not computed yet at this time");
    text +=
        tr("value: %1<br>")
            .arg(QString::fromStdString(valueText(p->value(node.level, node.slot), p->components)));
    text += tr("written by thread %1 (warp %2, lane %3)")
                .arg(node.thread)
                .arg(node.thread / kWarpSize)
                .arg(node.thread % kWarpSize);
    if (node.level > 0) text += QStringLiteral("<br>") + operandText(node).toHtmlEscaped();
    return text;
}

void ReductionTreeView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette::background());
    const PreparedRun* prep = m_model->prepared();
    if (!prep || !m_model->selected().valid()) {
        drawMessage(p, rect(),
                    tr("Select a block in the grid or the timeline to see its reduction tree."));
        return;
    }
    const PassValues* pv = pass();
    const QFontMetrics fm(font());
    if (!pv) {
        QString text = m_pending ? tr("Computing the CPU model of this block…")
                                 : QString::fromStdString(m_scene.trees.note);
        if (text.isEmpty()) text = tr("This run has no reduction tree to show.");
        drawMessage(p, rect(), text);
        return;
    }
    // Title: whose tree, which shape, where the numbers come from.
    const bool measured = pv->source == ValueSource::Measured;
    const QString badge = measured ? tr("measured on GPU") : tr("CPU model");
    const QColor badgeColour = measured ? QColor(QRgb(0x009E73)) : QColor(QRgb(0xCC79A7));
    QFont bold = titleFont(font());
    p.setFont(bold);
    const QFontMetrics bfm(bold);
    const int bw = bfm.horizontalAdvance(badge) + 16;
    const QRect badgeRect(width() - bw - 8, 4, bw, bfm.height() + 4);
    p.setPen(Qt::NoPen);
    p.setBrush(badgeColour);
    p.drawRoundedRect(badgeRect, 6, 6);
    p.setPen(Qt::white);
    p.drawText(badgeRect, Qt::AlignCenter, badge);
    p.setPen(palette::text());
    p.drawText(
        QRect(8, 4, badgeRect.left() - 16, bfm.height() + 4), Qt::AlignLeft | Qt::AlignVCenter,
        fitCaptionWordings(
            bfm, badgeRect.left() - 16,
            {passTitlePieces(*prep, m_scene, *pv), passTitlePieces(*prep, m_scene, *pv, true)}));
    p.setFont(font());
    const QStringList caption = captionLines(false), brief = captionLines(true);
    for (int i = 0; i < caption.size() && i < 3; ++i) {
        // A step's rule stays; who runs it ("— 16 threads in 1 warp") goes
        // first, and a combine's products before its result.
        auto pieces = [](const QString& line) -> std::vector<CaptionPiece> {
            const qsizetype dash = line.indexOf(QStringLiteral(" — "));
            if (dash < 0) return {{line, kCaptionValue}};
            return {{line.left(dash), kCaptionValue}, {line.mid(dash), 0}};
        };
        const QString line = fitCaptionWordings(
            fm, width() - 16,
            {pieces(caption[i]), pieces(i < brief.size() ? brief[i] : caption[i])});
        p.drawText(QRect(8, 8 + (i + 1) * (fm.height() + 6), width() - 16, fm.height() + 4),
                   Qt::AlignLeft | Qt::AlignVCenter, line);
    }
    p.setPen(palette::mutedText());
    const QString windowText =
        m_layout.slotCount < pv->threads
            ? tr("Slots %1–%2 of %3 (wheel scrolls, Ctrl+wheel zooms)")
                  .arg(m_layout.firstSlot)
                  .arg(m_layout.firstSlot + m_layout.slotCount - 1)
                  .arg(pv->threads)
            : tr("All %1 slots; x = shared-memory slot (register lane for shuffles)")
                  .arg(pv->threads);
    p.drawText(QRect(8, 8 + 4 * (fm.height() + 6), width() - 16, fm.height() + 4),
               Qt::AlignLeft | Qt::AlignVCenter, windowText);

    const QRect area = treeArea();
    const int shown = shownLevel();
    const double rowH = double(area.height()) / std::max<std::uint32_t>(1, m_layout.levels);
    // Level names on the left; where the rows are lower than a line of text,
    // only every few levels are named (the step on show always), so no two
    // names overlap.
    const int every = std::max(1, int(std::ceil(fm.height() / std::max(1.0, rowH))));
    const auto named = [&](int k) {
        return k == shown || (k % every == 0 && std::abs(k - shown) >= every);
    };
    for (std::uint32_t k = 0; k < m_layout.levels; ++k) {
        if (!named(int(k))) continue;
        const QRectF r = nodeRect(k, m_layout.firstSlot);
        p.setPen(int(k) == shown ? palette::text() : palette::mutedText());
        QFont f = font();
        f.setBold(int(k) == shown);
        p.setFont(f);
        p.drawText(QRectF(4, r.center().y() - fm.height(), area.left() - 12, 2 * fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, shortLevelName(*pv, k));
    }
    p.setFont(font());
    const auto caption0 = captionNode();
    std::vector<QRectF> noteBoxes;  // where each level's note on the slots it read went
    // Edges first, under the nodes.
    const double head = std::clamp(rowH * 0.12, 4.0, 9.0);
    for (std::uint32_t k = 1; k < m_layout.levels; ++k) {
        const bool future = int(k) > shown;
        for (const TreeEdge& e : m_layout.edges[k]) {
            const QRectF to = nodeRect(e.toLevel, e.toSlot);
            QPointF from;
            if (e.fromPadding || e.fromOutside) {
                // A short stub from above; the level's note names the slots.
                const double colW =
                    double(area.width()) / std::max<std::uint32_t>(1, m_layout.slotCount);
                from =
                    QPointF(to.center().x() + std::min(colW * 0.45, 30.0), to.top() - rowH * 0.3);
            } else {
                from = nodeRect(e.fromLevel, e.fromSlot).center();
                from.setY(nodeRect(e.fromLevel, e.fromSlot).bottom());
            }
            const bool highlighted = caption0 && caption0->level == k && caption0->slot == e.toSlot;
            QColor c = e.right ? rightEdgeColour() : leftEdgeColour();
            if (future) c = QColor(QRgb(0xCCCCCC));
            QPen pen(c, highlighted ? 3.5 : (m_layout.slotCount > 128 ? 0.6 : 1.6));
            if (e.right) pen.setStyle(Qt::DashLine);
            p.setPen(pen);
            const QPointF toPt(to.center().x() + (e.right ? to.width() * 0.18 : -to.width() * 0.18),
                               to.top());
            drawArrow(p, from, toPt, m_layout.slotCount > 128 ? 2 : head);
        }
        // Which slots outside the window the level read, once per level, in
        // the margin treeArea() keeps for it.
        const QString note = outsideNote(k);
        const double noteHeight = QFontMetrics(font()).height() * 0.8;
        const bool roomForNote = rowH >= noteHeight || int(k) == shown;
        if (!note.isEmpty() && roomForNote) {
            const QFont small = noteFont();
            p.setFont(small);
            p.setPen(future ? QColor(QRgb(0xAAAAAA)) : rightEdgeColour());
            const QRectF last = nodeRect(k, m_layout.nodes[k].back().slot);
            const double x = last.right() + 8;
            const double w = noteWidth(note) + 4;
            const double h = QFontMetrics(small).height() * (note.count(QLatin1Char('\n')) + 1);
            const double left = x + w <= width() - 4 ? x : width() - 4 - w;
            const QRectF box(left, last.center().y() - h / 2.0, w, h);
            p.drawText(box, Qt::AlignLeft | Qt::AlignVCenter, note);
            noteBoxes.push_back(box);
            p.setFont(font());
        }
    }
    // Nodes, with their values and the thread that wrote them.
    QFont valueFont = font();
    const QFont smallFont = noteFont();
    const QFontMetrics sfm(smallFont);
    for (std::uint32_t k = 0; k < m_layout.levels; ++k) {
        const bool future = int(k) > shown;
        for (const TreeNode& n : m_layout.nodes[k]) {
            const QRectF r = nodeRect(k, n.slot);
            QColor fill = future ? palette::future()
                                 : (k == 0 ? leafColour()
                                           : (int(k) == shown ? currentColour() : doneColour()));
            p.setPen(r.width() > 6 ? QPen(palette::mutedText(), 1) : Qt::NoPen);
            p.setBrush(fill);
            p.drawRoundedRect(r, std::min(5.0, r.width() / 4), std::min(5.0, r.height() / 4));
            if (caption0 && caption0->level == k && caption0->slot == n.slot) {
                p.setPen(QPen(palette::selection(), 3));
                p.setBrush(Qt::NoBrush);
                p.drawRoundedRect(r.adjusted(-3, -3, 3, 3), 6, 6);
            }
            if (future) continue;
            // Largest font first, then fewer digits: a blank node reads as "no value".
            bool drawn = false;
            for (int digits : {3, 2, 1}) {
                const QString v = compactValue(pv->value(k, n.slot), pv->components, digits);
                for (double scale : {1.0, 0.85, 0.7}) {
                    valueFont.setPointSizeF(std::max(6.0, font().pointSizeF() * scale));
                    const QFontMetrics vfm(valueFont);
                    if (vfm.horizontalAdvance(v) + 4 <= r.width() &&
                        vfm.height() <= r.height() + 2) {
                        p.setFont(valueFont);
                        p.setPen(fill == doneColour() ? Qt::white : palette::text());
                        p.drawText(r, Qt::AlignCenter, v);
                        drawn = true;
                        break;
                    }
                }
                if (drawn) break;
            }
            // Who did the work: t17 under the node.
            if (k > 0 && n.thread != kNoThread) {
                const QString who = QStringLiteral("t%1").arg(n.thread);
                const QRectF whoBox(r.left() - 8, r.bottom(), r.width() + 16, sfm.height());
                // A level's note on the slots it read keeps its place; the
                // thread names it would cover give way.
                const bool covered =
                    std::any_of(noteBoxes.begin(), noteBoxes.end(), [&](const QRectF& b) {
                        return b.intersects(
                            QRectF(whoBox.center().x() - sfm.horizontalAdvance(who) / 2.0,
                                   whoBox.top(), sfm.horizontalAdvance(who), whoBox.height()));
                    });
                if (!covered &&
                    sfm.horizontalAdvance(who) + 2 <= double(area.width()) / m_layout.slotCount &&
                    rowH - r.height() > sfm.height()) {
                    p.setFont(smallFont);
                    // On a plate: the edge to the next level leaves the node
                    // where its name sits, and crossed it ("t0" read as "/t0").
                    const double w = sfm.horizontalAdvance(who) + 4;
                    p.fillRect(
                        QRectF(whoBox.center().x() - w / 2, whoBox.top() + 1, w, sfm.height() - 1),
                        palette::background());
                    p.setPen(palette::text());
                    p.drawText(whoBox, Qt::AlignHCenter | Qt::AlignTop, who);
                }
            }
        }
    }
    p.setFont(font());
    drawLegend(p, QRect(8, area.bottom() + 8, width() - 16, height()), treeLegend());
}

bool ReductionTreeView::event(QEvent* e) {
    if (e->type() == QEvent::FontChange) {
        m_widest.clear();
        relayout();
    }
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    const auto* he = static_cast<QHelpEvent*>(e);
    for (std::uint32_t k = 0; k < m_layout.levels; ++k)
        for (const TreeNode& n : m_layout.nodes[k])
            if (nodeRect(k, n.slot).adjusted(-2, -2, 2, 2).contains(he->pos())) {
                QToolTip::showText(he->globalPos(), nodeTooltip(n), this);
                return true;
            }
    QToolTip::hideText();
    return true;
}

void ReductionTreeView::resizeEvent(QResizeEvent*) {
    if (m_fit) relayout();
}

void ReductionTreeView::mousePressEvent(QMouseEvent* e) {
    for (std::uint32_t k = 1; k < m_layout.levels; ++k)
        for (const TreeNode& n : m_layout.nodes[k])
            if (nodeRect(k, n.slot).adjusted(-2, -2, 2, 2).contains(e->position())) {
                selectNode(k, n.slot);
                return;
            }
    QWidget::mousePressEvent(e);
}

void ReductionTreeView::wheelEvent(QWheelEvent* e) {
    const PassValues* p = pass();
    if (!p || e->angleDelta().y() == 0) return QWidget::wheelEvent(e);
    const bool up = e->angleDelta().y() > 0;
    std::uint32_t count = m_count == 0 ? p->threads : m_count;
    if (e->modifiers() & Qt::ControlModifier) {
        count = up ? std::max<std::uint32_t>(8, count / 2) : std::min(p->threads, count * 2);
        setWindow(std::min(m_first, p->threads - count), count >= p->threads ? 0 : count);
    } else {
        const std::uint32_t step = std::max<std::uint32_t>(1, count / 4);
        const std::uint32_t maxFirst = p->threads > count ? p->threads - count : 0;
        const bool fit = m_fit;
        setWindow(up ? (m_first > step ? m_first - step : 0) : std::min(maxFirst, m_first + step),
                  m_count);
        setFitValues(fit);  // scrolling keeps the fitted count
    }
    e->accept();
}

}  // namespace ws
