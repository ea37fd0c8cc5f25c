#pragma once
// Two runs played together: the left one's model is given (the window's, or
// a compare window's own), the right one is loaded here off the UI thread and
// follows the left in lockstep, by GPU time or by playback event.
#include <QObject>
#include <QPointer>
#include <functional>
#include <memory>

#include "widgets/model/playback_model.h"

namespace ws {

class RunPair : public QObject {
    Q_OBJECT
public:
    enum class Lockstep { Time, Event };

    RunPair(PlaybackModel* left, QObject* parent = nullptr);
    // The left model, which outlives the pair, gets its own time scale back.
    ~RunPair() override;
    PlaybackModel* left() const { return m_left; }
    PlaybackModel* right() const { return m_right; }
    const Run* leftRun() const { return m_left->run(); }
    const Run* rightRun() const { return m_right->run(); }

    void setLockstep(Lockstep lockstep);
    Lockstep lockstep() const { return m_lockstep; }
    // Loads a trace into the right side; `done` gets an error text or empty.
    void loadRight(const QString& file, std::function<void(QString)> done = {});
    void setRight(std::shared_ptr<const PreparedRun> prepared);
    // The right side takes the left's position and highlight now.
    void follow();
    bool loading() const { return m_loading > 0; }

signals:
    void changed();  // either side's run changed

private:
    // Both sides' time axes to the longer run's span (PlaybackModel::commonSpan).
    void shareTimeScale();

    PlaybackModel* m_left;
    QPointer<PlaybackModel> m_leftAlive;
    PlaybackModel* m_right;
    Lockstep m_lockstep = Lockstep::Time;
    int m_generation = 0;
    int m_loading = 0;
};

}  // namespace ws
