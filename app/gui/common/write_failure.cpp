#include "app/gui/common/write_failure.h"

#include "core/common/output_path.h"

namespace ws {

Status writeFailure(const QString& path, const QString& systemReason) {
    const std::filesystem::path file = path.toStdString();
    if (Status s = checkOutputPath(file); !s) return s;
    const std::string cannot = "cannot write " + quotedPath(file);
    // QImageWriter and QFileDevice say "Unknown error" when the system gave none.
    if (systemReason.isEmpty() || systemReason == QStringLiteral("Unknown error"))
        return makeError(cannot);
    return makeError(cannot + ": " + systemReason.toStdString());
}

}  // namespace ws
