#pragma once
// Splits a frame's rows across cores and waits for all of them: painting a
// million blocks at 4K stays within a frame on an ordinary laptop. A pool of
// its own, so a trace decoding in the background never delays a frame.
#include <functional>

namespace ws {

// Calls work(begin, end) on disjoint ranges covering [0, count), on up to
// the machine's core count threads including the caller; returns when all are done.
void parallelRows(int count, const std::function<void(int begin, int end)>& work);

}  // namespace ws
