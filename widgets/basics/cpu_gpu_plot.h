#pragma once
// Where the GPU starts to pay off: time against size (log axes) for the CPU
// (one thread, all cores), the GPU kernel, and the GPU with the copies its
// run needs, with the crossovers marked. Points come from the run's own
// crossover sweep (vector-add) or from the measured runs of the same
// experiment and setting at other sizes (setPoints); the run on show is
// ringed.
#include <QWidget>
#include <vector>

#include "core/timing/crossover.h"

class QCustomPlot;
class QCPItemText;

namespace ws {

class CpuGpuPlot : public QWidget {
    Q_OBJECT
public:
    explicit CpuGpuPlot(QWidget* parent = nullptr);
    // `current` is the run on show (n = 0: none); `source` says where the points came from.
    void setPoints(std::vector<CostPoint> points, CostPoint current, QString source);
    QCustomPlot* plot() const { return m_plot; }
    QStringList crossoverTexts() const { return m_texts; }
    // The series none of the points has a time for (left out of the legend).
    QStringList missingSeries() const { return m_missing; }
    QSize sizeHint() const override { return {640, 400}; }

    // The notes above the data (crossovers, series not measured), each
    // with the raw text it wraps; for tests.
    struct Note {
        QCPItemText* item = nullptr;
        QString text;
    };
    const std::vector<Note>& notes() const { return m_notes; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    // The notes wrapped to the plot's width, stacked from its top, and the
    // value range raised so the data stays below them: at fixed rows they
    // ran into each other and into the CPU's curve in a projector's font.
    void fitNotes();

    QCustomPlot* m_plot;
    std::vector<CostPoint> m_points;
    CostPoint m_current;
    QString m_source;
    QStringList m_texts;
    QStringList m_missing;
    std::vector<Note> m_notes;
    double m_yMin = 1, m_yMax = 1;  // the data's, before room for the notes
};

}  // namespace ws
