#include "app/gui/lessons/notes_window.h"

#include <QGuiApplication>
#include <QLabel>
#include <QScreen>
#include <QTimer>
#include <QVBoxLayout>

#include "app/gui/lessons/lesson_controller.h"
#include "core/lesson/lesson.h"

namespace ws {

NotesWindow::NotesWindow(LessonController* lesson, QWidget* parent)
    : QWidget(parent, Qt::Window),
      m_lesson(lesson),
      m_where(new QLabel(this)),
      m_notes(new QLabel(this)),
      m_next(new QLabel(this)),
      m_clock(new QLabel(this)),
      m_tick(new QTimer(this)) {
    setWindowTitle(tr("warpscope — speaker notes"));
    auto* v = new QVBoxLayout(this);
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    m_where->setFont(big);
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::MarkdownText);
    m_notes->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_notes->setFont(big);
    m_next->setWordWrap(true);
    m_next->setTextFormat(Qt::MarkdownText);
    m_next->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    v->addWidget(m_where);
    v->addWidget(m_notes, 3);
    auto* nextTitle = new QLabel(tr("<b>Next</b>"), this);
    v->addWidget(nextTitle);
    v->addWidget(m_next, 1);
    v->addWidget(m_clock);
    connect(lesson, &LessonController::slideChanged, this, &NotesWindow::refresh);
    connect(lesson, &LessonController::figuresChanged, this, &NotesWindow::refresh);
    connect(lesson, &LessonController::opened, this, [this] {
        m_elapsed.restart();
        refresh();
    });
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, [this] {
        const qint64 s = m_elapsed.isValid() ? m_elapsed.elapsed() / 1000 : 0;
        m_clock->setText(
            tr("%1:%2 since the lesson began").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0')));
    });
    m_tick->start();
    m_elapsed.start();
    resize(1000, 700);
    refresh();
}

void NotesWindow::showOnOtherScreen(QWidget* audience) {
    const QList<QScreen*> screens = QGuiApplication::screens();
    QScreen* theirs = audience->screen();
    for (QScreen* s : screens)
        if (s != theirs) {
            setScreen(s);
            setGeometry(s->availableGeometry());
            break;
        }
    show();
    raise();
}

void NotesWindow::refresh() {
    const lesson::Lesson* l = m_lesson->lesson();
    if (!l) {
        m_where->setText(tr("No lesson open"));
        m_notes->clear();
        m_next->clear();
        return;
    }
    const int i = m_lesson->slide();
    const lesson::Slide& s = l->slides[std::size_t(i)];
    QString where = tr("Slide %1 of %2: %3")
                        .arg(i + 1)
                        .arg(l->slides.size())
                        .arg(QString::fromStdString(s.title));
    if (!s.fragments.empty())
        where += tr(" (step %1 of %2)").arg(m_lesson->fragment() + 1).arg(s.fragments.size() + 1);
    m_where->setText(where);
    QString notes = s.notes.empty() ? tr("*No notes for this slide.*") : m_lesson->resolvedNotes();
    // What the slide's story needs and these runs do not give: for the
    // speaker alone, so the audience's slide never changes.
    for (const QString& broken : m_lesson->brokenExpectations())
        notes += QStringLiteral("\n\n**✘** ") + broken;
    // Runs not from the lesson's folder of traces, or of another GPU than
    // the slide's: the speaker knows whose numbers the audience reads. The
    // trace names' "__" would read as Markdown's bold.
    for (QString line : m_lesson->runsFromElsewhere()) {
        for (const QChar c : {u'\\', u'_', u'*', u'`'}) line.replace(c, QStringLiteral("\\") + c);
        notes += QStringLiteral("\n\n**⚠** ") + line;
    }
    m_notes->setText(notes);
    if (m_lesson->fragment() < int(s.fragments.size())) {
        const std::string& n = s.fragments[std::size_t(m_lesson->fragment())].narration;
        m_next->setText(tr("Next step of this slide. ") +
                        QString::fromStdString(
                            lesson::resolveNarrationOrEllipsis(n, m_lesson->narrationRuns())));
    } else if (i + 1 < int(l->slides.size())) {
        const lesson::Slide& next = l->slides[std::size_t(i) + 1];
        m_next->setText(QStringLiteral("**%1**\n\n%2")
                            .arg(QString::fromStdString(next.title),
                                 // Its runs are not loaded yet: figures read "…".
                                 QString::fromStdString(lesson::resolveNarrationOrEllipsis(
                                     next.opening.narration, {}))));
    } else {
        m_next->setText(tr("*The end of the lesson.*"));
    }
}

QString NotesWindow::notesText() const { return m_notes->text(); }
QString NotesWindow::nextText() const { return m_next->text(); }

}  // namespace ws
