#pragma once
// The figures of a concurrency run as horizontal bars (QCustomPlot): end to
// end against one stream and the serial sum, overlap shares, each unified
// memory pattern's bandwidth, launch latencies with their range. The bar of
// the configuration on show is orange, the others blue, each labelled with
// its value; a caption says what to read.
#include <QWidget>
#include <vector>

#include "core/concurrency/concurrency_figures.h"
#include "widgets/model/playback_model.h"

class QCustomPlot;
class QCPAxis;
class QCPItemText;

namespace ws {

class FiguresView : public QWidget {
    Q_OBJECT
public:
    explicit FiguresView(PlaybackModel* model, QWidget* parent = nullptr);
    const std::vector<FigureChart>& charts() const { return m_charts; }
    QCustomPlot* plot() const { return m_plot; }
    QStringList valueLabels() const { return m_labels; }  // every bar's text, chart by chart
    QSize sizeHint() const override { return {640, 520}; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    // Widens each value axis until the text beside every bar fits inside it.
    void fitLabels(const std::vector<std::pair<QCPAxis*, QCPItemText*>>& labels);

    PlaybackModel* m_model;
    QCustomPlot* m_plot;
    std::vector<FigureChart> m_charts;
    QStringList m_labels;
};

}  // namespace ws
