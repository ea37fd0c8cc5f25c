#pragma once
// The colours views paint with follow one scheme (light, dark, or a
// high-contrast one for washed-out projectors) and one set of categorical
// colours, each safe for the common colour-vision deficiencies. Views read
// them through widgets/view/palette.h and repaint on `changed`.
#include <QObject>
#include <QString>
#include <optional>

namespace ws {

enum class Scheme { Light, Dark, Projector };
enum class CategoricalSet { OkabeIto, TolBright, TolVibrant };

class ColourScheme : public QObject {
    Q_OBJECT
public:
    static ColourScheme* instance();
    Scheme scheme() const { return m_scheme; }
    CategoricalSet categorical() const { return m_set; }
    void setScheme(Scheme scheme);
    void setCategorical(CategoricalSet set);

signals:
    void changed();

private:
    ColourScheme() = default;
    Scheme m_scheme = Scheme::Light;
    CategoricalSet m_set = CategoricalSet::OkabeIto;
};

QString schemeName(Scheme scheme);  // "light", "dark", "projector"
std::optional<Scheme> schemeFromName(const QString& name);
QString categoricalName(CategoricalSet set);  // "okabe-ito", "tol-bright", "tol-vibrant"
std::optional<CategoricalSet> categoricalFromName(const QString& name);

}  // namespace ws
