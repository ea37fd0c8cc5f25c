#pragma once
// Themes (light, dark, a high-contrast projector theme) as Fusion palettes of
// warpscope's own (Debian's Qt 6.4 has no colour-scheme API), the
// categorical colour set, and the UI scale: set from the View menu, applied
// live, remembered across starts.
#include <QString>

class QMenu;

namespace ws {

void addLookMenus(QMenu* view);
// Applies a theme to the application and the views.
void applyTheme(const QString& name);
void applyCategorical(const QString& name);
// The theme, colours and scale saved by an earlier start.
void applySavedLook();
void saveLook();
// Screenshots and exports change nothing a later start would see.
void setLookSaving(bool enabled);

}  // namespace ws
