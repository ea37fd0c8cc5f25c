#pragma once
// Bars of kernel time, one per way of doing the same work (the texture
// experiment's three paths, local-memory's three variants), each labelled
// with its time and what sets it apart; the one the run recorded block by
// block is drawn in the highlight colour, one whose result was wrong is
// hatched and says so. The texture and local-memory views fill it from
// their tables. Built on QCustomPlot.
#include <QStringList>
#include <QWidget>
#include <vector>

class QCustomPlot;
class QCPItemText;
class QCPTextElement;

namespace ws {

struct TimingBar {
    QString name;  // under the bar: "texture", "spilled"
    double ms = 0;
    QString detail;         // over the bar, under its time: "54 GB/s", "32 registers, 0 B local"
    bool recorded = false;  // the variant the run recorded block by block
    bool verified = true;
};

class TimingBars : public QWidget {
    Q_OBJECT
public:
    explicit TimingBars(QWidget* parent = nullptr);

    QCustomPlot* plot() const { return m_plot; }
    QString message() const { return m_message; }        // shown instead of bars
    QStringList valueLabels() const { return m_texts; }  // over each bar, in order, unwrapped
    QString titleText() const { return m_titleText; }
    const std::vector<TimingBar>& bars() const { return m_bars; }
    QSize sizeHint() const override { return {620, 420}; }
    QSize minimumSizeHint() const override { return {240, 220}; }

protected:
    // Bars, or `message` where there are none to draw.
    void setBars(const QString& title, std::vector<TimingBar> bars, const QString& message);
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    void fit();

    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    QString m_message, m_titleText;
    std::vector<TimingBar> m_bars;
    std::vector<QCPItemText*> m_labels;
    QStringList m_texts;
};

}  // namespace ws
