#pragma once
// A run put on show in a window as the window itself shows one: its playback
// model holds it, then the labs hear of it (WorkbenchHost::runShown).
#include <memory>

#include "app/gui/workbench/workbench_host.h"

namespace ws::test {

inline void showInWindow(WorkbenchHost* window, std::shared_ptr<const PreparedRun> prepared) {
    window->model()->setRun(prepared);
    emit window->runShown(LoadedRun{prepared, RunOrigin::File, {}, {}});
}

}  // namespace ws::test
