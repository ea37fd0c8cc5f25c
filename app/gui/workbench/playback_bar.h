#pragma once
// Play, pause, step, speed and a scrubber over the run's GPU time, with the
// time shown in ns or µs. Keys (installed by the window): Space, Left/Right,
// Home, End.
#include <QWidget>

#include "widgets/model/playback_model.h"

class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace ws {

class PlaybackBar : public QWidget {
    Q_OBJECT
public:
    explicit PlaybackBar(PlaybackModel* model, QWidget* parent = nullptr);
    QSlider* scrubber() const { return m_scrubber; }
    QString timeText() const;

private:
    void refresh();

    PlaybackModel* m_model;
    QToolButton* m_play;
    QSlider* m_scrubber;
    QLabel* m_time;       // "544 ns / 544 ns" over "event 4 of 4"
    QString m_plainTime;  // the same on one line, for timeText()
    QComboBox* m_speed;
    bool m_updating = false;
};

}  // namespace ws
