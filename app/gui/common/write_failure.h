#pragma once
// Why a file the window was asked to write could not be written: in the
// project's words where the path explains it (a missing or read-only folder,
// a folder given as the file, core/common/output_path.h), else the system's reason
// after the quoted path. Qt's own texts ("Unknown error") are not shown alone.
#include <QString>

#include "core/common/result.h"

namespace ws {

Status writeFailure(const QString& path, const QString& systemReason);

}  // namespace ws
