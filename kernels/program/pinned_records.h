#pragma once
// Pinned host memory that a launch's probe records are copied back into
// without the program waiting: the copy is queued behind the launch and the
// launch is logged once it has passed. Taken from chunks allocated rarely
// (allocating pinned memory can make the program's streams wait on each
// other) and handed back when the records are written; a chunk whose spans
// all came back is used again from its start.
#include <cstddef>
#include <cstdint>

namespace ws::program {

struct PinnedSpan {
    std::uint8_t* data = nullptr;  // null where no pinned memory could be had
    std::size_t bytes = 0;
    int chunk = -1;
    unsigned generation = 0;  // of the pool: a span of forgotten chunks is not given back
};

PinnedSpan takePinned(std::size_t bytes);
void givePinned(const PinnedSpan& span);

// The chunks belong to the context that was current when they were made:
// forgotten (not freed: the driver frees them with it) before it ends.
void forgetPinned();

}  // namespace ws::program
