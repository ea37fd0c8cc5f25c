#pragma once
// Presentation mode's window: full screen, nothing but what is presented (a
// lesson's stage, or the workbench's views when no lesson is open). The page
// moves here from the main window and back, so the main window's menus,
// docks and playback bar cannot reach the projector.
#include <QPointer>
#include <QWidget>

class QStackedWidget;
class QVBoxLayout;

namespace ws {

class PresentationWindow : public QWidget {
    Q_OBJECT
public:
    explicit PresentationWindow(QWidget* parent = nullptr);
    // Takes `page` out of `home` (a stacked widget) and shows it full screen.
    void present(QWidget* page, QStackedWidget* home);
    // Gives the page back to where it came from.
    void giveBack();
    QWidget* page() const { return m_page; }
    // Offscreen (screenshots, tests) there is no screen to fill: this size.
    void setOffscreenSize(QSize size) { m_offscreenSize = size; }

signals:
    void leaveRequested();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    QSize m_offscreenSize{1920, 1080};  // the projector size the docs and tests check
    QVBoxLayout* m_layout;
    QPointer<QWidget> m_page;
    QPointer<QStackedWidget> m_home;
    int m_homeIndex = -1;
};

}  // namespace ws
