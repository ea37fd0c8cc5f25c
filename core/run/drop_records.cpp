#include "core/run/drop_records.h"

namespace ws {

void dropRecords(Run& run) {
    for (Launch& l : run.launches) {
        l.blocks = {};
        l.steps = {};
        l.sharedAccesses = {};
        l.globalAccesses = {};
        l.arrivals = {};
        l.tables.clear();
    }
}

bool hasRecords(const Run& run) {
    for (const Launch& l : run.launches)
        if (l.blocks.size() || l.steps.size() || l.sharedAccesses.size() ||
            l.globalAccesses.size() || l.arrivals.size() || !l.tables.empty())
            return true;
    return false;
}

}  // namespace ws
