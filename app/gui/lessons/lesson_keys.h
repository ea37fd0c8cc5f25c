#pragma once
// The keys presenter remotes and slide software use, for the lesson on show,
// whatever widget has the focus (a remote sends them to a slider or a spin
// box as readily as to the slide): Page Down, Right, Down, Space, Enter and N
// go forward; Page Up, Left, Up, Backspace and P go back; B or '.' blacks the
// screen, W or ',' whites it (either again, or any move, brings the slide
// back); digits then Enter jump to that slide; Home and End go to the first
// and last slide. Installed on the application while a lesson is open.
#include <QObject>
#include <QString>

class QKeyEvent;

namespace ws {

class LessonController;
class SlideStage;

class LessonKeys : public QObject {
    Q_OBJECT
public:
    LessonKeys(LessonController* lesson, SlideStage* stage, QObject* parent = nullptr);
    void setActive(bool active);
    bool active() const { return m_active; }
    // Acts on one key press; true when it was the lesson's.
    bool handle(const QKeyEvent& key);
    QString pendingDigits() const { return m_digits; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    LessonController* m_lesson;
    SlideStage* m_stage;
    QString m_digits;
    bool m_active = false;
};

}  // namespace ws
