#pragma once
// One CUPTI activity record copied into the plain structs of
// core/concurrency/activity_log.h: kernels, copies, memsets, runtime calls
// and managed-memory counters; other kinds are passed over. Shared by the
// concurrency lab's session (linked to CUPTI) and the interception of a
// traced program (which opens CUPTI at run time): only CUPTI's headers are
// needed here, and the one CUPTI function it asks, the runtime call's name,
// comes from the caller.
#include <cupti.h>

#include <string>

#include "core/concurrency/activity_log.h"

namespace ws::cupti {

using RuntimeCallName = std::string (*)(CUpti_CallbackId cbid);

void keepRecord(const CUpti_Activity* record, ActivityLog& log, RuntimeCallName runtimeName);

}  // namespace ws::cupti
