#pragma once
// The interception's own kernel that reads %globaltimer for the timeline's
// clock samples (kernels/program/clock_mailbox.h), as PTX for any GPU of
// compute capability 7.0 or later. One thread answers the host's requests
// through a mailbox in mapped pinned memory: {u32 request, u32 reply, u64
// deviceNs}. For k = 1, 2, ... it waits for request k, stores %globaltimer,
// fences and replies k; request 0xfffffffe stops it, and a wait past the
// timeout (ns) replies 0xffffffff and ends it, so a host that stopped asking
// never leaves it spinning. Its name is timeline_log.h's kClockKernelName.
#include <string>

namespace ws::program {

const std::string& clockMailboxPtx();

}  // namespace ws::program
