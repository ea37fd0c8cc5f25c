#pragma once
// Names one block record of a run: which launch, which record in it. Views
// pass these around instead of pointers so a new run never leaves one dangling.
#include <cstdint>

namespace ws {

struct BlockRef {
    int launch = -1;
    int record = -1;
    bool valid() const { return launch >= 0 && record >= 0; }
    bool operator==(const BlockRef&) const = default;
};

enum class BlockState { Waiting, Running, Done, NotRecorded };

}  // namespace ws
