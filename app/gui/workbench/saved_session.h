#pragma once
// What the window showed last and how it looked, kept across starts
// (QSettings): a later start reopens it; a first start opens the
// execution-model lesson.
#include <QString>

#include "core/run/run.h"

namespace ws {

struct SavedSession {
    enum class Kind { None, Lesson, Experiment, Trace };
    Kind kind = Kind::None;
    QString lesson;
    int slide = 0;
    QString experiment;
    ParamValues params;
    QString trace;
    double uiScale = 1;
    QString theme;  // look.h names
    QString palette;
};

SavedSession loadSession();
void saveSession(const SavedSession& session);
// Whether anything was ever saved (a first start has nothing).
bool hasSavedSession();

}  // namespace ws
