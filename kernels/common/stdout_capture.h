#pragma once
// Captures what a piece of work writes to file descriptor 1: device printf
// reaches the host's standard output when the CUDA runtime flushes its
// buffer (at a synchronisation), and warpscope-record serve keeps its
// protocol on a private descriptor with fd 1 pointing at stderr
// (app/record/gpu/protocol_channel.h). A launcher that wants the kernel's lines
// redirects fd 1 to a temporary file around the launch and the
// synchronisation that flushes them, then restores it. A file rather than a
// pipe: the same thread writes and would block on a full pipe.
#include <functional>
#include <string>

#include "core/common/result.h"

namespace ws {

struct CapturedOutput {
    Status status;     // what `work` returned
    std::string text;  // everything written to fd 1 meanwhile
};

// Runs `work` with fd 1 redirected; fd 1 is restored on every path. Errors
// of the redirection itself come back as the Result's error. Captures are
// serialised within the process (fd 1 is process-wide).
Result<CapturedOutput> captureStdout(const std::function<Status()>& work);

}  // namespace ws
