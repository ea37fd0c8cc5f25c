#include "app/gui/workbench/lab.h"

#include "app/gui/workbench/workbench_host.h"

namespace ws {

Lab::Lab(WorkbenchHost* host) : QObject(host), m_host(host) {
    connect(host, &WorkbenchHost::runShown, this,
            [this](const LoadedRun& shown) { onRunShown(shown); });
}

}  // namespace ws
