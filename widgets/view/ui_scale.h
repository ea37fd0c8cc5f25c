#pragma once
// One scale for everything drawn, so a projector in a lecture hall gets text,
// lines, markers and hit areas grown together, live (View > Larger, Ctrl +).
// Fonts follow the application font, which the scale sets; views multiply
// their pixel sizes by ui::px(). Two factors make the scale: the user's
// (remembered across starts) and the mode's (presentation mode reads from the
// back of the hall at the user's 100 %).
#include <QObject>

namespace ws {

class UiScale : public QObject {
    Q_OBJECT
public:
    static UiScale* instance();

    // Presentation mode's factor: the smallest text views draw (0.75 of the
    // font) comes out at least 20 px tall on a 96-dpi 1920x1080 projector.
    static constexpr double kPresentationFactor = 1.85;
    static constexpr double kMinUser = 0.5;
    static constexpr double kMaxUser = 3.0;

    double scale() const { return m_user * m_mode; }
    double userScale() const { return m_user; }
    double modeFactor() const { return m_mode; }
    // The application font's point size at scale 1.
    double basePointSize() const { return m_basePt; }

    void setUserScale(double scale);  // clamped to [kMinUser, kMaxUser]
    void setModeFactor(double factor);
    void setBasePointSize(double pt);

signals:
    void changed(double scale);

private:
    UiScale() = default;
    void apply();

    double m_user = 1;
    double m_mode = 1;
    double m_basePt = 11;
};

namespace ui {
inline double scale() { return UiScale::instance()->scale(); }
// Logical pixels at the current scale: pen widths, marker sizes, hit areas.
inline double px(double logical) { return logical * scale(); }
}  // namespace ui

}  // namespace ws
