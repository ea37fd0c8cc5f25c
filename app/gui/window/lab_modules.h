#pragma once
// Every lab the window installs, in the order of a course, and every view
// name the window registers (the workbench's, then each lab's): for
// --export-view's help before any window exists, and for the window itself.
#include <QStringList>
#include <vector>

#include "app/gui/workbench/lab.h"

namespace ws {

const std::vector<LabModule>& labModules();
QStringList allViewNames();

}  // namespace ws
