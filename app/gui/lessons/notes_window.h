#pragma once
// The speaker's window: this slide's notes (kept out of the audience's view),
// where the lesson stands, the next slide's title and opening narration, and
// the time since the lesson began. On a second screen where there is one.
#include <QElapsedTimer>
#include <QWidget>

class QLabel;
class QTimer;

namespace ws {

class LessonController;

class NotesWindow : public QWidget {
    Q_OBJECT
public:
    NotesWindow(LessonController* lesson, QWidget* parent = nullptr);
    // On a screen other than the audience window's, if there is one.
    void showOnOtherScreen(QWidget* audience);
    QString notesText() const;
    QString nextText() const;

private:
    void refresh();

    LessonController* m_lesson;
    QLabel* m_where;
    QLabel* m_notes;
    QLabel* m_next;
    QLabel* m_clock;
    QTimer* m_tick;
    QElapsedTimer m_elapsed;
};

}  // namespace ws
