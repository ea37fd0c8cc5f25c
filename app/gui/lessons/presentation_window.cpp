#include "app/gui/lessons/presentation_window.h"

#include <QAction>
#include <QCloseEvent>
#include <QGuiApplication>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace ws {

PresentationWindow::PresentationWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), m_layout(new QVBoxLayout(this)) {
    setWindowTitle(tr("warpscope — presentation"));
    setObjectName(QStringLiteral("presentation"));
    m_layout->setContentsMargins(0, 0, 0, 0);
    for (const QKeySequence& key : {QKeySequence(Qt::Key_Escape), QKeySequence(Qt::Key_F11)}) {
        auto* leave = new QAction(this);
        leave->setShortcut(key);
        connect(leave, &QAction::triggered, this, &PresentationWindow::leaveRequested);
        addAction(leave);
    }
}

void PresentationWindow::present(QWidget* page, QStackedWidget* home) {
    giveBack();
    m_page = page;
    m_home = home;
    m_homeIndex = home->indexOf(page);
    home->removeWidget(page);
    m_layout->addWidget(page);
    page->show();
    // Offscreen (screenshots, tests) there is no screen to fill.
    if (QGuiApplication::platformName() == QLatin1String("offscreen")) {
        resize(m_offscreenSize);
        show();
    } else {
        showFullScreen();
    }
}

void PresentationWindow::giveBack() {
    if (!m_page || !m_home) return;
    m_layout->removeWidget(m_page);
    m_home->insertWidget(std::max(0, m_homeIndex), m_page);
    m_home->setCurrentWidget(m_page);
    m_page = nullptr;
}

void PresentationWindow::closeEvent(QCloseEvent* event) {
    // Closing the window leaves presentation mode; the page goes home first.
    event->ignore();
    emit leaveRequested();
}

}  // namespace ws
