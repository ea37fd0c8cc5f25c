#pragma once
// Where the warps of a kernel waited, line by line: the kernel's source
// lines (the text the trace carries), each with a bar of its stall samples
// split by reason, hottest first or in file order. A line is a line of the
// kernel as its author wrote it: code inlined from a helper counts on the
// line that called the helper (where the trace knows the calls). Selecting
// a line shows beside it the helpers' lines inlined into it and its SASS
// instructions, each with its own bar; the legend says each reason in plain
// words and a tooltip gives CUPTI's name and the counts. Samples of a
// "_not_issued" variant are a part of their reason's, so they are told in
// the tooltip and never drawn twice. The kernel is named as written
// ("transposeNaive"); its whole signature is in the tooltips. Titles, the
// selected line's source, the helpers' lines and the footnote wrap rather
// than lose their ends; only a row's source (the selected one is whole in
// the pane) and an instruction's SASS (whole in its tooltip) may be cut.
//
// A lesson points at a line with highlightLine(): it is marked, selected
// and scrolled into view. Without stall samples the view draws the sentence
// that says why (profile_messages.h).
#include <QWidget>
#include <map>
#include <vector>

#include "core/profile/stall_lines.h"
#include "widgets/model/playback_model.h"

class QComboBox;
class QToolButton;

namespace ws {

class StallsView : public QWidget {
    Q_OBJECT
public:
    enum class Order { Hottest, File };
    static constexpr int kNone = -1;  // no line selected or highlighted

    explicit StallsView(PlaybackModel* model, QWidget* parent = nullptr);

    // What the view draws instead of the lines; "" when it draws them.
    QString unavailableText() const { return m_unavailable; }
    // The functions that drew samples, most first (RunProfile::functions' indices).
    const std::vector<std::size_t>& functions() const { return m_functions; }
    std::size_t function() const { return m_stalls.function; }
    void setFunction(std::size_t function);
    Order order() const { return m_order; }
    void setOrder(Order order);
    // The lines as drawn, top to bottom: hottest first lists those that
    // drew samples, file order every line that holds an instruction.
    const std::vector<StallLine>& shownLines() const { return m_shown; }
    int selectedLine() const { return m_selected.line; }
    LinePlace selectedPlace() const { return m_selected; }
    // A line of the kernel's own file; selectPlace reaches a helper's lines too.
    void selectLine(int line);
    void selectPlace(LinePlace place);
    // The selected line's instructions, as the pane beside the lines shows them.
    const std::vector<StallInstruction>& selectedInstructions() const { return m_instructions; }
    // The helpers' lines inlined into the selected line, most samples first,
    // as the pane shows them above the instructions.
    const std::vector<StallLine>& selectedInlinedLines() const { return m_inlined; }
    // The kernel's name as the title and the chooser show it.
    QString kernelName(std::size_t function) const;
    int highlightedLine() const { return m_highlighted.line; }
    // Marks a line of the kernel's own file (kNone: none), selects it and scrolls to it.
    void highlightLine(int line);
    // The source text of a line of the kernel's own file, or of any place
    // ("" where the trace holds none).
    QString sourceText(int line) const;
    QString sourceText(LinePlace place) const;
    // Where a line's row is drawn; empty while it is scrolled out of view.
    QRect lineRowRect(int line) const;
    QRect lineRowRect(LinePlace place) const;
    // The pane of the selected line's instructions; empty without a selection.
    QRect instructionsArea() const;
    // The tooltip the view shows at `pos` (rich text), "" where it shows none:
    // a line's or a helper line's source and samples, an instruction's SASS
    // in full, a bar's reason.
    QString toolTipAt(const QPoint& pos) const;

    QSize sizeHint() const override { return {960, 540}; }
    QSize minimumSizeHint() const override { return {360, 240}; }

signals:
    void lineSelected(int line);

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void mousePressEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Areas {
        QRect title, legend, lines, instructions, footnote;
        QStringList titleLines, footnoteLines;  // whole, a line each
        int rows = 0;                           // line rows that fit in `lines`
    };
    struct LineColumns;
    struct Pane;
    Areas areas() const;
    LineColumns columnsOf(const QRect& pane) const;
    QFont monoFont() const;
    int rowHeight() const;
    void rebuild();
    // The chooser and the order buttons above the title; the title starts
    // below what is shown of them.
    void placeControls();
    int controlsBottom() const;
    void showFunction(std::size_t function);
    void reorder();
    void scrollToShow(LinePlace place);
    LinePlace ownLine(int line) const { return {m_stalls.ownFile, line}; }
    // "Where the warps of transposeNaive waited: 1,000 samples"
    QString titleText() const;
    // "line 12", or "memory_trace.h line 57" for a line of another file.
    QString placeName(LinePlace place) const;
    int rowAt(const QPoint& pos) const;     // index into m_shown, or -1
    int rowsThatFit(const Areas& a) const;  // line rows drawn, the note of a cut list aside
    std::uint64_t hottestSamples() const;
    const StallLine* selectedStallLine() const;
    // The bar of a line's row.
    QRectF lineBar(const Areas& a, int row) const;
    // A line's text as its row draws it (a helper's with its file's name).
    QString rowText(LinePlace place) const;
    int rowTextWidth(const Areas& a) const;  // the room a row gives its text
    // The pane beside the lines as it is laid out (stalls_view_pane.cpp).
    Pane paneOf(const Areas& a) const;
    QString reasonTooltip(const StallCounts& counts, int reason, const QString& where) const;
    QString paneToolTipAt(const Areas& a, const QPoint& pos) const;
    void paintLines(QPainter& p, const Areas& a) const;
    void paintPane(QPainter& p, const Areas& a) const;

    PlaybackModel* m_model;
    QComboBox* m_functionChooser;
    QToolButton* m_hottestButton;
    QToolButton* m_fileButton;

    QString m_unavailable;
    QString m_footnote;
    std::vector<std::size_t> m_functions;
    FunctionStalls m_stalls;
    std::vector<StallLine> m_shown;
    std::vector<StallInstruction> m_instructions;
    std::vector<StallLine> m_inlined;
    // The text of each file the function's lines are in, line 1 at index 0.
    std::map<std::uint32_t, std::vector<QString>> m_source;
    Order m_order = Order::Hottest;
    LinePlace m_selected{0, kNone};
    LinePlace m_highlighted{0, kNone};
    int m_firstRow = 0;  // scrolled past
};

}  // namespace ws
