#pragma once
// The thin line under a slide that says how far through the lesson it is.
#include <QWidget>

namespace ws {

class SlideProgress : public QWidget {
    Q_OBJECT
public:
    explicit SlideProgress(QWidget* parent = nullptr);
    void setFraction(double fraction);
    double fraction() const { return m_fraction; }
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    double m_fraction = 0;
};

}  // namespace ws
