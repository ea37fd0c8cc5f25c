#pragma once
// The worker's protocol travels on the stdout it was started with, and on
// nothing else: a kernel's device printf, a library's stray message or a
// diagnostic written to standard output would corrupt the framing. So `serve`
// moves the protocol to a private copy of that descriptor and points file
// descriptor 1 at stderr; a launcher that captures device printf redirects
// descriptor 1 for the duration of its launch and restores it.
#include <memory>
#include <ostream>

#include "core/common/result.h"

namespace ws::record {

class ProtocolChannel {
public:
    // Takes over descriptor 1 as described above.
    static Result<std::unique_ptr<ProtocolChannel>> takeStdout();
    ~ProtocolChannel();
    std::ostream& stream();

private:
    ProtocolChannel() = default;
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace ws::record
