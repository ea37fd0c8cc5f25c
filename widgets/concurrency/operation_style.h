#pragma once
// How the concurrency views draw operations: a colour from the colour-blind
// safe set per kind, a hatch direction for copies (host to device "/", device
// to host "\") so direction does not rest on colour alone, and short labels.
#include <QBrush>
#include <QColor>
#include <QString>

#include "core/run/run.h"

namespace ws::opstyle {

QColor colour(OperationKind kind);
QColor hostCallColour(const QString& name);  // waits (synchronize) darker than enqueues
// The hatch drawn over a copy, Qt::NoBrush for everything else.
Qt::BrushStyle hatch(OperationKind kind);
QString shortLabel(OperationKind kind);  // "kernel", "H→D", "D→H", "memset", "migrate H→D", ...
QString hostMemoryText(HostMemoryKind kind);  // "pinned", "pageable", "managed", ""
QColor depthColour(std::uint32_t depth);      // grids by nesting depth
// The index-th stream's colour: the categorical set without the colours too
// near an operation's in the legend (two streams' blocks were drawn in the
// migrations' sky blue and bluish green).
QColor streamColour(int index);
QString bytesText(std::uint64_t bytes);  // "4 KiB", "1.5 MiB"

}  // namespace ws::opstyle
