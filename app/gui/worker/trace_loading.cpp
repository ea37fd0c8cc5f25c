#include "app/gui/worker/trace_loading.h"

#include "app/gui/common/background_job.h"
#include "core/trace/trace_io.h"

namespace ws {

void loadTraceInBackground(QObject* owner, const QString& path,
                           std::function<void(LoadedTrace)> done) {
    runInBackground<LoadedTrace>(
        owner,
        [path]() -> LoadedTrace {
            auto run = loadTrace(path.toStdString());
            if (!run) return {nullptr, QString::fromStdString(run.error())};
            return {prepareRun(std::make_shared<const Run>(std::move(run).value())), QString()};
        },
        std::move(done));
}

}  // namespace ws
