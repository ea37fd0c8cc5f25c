#pragma once
// The state every view shares: the run on show, the playback time, the
// selected and the hovered block. Views read it and call its setters; its
// signals keep them all in step (select a block anywhere, all views follow).
#include <QObject>
#include <QTimer>
#include <algorithm>
#include <memory>
#include <vector>

#include "widgets/model/block_ref.h"
#include "widgets/model/highlight.h"
#include "widgets/model/prepared_run.h"

namespace ws {

class PlaybackModel : public QObject {
    Q_OBJECT
public:
    explicit PlaybackModel(QObject* parent = nullptr);

    void setRun(std::shared_ptr<const PreparedRun> prepared);
    const PreparedRun* prepared() const { return m_prepared.get(); }
    std::shared_ptr<const PreparedRun> preparedShared() const { return m_prepared; }
    const Run* run() const { return m_prepared ? m_prepared->run.get() : nullptr; }

    double time() const { return m_time; }  // ns after the run's origin
    double duration() const { return m_prepared ? m_prepared->spanEnd : 0; }
    int stepCount() const;
    int currentStep() const;  // last step at or before the time
    BlockRef selected() const { return m_selected; }
    BlockRef hovered() const { return m_hovered; }
    bool playing() const { return m_timer.isActive(); }
    // Seconds of wall time the whole span takes to play at speed 1.
    static constexpr double kBaseSeconds = 8.0;
    double speed() const { return m_speed; }
    // What a lesson slide points at; views emphasise what applies to them.
    const Highlight& highlight() const { return m_highlight; }
    // Blocks a statistics bar picked out ("the slowest 5 %"): the timeline
    // outlines them. Empty when none.
    const std::vector<BlockRef>& marked() const { return m_marked; }
    // The span time axes cover at least, in ns: two runs compared side by
    // side share one scale, so that the faster looks faster (0: the run's own).
    double commonSpan() const { return m_commonSpan; }
    // Where playback ends: the run's own span, or the longer span of a
    // comparison this model leads (setCommonSpan), so two runs played in
    // step by time both run to their ends.
    double playbackEnd() const { return m_prepared ? std::max(duration(), m_commonSpan) : 0; }
    void setCommonSpan(double ns);

public slots:
    void setTime(double ns);
    void setStep(int step);
    void stepForward();
    void stepBack();
    void toStart();
    void toEnd();
    void play();
    void pause();
    void togglePlay();
    void setSpeed(double factor);
    void setSelected(ws::BlockRef ref);
    void setHovered(ws::BlockRef ref);
    void setHighlight(const ws::Highlight& highlight);
    void setMarked(std::vector<ws::BlockRef> blocks);

signals:
    void runChanged();
    void timeChanged(double ns);
    void selectionChanged(ws::BlockRef ref);
    void hoverChanged(ws::BlockRef ref);
    void playingChanged(bool playing);
    void highlightChanged();
    void markedChanged();
    void commonSpanChanged();

private:
    void advance();

    std::shared_ptr<const PreparedRun> m_prepared;
    double m_time = 0;
    double m_speed = 1;
    BlockRef m_selected, m_hovered;
    Highlight m_highlight;
    std::vector<BlockRef> m_marked;
    double m_commonSpan = 0;
    QTimer m_timer;
    qint64 m_lastTickMs = 0;
};

}  // namespace ws
