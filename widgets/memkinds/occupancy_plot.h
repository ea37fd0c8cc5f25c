#pragma once
// The other side of registers (local-memory's occupancy sweep): blocks
// resident per SM against registers per thread, threads per block or shared
// memory per block (a chooser above the plot). Against registers, the
// model's line (core/memkinds/occupancy_model.h, for the run's threads and
// shared memory per block on the run's device) steps down as registers run
// out, each stretch named by what limits it, beside the sweep's points as
// measured (the most blocks overlapping on one SM) and as the runtime
// predicted them. Against threads or shared memory, the model's line for the
// fewest, a middle and the most registers the sweep ran, and the measured
// points of those caps at the run's own threads or shared memory. Built on
// QCustomPlot.
#include <QStringList>
#include <QWidget>

class QComboBox;

#include "core/memkinds/memkinds_tables.h"
#include "widgets/memkinds/memkinds_plot_pieces.h"
#include "widgets/model/playback_model.h"

namespace ws {

// What the plot's x axis counts.
enum class OccupancyAxis { Registers = 0, Threads = 1, SharedMemory = 2 };

class OccupancyPlot : public QWidget {
    Q_OBJECT
public:
    explicit OccupancyPlot(PlaybackModel* model, QWidget* parent = nullptr);

    OccupancyAxis axis() const { return m_axis; }
    void setAxis(OccupancyAxis axis);
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

    // The model's lines and measured points against threads or shared memory.
    void addSweepLines(const Run& run, const std::vector<memkinds::OccupancyPoint>& points);

    PlaybackModel* m_model;
    QComboBox* m_axisChooser;
    OccupancyAxis m_axis = OccupancyAxis::Registers;
    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    QString m_message, m_titleText;
    std::vector<QCPItemText*> m_limitItems;
    double m_maxBlocks = 0;
};

}  // namespace ws
