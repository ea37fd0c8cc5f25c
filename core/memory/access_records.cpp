#include "core/memory/access_records.h"

#include <algorithm>

#include "core/catalog/catalog.h"
#include "core/memory/memory_access_model.h"

namespace ws {

WarpAccess sharedAccessAt(const SharedAccessRecords& r, std::size_t i) {
    WarpAccess a;
    if (i >= r.size() || (i + 1) * 32 > r.address.size()) return a;
    a.widthBytes = r.widthBytes[i];
    a.activeMask = r.activeMask[i];
    std::copy_n(r.address.begin() + std::ptrdiff_t(i * 32), 32, a.address.begin());
    return a;
}

std::array<std::uint64_t, 32> globalAddressesAt(const GlobalAccessRecords& r, std::size_t i) {
    std::array<std::uint64_t, 32> a{};
    if (i < r.size() && (i + 1) * 32 <= r.address.size())
        std::copy_n(r.address.begin() + std::ptrdiff_t(i * 32), 32, a.begin());
    return a;
}

namespace {
template <typename Records>
std::vector<std::size_t> recordsOf(const Records& r, std::optional<std::uint32_t> block) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < r.size(); ++i)
        if (!block || r.block[i] == *block) out.push_back(i);
    std::stable_sort(out.begin(), out.end(), [&](std::size_t a, std::size_t b) {
        if (r.block[a] != r.block[b] && !block) return false;  // keep the blocks in record order
        if (r.warp[a] != r.warp[b]) return r.warp[a] < r.warp[b];
        return r.instruction[a] < r.instruction[b];
    });
    return out;
}
}  // namespace

std::vector<std::size_t> sharedRecordsOf(const SharedAccessRecords& r,
                                         std::optional<std::uint32_t> block) {
    return recordsOf(r, block);
}

std::vector<std::size_t> globalRecordsOf(const GlobalAccessRecords& r,
                                         std::optional<std::uint32_t> block) {
    return recordsOf(r, block);
}

std::vector<std::uint32_t> tracedBlocks(const Launch& launch) {
    std::vector<std::uint32_t> out;
    auto add = [&](std::uint32_t b) {
        if (std::find(out.begin(), out.end(), b) == out.end()) out.push_back(b);
    };
    for (auto b : launch.sharedAccesses.block) add(b);
    for (auto b : launch.globalAccesses.block) add(b);
    return out;
}

std::string sharedInstructionText(const Run& run, const Launch& launch, std::size_t record) {
    const auto& r = launch.sharedAccesses;
    if (record >= r.size()) return {};
    const WarpAccess a = sharedAccessAt(r, record);
    for (const auto& m :
         modelWarpAccesses(run.experiment, run.params, r.block[record], r.warp[record]).shared)
        if (m.access.activeMask == a.activeMask && m.access.widthBytes == a.widthBytes &&
            m.access.address == a.address)
            return m.what;
    return {};
}

std::string globalInstructionText(const Run& run, const Launch& launch, std::size_t record) {
    const auto& r = launch.globalAccesses;
    if (record >= r.size()) return {};
    const auto a = globalAddressesAt(r, record);
    for (const auto& m :
         modelWarpAccesses(run.experiment, run.params, r.block[record], r.warp[record]).global)
        if (m.activeMask == r.activeMask[record] && m.isWrite == bool(r.isWrite[record]) &&
            m.address == a)
            return m.what;
    return {};
}

std::string missingAccessesText(const Run& run, bool shared) {
    const std::string kind = shared ? "sharedAccesses" : "globalAccesses";
    const std::string what = shared ? "shared-memory accesses" : "global-memory requests";
    auto records = [&](const ExperimentSpec& spec) {
        return std::find(spec.records.begin(), spec.records.end(), kind) != spec.records.end();
    };
    const ExperimentSpec* spec = findExperiment(run.experiment);
    if (spec && records(*spec)) {
        return shared ? "This run recorded no " + what +
                            ": traced_blocks = 0, or its variant uses no shared memory (the "
                            "naive transposes)."
                      : "This run recorded no " + what + ": traced_blocks = 0.";
    }
    std::string recorders;
    for (const ExperimentSpec& s : catalog())
        if (records(s)) recorders += (recorders.empty() ? "" : ", ") + s.id;
    return "The " + (run.experiment.empty() ? std::string("run's") : run.experiment) +
           " experiment does not record its " + what + "; " + recorders + " do.";
}

}  // namespace ws
