#pragma once
// The lessons that ship with warpscope (resources/lessons, or share/warpscope/
// lessons when installed) and how `--lesson NAME|FILE` finds one.
#include <QString>
#include <vector>

namespace ws {

struct LessonEntry {
    QString name;   // the file's stem: "execution-model"
    QString path;   // absolute
    QString title;  // the lesson's own title, or the name if it cannot be read
};

QString lessonsDir();
// In course order: the file names start with their place ("01-execution-model.yaml"
// is named "execution-model").
std::vector<LessonEntry> listBundledLessons();
// A path to an existing file, else a bundled lesson's name; empty if neither.
QString resolveLesson(const QString& nameOrFile);
// The lesson a first start opens.
inline constexpr const char* kFirstLesson = "execution-model";

}  // namespace ws
