#include "app/gui/window/lab_modules.h"

#include "app/gui/atomics/atomics_lab.h"
#include "app/gui/basics/basics_lab.h"
#include "app/gui/concurrency/concurrency_lab.h"
#include "app/gui/kernelfile/kernel_file_lab.h"
#include "app/gui/matmul/matmul_lab.h"
#include "app/gui/memkinds/memkinds_lab.h"
#include "app/gui/memory/memory_lab.h"
#include "app/gui/reduction/reduction_lab.h"
#include "app/gui/tensorcore/tensorcore_lab.h"
#include "app/gui/window/workbench_views.h"

namespace ws {

const std::vector<LabModule>& labModules() {
    // A new lab adds its line. The tensor cores come after the matrix
    // multiply: their runs join its roofline. A kernel file of one's own
    // comes last, after the course.
    static const std::vector<LabModule> modules = {
        basicsLabModule(),     reductionLabModule(),   memoryLabModule(),
        memkindsLabModule(),   atomicsLabModule(),     matmulLabModule(),
        tensorCoreLabModule(), concurrencyLabModule(), kernelFileLabModule(),
    };
    return modules;
}

QStringList allViewNames() {
    QStringList names = workbenchViewNames();
    for (const LabModule& m : labModules()) names += m.views;
    return names;
}

}  // namespace ws
