#include "app/gui/lessons/lesson_library.h"

#include <QDir>
#include <QFileInfo>

#include "app/gui/common/resource_paths.h"
#include "core/lesson/lesson_parse.h"

namespace ws {

namespace {

QString nameOf(const QFileInfo& file) {
    return QString::fromStdString(lesson::lessonNameOf(file.completeBaseName().toStdString()));
}

}  // namespace

QString lessonsDir() {
    const QString dir = resourcesDir();
    return dir.isEmpty() ? QString() : dir + QStringLiteral("/lessons");
}

std::vector<LessonEntry> listBundledLessons() {
    std::vector<LessonEntry> out;
    const QString dir = lessonsDir();
    if (dir.isEmpty()) return out;
    const QFileInfoList files = QDir(dir).entryInfoList(
        {QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files, QDir::Name);
    for (const QFileInfo& f : files) {
        LessonEntry e{nameOf(f), f.absoluteFilePath(), nameOf(f)};
        if (auto l = lesson::loadLesson(f.absoluteFilePath().toStdString()); l)
            e.title = QString::fromStdString(l->title);
        out.push_back(e);
    }
    return out;
}

QString resolveLesson(const QString& nameOrFile) {
    const QFileInfo file(nameOrFile);
    if (file.isFile()) return file.absoluteFilePath();
    for (const LessonEntry& e : listBundledLessons())
        if (e.name == nameOrFile || QFileInfo(e.path).fileName() == nameOrFile) return e.path;
    return {};
}

}  // namespace ws
