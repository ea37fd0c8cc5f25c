#pragma once
// The selected block's reduction as a tree: the loaded leaves on top, each
// step's combines below, one column per shared-memory slot, growing with the
// playhead. Nodes show their values (measured on the GPU, or from the CPU
// model where the block was not traced), edges show which two slots each
// thread combined, left operand and right operand told apart by colour and
// line style. A window of slots keeps 1024-thread blocks readable.
#include <QFont>
#include <QWidget>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/reduction/reduction_tree_layout.h"
#include "widgets/model/playback_model.h"
#include "widgets/reduction/tree_scene.h"
#include "widgets/view/measure_key.h"

namespace ws {

class ReductionTreeView : public QWidget {
    Q_OBJECT
public:
    explicit ReductionTreeView(PlaybackModel* model, QWidget* parent = nullptr);

    const TreeScene& scene() const { return m_scene; }
    const ReductionTreeLayout& layout() const { return m_layout; }
    const PassValues* pass() const;  // the pass on show, null when none
    int passIndex() const { return m_passShown; }
    // -1: follow the playback (the merge once it has begun); else that pass.
    void setPass(int pass);
    // Slots [first, first + count) as columns; count 0 shows every slot.
    // Choosing a window turns fitting off.
    void setWindow(std::uint32_t first, std::uint32_t count);
    // Fitting (the default): as many slots as leave every value room to be
    // printed in full, from 64 down to 4: wider nodes, never fewer digits.
    void setFitValues(bool fit);
    bool fitValues() const { return m_fit; }
    std::uint32_t windowFirst() const { return m_first; }
    std::uint32_t windowCount() const { return m_count; }
    // Lockstep comparison: show this level whatever the playback time.
    void setFixedLevel(std::optional<int> level);
    int shownLevel() const;  // -1: nothing loaded yet
    bool modelPending() const { return m_pending; }
    // The node whose operands the caption explains (defaults to the first
    // node of the level on show).
    void selectNode(std::uint32_t level, std::uint32_t slot);
    std::optional<TreeNode> captionNode() const;
    QRectF nodeRect(std::uint32_t level, std::uint32_t slot) const;
    // The value a node shows when its box is wide enough (narrower boxes drop
    // digits of fractions); empty for a slot the pass does not have.
    QString nodeLabel(std::uint32_t level, std::uint32_t slot) const;
    QString captionText() const;
    QSize sizeHint() const override { return {900, 560}; }
    QSize minimumSizeHint() const override { return {320, 220}; }

signals:
    void sceneChanged();

protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void wheelEvent(QWheelEvent*) override;

private:
    void rebuild();
    void relayout();
    int passAt(double t) const;
    QRect treeArea() const;  // with the margin the notes on show need
    QRect treeAreaWith(int rightMargin) const;
    int noteMargin(const QString& widestNote) const;
    // What level `level` read from outside the window ("reads slots
    // 128–135"), or nothing when it read only slots on show.
    QString outsideNote(std::uint32_t level) const;
    // "reads " + what, on two lines where a tree of `levels` rows has room.
    QString noteText(const QString& what, std::uint32_t levels) const;
    int noteWidth(const QString& note) const;  // its widest line
    QFont noteFont() const;
    QString stepText(std::uint32_t level) const;
    QString operandText(const TreeNode& node, bool withWork = true) const;
    // The caption's lines; `brief` leaves a combine's products out.
    QStringList captionLines(bool brief) const;
    QString nodeTooltip(const TreeNode& node) const;

    PlaybackModel* m_model;
    TreeScene m_scene;
    std::weak_ptr<const Run> m_settingsOf;  // the run m_settings were parsed from
    std::optional<ReductionSettings> m_settings;
    ReductionTreeLayout m_layout;
    int m_passWanted = -1;
    int m_passShown = -1;
    std::uint32_t m_first = 0;
    std::uint32_t m_count = 32;
    bool m_fit = true;
    mutable std::vector<int> m_widest;  // per pass: the widest value's pixels, -1 unknown
    std::uint32_t fittedCount(const PassValues& pass) const;
    std::optional<int> m_fixedLevel;
    std::optional<std::pair<std::uint32_t, std::uint32_t>> m_selectedNode;
    bool m_pending = false;
    int m_generation = 0;
    std::uint64_t m_layouts = 0;  // which layout m_layout is
    mutable MeasureKey m_areaKey;
    mutable QRect m_area;
};

}  // namespace ws
