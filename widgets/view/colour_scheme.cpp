#include "widgets/view/colour_scheme.h"

#include <QApplication>
#include <QWidget>

namespace ws {

ColourScheme* ColourScheme::instance() {
    static ColourScheme* scheme = new ColourScheme;  // lives as long as the process
    return scheme;
}

void ColourScheme::setScheme(Scheme scheme) {
    if (scheme == m_scheme) return;
    m_scheme = scheme;
    emit changed();
    if (qApp)
        for (QWidget* w : QApplication::allWidgets()) w->update();
}

void ColourScheme::setCategorical(CategoricalSet set) {
    if (set == m_set) return;
    m_set = set;
    emit changed();
    if (qApp)
        for (QWidget* w : QApplication::allWidgets()) w->update();
}

QString schemeName(Scheme scheme) {
    switch (scheme) {
        case Scheme::Light:
            return QStringLiteral("light");
        case Scheme::Dark:
            return QStringLiteral("dark");
        case Scheme::Projector:
            return QStringLiteral("projector");
    }
    return QStringLiteral("light");
}

std::optional<Scheme> schemeFromName(const QString& name) {
    for (Scheme s : {Scheme::Light, Scheme::Dark, Scheme::Projector})
        if (schemeName(s) == name) return s;
    return std::nullopt;
}

QString categoricalName(CategoricalSet set) {
    switch (set) {
        case CategoricalSet::OkabeIto:
            return QStringLiteral("okabe-ito");
        case CategoricalSet::TolBright:
            return QStringLiteral("tol-bright");
        case CategoricalSet::TolVibrant:
            return QStringLiteral("tol-vibrant");
    }
    return QStringLiteral("okabe-ito");
}

std::optional<CategoricalSet> categoricalFromName(const QString& name) {
    for (CategoricalSet s :
         {CategoricalSet::OkabeIto, CategoricalSet::TolBright, CategoricalSet::TolVibrant})
        if (categoricalName(s) == name) return s;
    return std::nullopt;
}

}  // namespace ws
