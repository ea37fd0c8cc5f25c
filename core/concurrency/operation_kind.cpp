// Names of the operations CUPTI reports, as views and exports label them.
#include "core/run/run.h"

namespace ws {

const char* operationKindName(OperationKind kind) {
    switch (kind) {
        case OperationKind::Kernel:
            return "kernel";
        case OperationKind::CopyHostToDevice:
            return "copy HtoD";
        case OperationKind::CopyDeviceToHost:
            return "copy DtoH";
        case OperationKind::CopyDeviceToDevice:
            return "copy DtoD";
        case OperationKind::CopyHostToHost:
            return "copy HtoH";
        case OperationKind::Memset:
            return "memset";
        case OperationKind::MigrationHostToDevice:
            return "migration HtoD";
        case OperationKind::MigrationDeviceToHost:
            return "migration DtoH";
        case OperationKind::GpuPageFaults:
            return "GPU page faults";
        case OperationKind::Synchronization:
            return "synchronization";
    }
    return "unknown";
}

}  // namespace ws
