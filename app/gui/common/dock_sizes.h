#pragma once
// Sizes the docks ask for, applied once they are on screen. Qt scales the
// sizes resizeDocks gets before the window is shown with the first layout
// (the reduction tree asked for 620 px of a 1920-px window and opened at
// 770, leaving the throughput plot 170 px), and a lab's dock hidden at start
// has no place to size until it is shown.
#include <QObject>
#include <QPointer>
#include <vector>

class QDockWidget;
class QMainWindow;

namespace ws {

class DockSizes : public QObject {
    Q_OBJECT
public:
    explicit DockSizes(QMainWindow* window);
    // Each dock gets its size once: the first time both it and the window
    // are visible. What the user drags afterwards stays.
    void prefer(QDockWidget* dock, int size, Qt::Orientation orientation);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void applyLater();
    void applyPending();

    struct Wish {
        QPointer<QDockWidget> dock;
        int size = 0;
        Qt::Orientation orientation = Qt::Horizontal;
        bool applied = false;
    };
    QMainWindow* m_window;
    std::vector<Wish> m_wishes;
};

}  // namespace ws
