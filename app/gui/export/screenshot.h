#pragma once
// Renders a widget (the whole window) into a PNG: what --screenshot writes.
#include <QString>

#include "core/common/result.h"

class QWidget;

namespace ws {
Status saveScreenshot(QWidget* widget, const QString& path);
}
