#pragma once
// What the audience sees of a lesson: the slide number, count and title
// (always visible), two or three views large in the slide's layout, the
// narration as a caption, a thin line of progress through the lesson, and a
// black or white screen on demand. It shows what it is given and decides
// nothing; LessonController fills it.
#include <QWidget>
#include <vector>

#include "core/lesson/lesson.h"

class QLabel;
class QVBoxLayout;

namespace ws {

class CompareTable;
class SlideProgress;

class SlideStage : public QWidget {
    Q_OBJECT
public:
    enum class Blank { None, Black, White };
    explicit SlideStage(QWidget* parent = nullptr);

    void setHeading(int slide, int count, const QString& title, const QString& badge);
    // Takes ownership of the views; the earlier ones are deleted.
    void setViews(const std::vector<std::pair<QString, QWidget*>>& titledViews,
                  lesson::Layout layout);
    // A second run beside the first (a comparison slide): two columns.
    void setComparison(const std::vector<std::pair<QString, QWidget*>>& left,
                       const std::vector<std::pair<QString, QWidget*>>& right,
                       const QString& leftTitle, const QString& rightTitle, CompareTable* table);
    void setCaption(const QString& markdown);
    void setProblem(const QString& message);  // empty: none
    void setProgress(double fraction);        // 0..1 through the lesson
    void setBlank(Blank blank);
    // What is typed so far of a slide number (shown small in the corner).
    void setPendingNumber(const QString& digits);

    Blank blank() const { return m_blank; }
    QString headingText() const;
    QString badgeText() const;  // empty where no badge shows
    QString captionText() const;
    QString problemText() const;
    QString pendingNumberText() const;
    const std::vector<QWidget*>& views() const { return m_views; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QWidget* framed(const QString& title, QWidget* view);
    // The view titles of one row of a comparison keep one height.
    static void alignTitles(QLabel* a, QLabel* b);
    void clearBody();
    void fitCaption();
    void fitCompareTable();

    QLabel* m_number;
    QLabel* m_title;
    QLabel* m_badge;
    QLabel* m_pending;
    QWidget* m_body;
    QVBoxLayout* m_bodyLayout;
    QWidget* m_bodyContent = nullptr;
    CompareTable* m_compareTable = nullptr;  // inside m_bodyContent
    QLabel* m_caption;
    QLabel* m_problem;
    SlideProgress* m_progress;
    QWidget* m_curtain;
    Blank m_blank = Blank::None;
    std::vector<QWidget*> m_views;
};

}  // namespace ws
