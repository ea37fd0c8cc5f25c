#pragma once
// Registers the workbench's views by their stable names: grid, timeline,
// warps, throughput, statistics, and stalls and counters (why any run was
// slow, from its profile). Each lab registers its own. Each created instance
// follows the window's playback model and keeps its own data current.
#include <QStringList>

namespace ws {

class MainWindow;

QStringList workbenchViewNames();
void registerWorkbenchViews(MainWindow* window);

}  // namespace ws
