#include "app/gui/common/resource_paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace ws {

QString resourcesDir() {
    const QString env = qEnvironmentVariable("WARPSCOPE_RESOURCES");
    if (!env.isEmpty()) return env;
    const QString app = QCoreApplication::applicationDirPath();
    // An installed program first: a build tree has no share/ beside its binary,
    // and an installed one must not read a source tree that happens to exist.
    const QStringList candidates = {
#ifdef WS_INSTALLED_RESOURCES
        app + "/" WS_INSTALLED_RESOURCES,
#endif
#ifdef WS_SOURCE_RESOURCES
        QStringLiteral(WS_SOURCE_RESOURCES),
#endif
        app + "/resources"};
    for (const auto& c : candidates)
        if (QFileInfo(c + "/traces").isDir() || QFileInfo(c + "/icons").isDir())
            return QDir(c).absolutePath();
    return {};
}

QString bundledManifestPath() {
    const QString dir = resourcesDir();
    return dir.isEmpty() ? QString() : dir + "/traces/manifest.json";
}

QStringList defaultWorkerCommand() {
    const QString app = QCoreApplication::applicationDirPath();
    for (const QString& c : {app + "/warpscope-record", app + "/../record/warpscope-record"})
        if (QFileInfo(c).isExecutable()) return {QFileInfo(c).absoluteFilePath(), "serve"};
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("warpscope-record"));
    if (!onPath.isEmpty()) return {onPath, "serve"};
    return {};
}

}  // namespace ws
