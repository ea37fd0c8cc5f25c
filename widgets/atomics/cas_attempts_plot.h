#pragma once
// How many atomicCAS each thread of an argmin run made: a histogram over
// every thread of the grid (threads on a log axis, so the few that fought
// long stay visible beside the many that made none), with the mean and the
// most. The seed's point shows in it: the original loop's winners make two
// CAS, the Modified loop's one. Built on QCustomPlot.
#include <QPointer>
#include <QWidget>
#include <cstdint>
#include <vector>

#include "widgets/model/playback_model.h"

class QCustomPlot;
class QCPTextElement;
class QCPItemText;

namespace ws {

class CasAttemptsPlot : public QWidget {
    Q_OBJECT
public:
    explicit CasAttemptsPlot(PlaybackModel* model, QWidget* parent = nullptr);

    QCustomPlot* plot() const { return m_plot; }
    const std::vector<std::uint64_t>& histogram() const { return m_histogram; }
    QString titleText() const { return m_title; }
    QString xLabelText() const { return m_xLabel; }
    QString problemText() const { return m_problem; }
    QSize sizeHint() const override { return {520, 320}; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    void fitTitle();  // the title's lines as wide as the plot

    PlaybackModel* m_model;
    QCustomPlot* m_plot;
    std::vector<std::uint64_t> m_histogram;
    QString m_title;   // unwrapped
    QString m_xLabel;  // unwrapped
    QPointer<QCPTextElement> m_titleElement;
    QString m_problem;  // why there is no histogram, unwrapped; empty where there is one
    QPointer<QCPItemText> m_problemItem;
};

}  // namespace ws
