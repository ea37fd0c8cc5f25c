#pragma once
// Reading a trace file into a prepared run off the UI thread: what the
// compare window and a comparison's second run both do.
#include <QString>
#include <functional>
#include <memory>

#include "widgets/model/prepared_run.h"

class QObject;

namespace ws {

struct LoadedTrace {
    std::shared_ptr<const PreparedRun> prepared;  // null when the file could not be read
    QString error;                                // why, in the reader's words
};

// Reads `path` on a worker thread and calls `done` with the result on
// `owner`'s thread, unless `owner` is gone by then.
void loadTraceInBackground(QObject* owner, const QString& path,
                           std::function<void(LoadedTrace)> done);

}  // namespace ws
