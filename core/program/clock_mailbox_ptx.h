#pragma once
// The interception's own kernel that reads %globaltimer for the timeline's
// clock samples (kernels/program/clock_mailbox.h), as PTX for any GPU of
// compute capability 7.0 or later. One thread answers the host's requests
// through core/timing/clock_mailbox.h's mailbox, read at its offsets (0, 4,
// 8): for k = 1, 2, ... it waits for request k, stores %globaltimer, fences
// and replies k; kClockMailboxStop (0xfffffffe) stops it, and a wait past
// the timeout (ns) replies kClockMailboxGaveUp (0xffffffff) and ends it. Its
// name is timeline_log.h's kClockKernelName.
#include <string>

namespace ws::program {

const std::string& clockMailboxPtx();

}  // namespace ws::program
