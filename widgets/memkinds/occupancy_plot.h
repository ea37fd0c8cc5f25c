#pragma once
// The other side of registers (local-memory's occupancy sweep): blocks
// resident per SM against registers per thread. The model's line
// (core/memkinds/occupancy_model.h, for the run's threads and shared memory
// per block on the run's device) steps down as registers run out, each
// stretch named by what limits it; the sweep's points as measured (the most
// blocks overlapping on one SM) and as the runtime predicted them. Built on
// QCustomPlot.
#include <QStringList>
#include <QWidget>

#include "widgets/memkinds/memkinds_plot_pieces.h"
#include "widgets/model/playback_model.h"

namespace ws {

class OccupancyPlot : public QWidget {
    Q_OBJECT
public:
    explicit OccupancyPlot(PlaybackModel* model, QWidget* parent = nullptr);

    QCustomPlot* plot() const { return m_plot; }
    QString message() const { return m_message; }
    // "limited by registers", one per stretch of the model's line, left to right.
    QStringList limitLabels() const;
    QString titleText() const { return m_titleText; }
    QSize sizeHint() const override { return {700, 440}; }
    QSize minimumSizeHint() const override { return {240, 220}; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    void fit();

    PlaybackModel* m_model;
    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    QString m_message, m_titleText;
    std::vector<QCPItemText*> m_limitItems;
    double m_maxBlocks = 0;
};

}  // namespace ws
