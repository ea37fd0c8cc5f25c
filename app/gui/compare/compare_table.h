#pragma once
// Two runs' figures side by side with their ratio (core/figures/run_comparison.h).
#include <QTableWidget>

#include "core/run/run.h"

namespace ws {

class CompareTable : public QTableWidget {
    Q_OBJECT
public:
    explicit CompareTable(QWidget* parent = nullptr);
    void setRuns(const Run* left, const Run* right);
    // The table as text (one line per figure), for tests and exports.
    QString text() const;
    // The last row, naming the figures that read alike on both sides
    // (foldAlikeFigures); -1 where there is none.
    int alikeRow() const { return m_alikeRow; }
    // The height that shows every row without scrolling: the header, the
    // rows (the alike row as wrapped), the frame.
    int contentHeight() const;
    // Where the table shares a splitter or a stage with views: the height it
    // is given, all its rows up to `share` of `room`, and never below
    // kMinHeight (a scroll away beyond).
    static constexpr int kMinHeight = 90;
    int fittedHeight(int room, double share = 0.45) const;

signals:
    // Rows came or went, or a row's height changed (a new font, the alike
    // row wrapping at a new width): whoever sizes the table fits it again.
    void contentHeightChanged();

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void fitRowHeight();
    // The alike row spans the three value columns and wraps there.
    void fitAlikeRow();

    int m_alikeRow = -1;
};

}  // namespace ws
