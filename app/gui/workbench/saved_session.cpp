#include "app/gui/workbench/saved_session.h"

#include <QSettings>

namespace ws {

namespace {

QSettings settings() { return QSettings(QStringLiteral("warpscope"), QStringLiteral("warpscope")); }

const char* kindName(SavedSession::Kind k) {
    switch (k) {
        case SavedSession::Kind::Lesson:
            return "lesson";
        case SavedSession::Kind::Experiment:
            return "experiment";
        case SavedSession::Kind::Trace:
            return "trace";
        case SavedSession::Kind::None:
            break;
    }
    return "none";
}

}  // namespace

bool hasSavedSession() { return settings().contains(QStringLiteral("session/kind")); }

SavedSession loadSession() {
    QSettings s = settings();
    SavedSession out;
    const QString kind = s.value(QStringLiteral("session/kind")).toString();
    for (auto k :
         {SavedSession::Kind::Lesson, SavedSession::Kind::Experiment, SavedSession::Kind::Trace})
        if (kind == QLatin1String(kindName(k))) out.kind = k;
    out.lesson = s.value(QStringLiteral("session/lesson")).toString();
    out.slide = s.value(QStringLiteral("session/slide"), 0).toInt();
    out.experiment = s.value(QStringLiteral("session/experiment")).toString();
    s.beginGroup(QStringLiteral("session-params"));
    for (const QString& key : s.childKeys())
        out.params[key.toStdString()] = s.value(key).toString().toStdString();
    s.endGroup();
    out.trace = s.value(QStringLiteral("session/trace")).toString();
    out.uiScale = s.value(QStringLiteral("look/scale"), 1.0).toDouble();
    out.theme = s.value(QStringLiteral("look/theme")).toString();
    out.palette = s.value(QStringLiteral("look/palette")).toString();
    return out;
}

void saveSession(const SavedSession& session) {
    QSettings s = settings();
    s.setValue(QStringLiteral("session/kind"), QLatin1String(kindName(session.kind)));
    s.setValue(QStringLiteral("session/lesson"), session.lesson);
    s.setValue(QStringLiteral("session/slide"), session.slide);
    s.setValue(QStringLiteral("session/experiment"), session.experiment);
    s.remove(QStringLiteral("session-params"));
    s.beginGroup(QStringLiteral("session-params"));
    for (const auto& [name, value] : session.params)
        s.setValue(QString::fromStdString(name), QString::fromStdString(value));
    s.endGroup();
    s.setValue(QStringLiteral("session/trace"), session.trace);
    s.setValue(QStringLiteral("look/scale"), session.uiScale);
    s.setValue(QStringLiteral("look/theme"), session.theme);
    s.setValue(QStringLiteral("look/palette"), session.palette);
}

}  // namespace ws
