#pragma once
// Helpers for the entries labs register in the view catalog: a view made on
// the playback model alone, and a view refilled whenever the run on show
// changes.
#include <QObject>

#include "app/gui/workbench/view_catalog.h"
#include "widgets/model/playback_model.h"

namespace ws {

template <typename View>
ViewEntry modelView(const char* name, const QString& title, const char* lab) {
    return {QString::fromLatin1(name), title, QString::fromLatin1(lab),
            [](const ViewContext& c, QWidget* parent) -> QWidget* {
                return new View(c.model, parent);
            }};
}

// Calls `refresh(context, view)` now and whenever the run on show changes,
// while `view` lives.
template <typename View, typename Refresh>
View* following(const ViewContext& c, View* view, Refresh refresh) {
    QObject::connect(c.model, &PlaybackModel::runChanged, view,
                     [c, view, refresh] { refresh(c, view); });
    refresh(c, view);
    return view;
}

}  // namespace ws
