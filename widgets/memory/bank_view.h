#pragma once
// Shared-memory banks of one traced warp instruction: the 32 lanes as a row
// on top, the 32 banks as columns below, a line from each lane to the bank of
// the word it touches and, inside each bank, one row per distinct word. A
// word several lanes share is a broadcast (sky blue, round); a bank with
// several words is a conflict (vermillion, hatched): one more pass each. The
// passes the analysis predicts stand beside the cycles measured. 8- and
// 16-byte accesses show their half- and quarter-warp phases as bands of rows.
//
// The view steps through the traced instructions of the selected block (or
// the first traced one); a prediction set from the controls replaces the
// recorded addresses at once, while the measured cycles stay labelled with
// the parameters they were measured at.
#include <QWidget>
#include <optional>
#include <vector>

#include "core/access/bank_diagram.h"
#include "widgets/model/playback_model.h"
#include "widgets/view/caption_fit.h"
#include "widgets/view/measure_key.h"

namespace ws {

class BankView : public QWidget {
    Q_OBJECT
public:
    explicit BankView(PlaybackModel* model, QWidget* parent = nullptr);

    int instructionCount() const { return int(m_records.size()); }
    int instruction() const { return m_index; }
    QString instructionLabel(int index) const;
    // What-if addresses from the controls; nullopt goes back to the record.
    void setPrediction(std::optional<WarpAccess> access, const QString& what);
    // Where the measurement comes from ("live on ...", "recorded trace, nearest ...").
    void setMeasurementNote(const QString& note);

    const BankDiagram& diagram() const { return m_diagram; }
    QString passesText() const;
    QString measuredText() const;
    // The same as pieces that give way in a narrow view: the passes, the
    // phases and the cycles stay ("2 phases of 16 la…" hid the point of a
    // slide on wide accesses).
    std::vector<CaptionPiece> passesPieces() const;
    std::vector<CaptionPiece> measuredPieces() const;
    QRectF laneRect(int lane) const;
    QRectF wordRect(std::uint32_t bank, std::uint32_t row) const;
    QSize sizeHint() const override { return {760, 460}; }
    QSize minimumSizeHint() const override { return {360, 240}; }
    // Whether the key takes its short form: where the whole one would leave
    // the passes too little room.
    bool briefLegend() const;

public slots:
    void setInstruction(int index);
    void nextInstruction() { setInstruction(m_index + 1); }
    void previousInstruction() { setInstruction(m_index - 1); }

signals:
    void instructionsChanged();
    void instructionChanged(int index);

protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    void refresh();
    const Launch* launch() const;
    QRect bankArea() const;
    bool measureBriefLegend() const;
    int gridWanted() const;  // the height the passes' rows ask for
    int headerHeight() const;

    PlaybackModel* m_model;
    std::vector<std::size_t> m_records;  // shared-access records shown, in order
    int m_index = 0;
    std::optional<WarpAccess> m_prediction;
    QString m_predictionWhat, m_note;
    WarpAccess m_access;
    BankDiagram m_diagram;
    mutable MeasureKey m_areaKey;  // what m_area and m_brief were measured for
    mutable QRect m_area;
    mutable bool m_brief = false;
};

}  // namespace ws
