#pragma once
// A run's hardware counters as a table: each counter in words, the value
// measured with its unit (bytes as KB/MB/GB, %, counts, time), the value
// predicted where one is known, and measured ÷ predicted, marked where the
// two stray apart by half or more. The predictions are the bytes and FLOPs
// the run's throughput counts (core/profile/counter_predictions.h), and any
// a caller adds. In a narrow pane (a projected slide's half) the predictions
// give way to the words, and nothing is cut: a counter's words drop their
// remark in brackets or wrap, the note under the table wraps. Without
// counters the view draws the sentence that says why.
#include <QWidget>
#include <map>
#include <string>
#include <vector>

#include "core/profile/counter_catalog.h"
#include "widgets/model/playback_model.h"

namespace ws {

class CountersView : public QWidget {
    Q_OBJECT
public:
    explicit CountersView(PlaybackModel* model, QWidget* parent = nullptr);

    // What the view draws instead of the table; "" when it draws it.
    QString unavailableText() const { return m_unavailable; }
    // Predictions beside the run's own, replacing theirs for the same metric.
    void setPredicted(std::map<std::string, double> predicted);
    // One table per kernel the profile measured, in its order.
    const std::vector<std::string>& kernels() const { return m_kernels; }
    const std::vector<CounterRow>& rows(std::size_t kernel) const { return m_tables[kernel]; }
    // A row's cells as drawn: words, measured, predicted, ratio ("" where none).
    QStringList cellTexts(const CounterRow& row) const;
    // A row's tooltip: its words, Perfworks name, value, the prediction and,
    // for the achieved occupancy, which limit of the SM sets the ceiling.
    QString toolTipFor(const CounterRow& row) const;
    // Whether measured and predicted stray apart enough to be marked.
    static bool straysFromPrediction(const CounterRow& row);

    QSize sizeHint() const override { return {760, 520}; }
    QSize minimumSizeHint() const override { return {360, 200}; }

protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent* event) override;

private:
    struct Table;
    struct Layout;
    // Where each kernel's table is drawn, its columns, and the note under them.
    Layout layout() const;
    void rebuild();

    PlaybackModel* m_model;
    std::map<std::string, double> m_extraPredicted;
    QString m_unavailable;
    // The note under the tables: how the counters were measured, and what
    // the predictions are (told only where their columns are drawn).
    QString m_measuredNote;
    QString m_predictedNote;
    std::vector<std::string> m_kernels;
    std::vector<std::vector<CounterRow>> m_tables;
};

}  // namespace ws
