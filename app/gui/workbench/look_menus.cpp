#include "app/gui/workbench/look_menus.h"

#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

#include "app/gui/workbench/saved_session.h"
#include "widgets/view/colour_scheme.h"
#include "widgets/view/palette.h"
#include "widgets/view/ui_scale.h"

namespace ws {

namespace {

bool g_saving = true;

QPalette paletteFor(Scheme scheme) {
    QPalette p;
    const QColor base = palette::background(), text = palette::text();
    QColor window, button, mid, highlight, link;
    switch (scheme) {
        case Scheme::Dark:
            window = QColor(0x2A, 0x2A, 0x2A);
            button = QColor(0x35, 0x35, 0x35);
            mid = QColor(0x50, 0x50, 0x50);
            highlight = QColor(0x56, 0xB4, 0xE9);
            link = QColor(0x56, 0xB4, 0xE9);
            break;
        case Scheme::Projector:
            // Pure black on pure white, strong accents: washed-out projectors
            // lose the mid-greys first.
            window = QColor(0xFF, 0xFF, 0xFF);
            button = QColor(0xF0, 0xF0, 0xF0);
            mid = QColor(0x80, 0x80, 0x80);
            highlight = QColor(0x00, 0x48, 0x8C);
            link = QColor(0x00, 0x48, 0x8C);
            break;
        case Scheme::Light:
            window = QColor(0xF3, 0xF3, 0xF3);
            button = QColor(0xEC, 0xEC, 0xEC);
            mid = QColor(0xC8, 0xC8, 0xC8);
            highlight = QColor(0x00, 0x72, 0xB2);
            link = QColor(0x00, 0x72, 0xB2);
            break;
    }
    for (QPalette::ColorGroup g : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(g, QPalette::Window, window);
        p.setColor(g, QPalette::WindowText, text);
        p.setColor(g, QPalette::Base, base);
        p.setColor(g, QPalette::AlternateBase, button);
        p.setColor(g, QPalette::Text, text);
        p.setColor(g, QPalette::Button, button);
        p.setColor(g, QPalette::ButtonText, text);
        p.setColor(g, QPalette::ToolTipBase, base);
        p.setColor(g, QPalette::ToolTipText, text);
        p.setColor(g, QPalette::Mid, mid);
        p.setColor(g, QPalette::Highlight, highlight);
        p.setColor(g, QPalette::HighlightedText, QColor(Qt::white));
        p.setColor(g, QPalette::Link, link);
        p.setColor(g, QPalette::PlaceholderText, palette::mutedText());
    }
    p.setColor(QPalette::Disabled, QPalette::WindowText, palette::mutedText());
    p.setColor(QPalette::Disabled, QPalette::Text, palette::mutedText());
    p.setColor(QPalette::Disabled, QPalette::ButtonText, palette::mutedText());
    return p;
}

}  // namespace

void applyTheme(const QString& name) {
    const Scheme scheme = schemeFromName(name).value_or(Scheme::Light);
    ColourScheme::instance()->setScheme(scheme);
    // Fusion draws with the palette alone, so every platform looks the same.
    if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(paletteFor(scheme));
}

void applyCategorical(const QString& name) {
    ColourScheme::instance()->setCategorical(
        categoricalFromName(name).value_or(CategoricalSet::OkabeIto));
}

void applySavedLook() {
    const SavedSession s = loadSession();
    applyTheme(s.theme);
    applyCategorical(s.palette);
    UiScale::instance()->setUserScale(s.uiScale > 0 ? s.uiScale : 1);
}

void setLookSaving(bool enabled) { g_saving = enabled; }

void saveLook() {
    if (!g_saving) return;
    SavedSession s = loadSession();
    s.theme = schemeName(ColourScheme::instance()->scheme());
    s.palette = categoricalName(ColourScheme::instance()->categorical());
    s.uiScale = UiScale::instance()->userScale();
    saveSession(s);
}

void addLookMenus(QMenu* view) {
    QMenu* theme = view->addMenu(QObject::tr("Theme"));
    auto* themes = new QActionGroup(theme);
    const std::pair<Scheme, QString> schemes[] = {
        {Scheme::Light, QObject::tr("Light")},
        {Scheme::Dark, QObject::tr("Dark")},
        {Scheme::Projector, QObject::tr("Projector (high contrast)")}};
    for (const auto& [scheme, title] : schemes) {
        QAction* a = theme->addAction(title);
        a->setCheckable(true);
        a->setChecked(ColourScheme::instance()->scheme() == scheme);
        themes->addAction(a);
        QObject::connect(a, &QAction::triggered, a, [scheme = scheme] {
            applyTheme(schemeName(scheme));
            saveLook();
        });
    }
    QMenu* colours = view->addMenu(QObject::tr("Colours"));
    auto* sets = new QActionGroup(colours);
    const std::pair<CategoricalSet, QString> choices[] = {
        {CategoricalSet::OkabeIto, QObject::tr("Okabe–Ito (colour-blind safe)")},
        {CategoricalSet::TolBright, QObject::tr("Tol bright (colour-blind safe)")},
        {CategoricalSet::TolVibrant, QObject::tr("Tol vibrant (colour-blind safe)")}};
    for (const auto& [set, title] : choices) {
        QAction* a = colours->addAction(title);
        a->setCheckable(true);
        a->setChecked(ColourScheme::instance()->categorical() == set);
        sets->addAction(a);
        QObject::connect(a, &QAction::triggered, a, [set = set] {
            applyCategorical(categoricalName(set));
            saveLook();
        });
    }
    QObject::connect(UiScale::instance(), &UiScale::changed, view, [] { saveLook(); });
}

}  // namespace ws
