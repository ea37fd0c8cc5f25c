#include "tests/reduction_lab/lab_test_runs.h"

#include "core/trace_io.h"

namespace ws::test {

QString bundledTracePath(const QString& file) {
    return qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") + QStringLiteral("/resources/traces/") +
           file;
}

std::shared_ptr<const PreparedRun> loadBundled(const QString& file) {
    auto run = loadTrace(bundledTracePath(file).toStdString());
    if (!run) return nullptr;
    return prepareRun(std::make_shared<const Run>(std::move(run).value()));
}

}  // namespace ws::test
