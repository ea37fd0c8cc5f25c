#include "app/gui/lessons/lesson_keys.h"

#include <QApplication>
#include <QKeyEvent>

#include "app/gui/lessons/lesson_controller.h"
#include "app/gui/lessons/slide_stage.h"

namespace ws {

LessonKeys::LessonKeys(LessonController* lesson, SlideStage* stage, QObject* parent)
    : QObject(parent), m_lesson(lesson), m_stage(stage) {}

void LessonKeys::setActive(bool active) {
    if (active == m_active) return;
    m_active = active;
    if (active)
        qApp->installEventFilter(this);
    else
        qApp->removeEventFilter(this);
    m_digits.clear();
    m_stage->setPendingNumber({});
}

bool LessonKeys::eventFilter(QObject* watched, QEvent* event) {
    // A shortcut (the Playback menu's Left and Right, say) would take the key
    // before the focused widget sees it: claim the override first.
    if (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        // Each key reaches the filter once per widget up the chain; act once.
        if (!watched->isWidgetType()) return QObject::eventFilter(watched, event);
        // A dialog (a file to open, say) keeps its keys.
        if (QApplication::activeModalWidget()) return QObject::eventFilter(watched, event);
        if (event->type() == QEvent::ShortcutOverride) {
            if (!m_active ||
                key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
                return false;
            // Accepting the override makes Qt deliver the key as a key press.
            const bool ours = [&] {
                switch (key->key()) {
                    case Qt::Key_PageDown:
                    case Qt::Key_PageUp:
                    case Qt::Key_Right:
                    case Qt::Key_Left:
                    case Qt::Key_Down:
                    case Qt::Key_Up:
                    case Qt::Key_Space:
                    case Qt::Key_Return:
                    case Qt::Key_Enter:
                    case Qt::Key_Backspace:
                    case Qt::Key_Home:
                    case Qt::Key_End:
                    case Qt::Key_N:
                    case Qt::Key_P:
                    case Qt::Key_B:
                    case Qt::Key_W:
                    case Qt::Key_Period:
                    case Qt::Key_Comma:
                        return true;
                    default:
                        return key->key() >= Qt::Key_0 && key->key() <= Qt::Key_9;
                }
            }();
            if (ours) event->accept();
            return ours;
        }
        if (handle(*key)) return true;
    }
    return QObject::eventFilter(watched, event);
}

bool LessonKeys::handle(const QKeyEvent& key) {
    if (!m_active || !m_lesson->isOpen()) return false;
    if (key.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) return false;
    const int k = key.key();
    auto unblank = [this] {
        if (m_stage->blank() == SlideStage::Blank::None) return false;
        m_stage->setBlank(SlideStage::Blank::None);
        return true;
    };
    if (k >= Qt::Key_0 && k <= Qt::Key_9) {
        if (m_digits.size() < 4) m_digits += QChar('0' + (k - Qt::Key_0));
        m_stage->setPendingNumber(m_digits);
        return true;
    }
    if ((k == Qt::Key_Return || k == Qt::Key_Enter) && !m_digits.isEmpty()) {
        const int slide = m_digits.toInt();
        m_digits.clear();
        m_stage->setPendingNumber({});
        unblank();
        if (slide >= 1) m_lesson->goTo(slide - 1, 0);  // numbered from 1, as on screen
        return true;
    }
    if (k == Qt::Key_Backspace && !m_digits.isEmpty()) {
        m_digits.chop(1);
        m_stage->setPendingNumber(m_digits);
        return true;
    }
    switch (k) {
        case Qt::Key_B:
        case Qt::Key_Period:
            m_stage->setBlank(m_stage->blank() == SlideStage::Blank::Black
                                  ? SlideStage::Blank::None
                                  : SlideStage::Blank::Black);
            return true;
        case Qt::Key_W:
        case Qt::Key_Comma:
            m_stage->setBlank(m_stage->blank() == SlideStage::Blank::White
                                  ? SlideStage::Blank::None
                                  : SlideStage::Blank::White);
            return true;
        default:
            break;
    }
    m_digits.clear();
    m_stage->setPendingNumber({});
    switch (k) {
        case Qt::Key_PageDown:
        case Qt::Key_Right:
        case Qt::Key_Down:
        case Qt::Key_Space:
        case Qt::Key_Return:
        case Qt::Key_Enter:
        case Qt::Key_N:
            // The first press after a blank brings the slide back where it was.
            if (!unblank()) m_lesson->next();
            return true;
        case Qt::Key_PageUp:
        case Qt::Key_Left:
        case Qt::Key_Up:
        case Qt::Key_Backspace:
        case Qt::Key_P:
            if (!unblank()) m_lesson->previous();
            return true;
        case Qt::Key_Home:
            unblank();
            m_lesson->first();
            return true;
        case Qt::Key_End:
            unblank();
            m_lesson->last();
            return true;
        default:
            return false;
    }
}

}  // namespace ws
