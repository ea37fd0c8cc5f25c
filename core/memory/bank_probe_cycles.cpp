#include "core/memory/bank_probe_cycles.h"

#include "core/access/bank_conflicts.h"

namespace ws {

std::optional<ProbeCycles> probeCycles(const Run& run) {
    if (run.experiment != "bank-probe") return std::nullopt;
    for (const Launch& l : run.launches) {
        const SharedAccessRecords& s = l.sharedAccesses;
        // The probe writes two records: instruction 0 its loads, 1 its stores.
        std::optional<std::size_t> load, store;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s.instruction[i] == 0 && !load) load = i;
            if (s.instruction[i] == 1 && !store) store = i;
        }
        if (!load || s.address.size() < (*load + 1) * 32) continue;
        WarpAccess access;
        for (std::size_t lane = 0; lane < 32; ++lane)
            access.address[lane] = s.address[*load * 32 + lane];
        access.activeMask = s.activeMask[*load];
        access.widthBytes = s.widthBytes[*load];
        if (!isSupportedWidth(access.widthBytes)) return std::nullopt;
        const BankAnalysis a = analyzeBanks(access);
        ProbeCycles c;
        c.loadCycles = double(s.cycles[*load]);
        c.storeCycles = store ? double(s.cycles[*store]) : 0;
        c.passes = a.passes;
        c.idealPasses = a.idealPasses;
        return c;
    }
    return std::nullopt;
}

}  // namespace ws
