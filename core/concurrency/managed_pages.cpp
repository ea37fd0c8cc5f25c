#include "core/concurrency/managed_pages.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/common/time_offset.h"

namespace ws {

namespace {

constexpr std::uint64_t kPage = 4096;
const char* const kNames[] = {"a", "b", "c"};

struct Transfer {
    std::uint32_t operation = 0, array = 0;
    std::uint64_t offset = 0;
};

void applyTransfer(ManagedArrayPages& a, const OperationRecords& o, const Transfer& t,
                   double startNs, double endNs, std::vector<bool>& touched) {
    const auto kind = OperationKind(o.kind[t.operation]);
    const std::uint64_t begin = t.offset;
    const std::uint64_t end = kind == OperationKind::GpuPageFaults
                                  ? begin + 1
                                  : std::min(a.bytes, begin + o.bytes[t.operation]);
    for (std::uint64_t bin = begin / a.binBytes; bin < a.bins && bin * a.binBytes < end; ++bin) {
        const std::uint64_t lo = std::max(begin, bin * a.binBytes);
        const std::uint64_t hi = std::min(end, bin * a.binBytes + a.binSize(std::uint32_t(bin)));
        auto& changes = a.changes[bin];
        const std::uint64_t before =
            changes.empty()
                ? (a.initial == tables::ManagedHome::Device ? a.binSize(std::uint32_t(bin)) : 0)
                : changes.back().deviceBytes;
        std::uint64_t after = before;
        if (kind == OperationKind::MigrationHostToDevice)
            after = std::min<std::uint64_t>(a.binSize(std::uint32_t(bin)), before + (hi - lo));
        else if (kind == OperationKind::MigrationDeviceToHost)
            after = before > hi - lo ? before - (hi - lo) : 0;
        else {  // a fault group
            a.faults[bin].push_back(startNs);
            if (touched[bin]) continue;             // its transfer is a record of its own
            after = a.binSize(std::uint32_t(bin));  // populated where it was first touched
        }
        touched[bin] = true;
        changes.push_back({startNs, std::max(startNs, endNs), after});
    }
}

}  // namespace

std::uint64_t ManagedArrayPages::binSize(std::uint32_t bin) const {
    const std::uint64_t start = std::uint64_t(bin) * binBytes;
    return start >= bytes ? 0 : std::min(binBytes, bytes - start);
}

double ManagedArrayPages::deviceFractionAt(std::uint32_t bin, double t) const {
    if (bin >= bins) return 0;
    const auto& c = changes[bin];
    std::uint64_t onDevice = initial == tables::ManagedHome::Device ? binSize(bin) : 0;
    for (const auto& ch : c) {
        if (ch.endNs > t) break;
        onDevice = ch.deviceBytes;
    }
    const double size = double(std::max<std::uint64_t>(binSize(bin), 1));
    return double(onDevice) / size;
}

bool ManagedArrayPages::touchedAt(std::uint32_t bin, double t) const {
    if (initial != tables::ManagedHome::Untouched) return true;
    return bin < bins && !changes[bin].empty() && changes[bin].front().startNs <= t;
}

const PageChange* ManagedArrayPages::movingAt(std::uint32_t bin, double t) const {
    if (bin >= bins) return nullptr;
    for (const auto& ch : changes[bin])
        if (ch.startNs <= t && t < ch.endNs) return &ch;
    return nullptr;
}

Result<ManagedPages> buildManagedPages(const Run& run, std::uint64_t origin, std::uint32_t maxBins,
                                       int launch) {
    if (Status s = tables::checkConcurrencyRecords(run); !s) return makeError(s.error());
    const RecordTable* arrays = findTable(run.tables, tables::kManagedArrays);
    if (!arrays) return makeError("the run follows no managed arrays (no table managed-arrays)");
    const auto& bytes = *arrays->get<std::uint64_t>("bytes");
    const auto& element = *arrays->get<std::uint32_t>("elementBytes");
    const auto& initial = *arrays->get<std::uint8_t>("initial");
    ManagedPages pages;
    pages.firstNs = std::numeric_limits<double>::max();
    pages.lastNs = 0;
    std::vector<std::vector<bool>> touched;
    for (std::size_t i = 0; i < arrays->rows(); ++i) {
        ManagedArrayPages a;
        a.name = i < 3 ? kNames[i] : "array " + std::to_string(i);
        a.bytes = bytes[i];
        a.elementBytes = element[i];
        a.initial = tables::ManagedHome(initial[i]);
        const std::uint64_t perBin = (a.bytes + std::max(maxBins, 1u) - 1) / std::max(maxBins, 1u);
        a.binBytes = std::max(kPage, (perBin + kPage - 1) / kPage * kPage);
        a.bins = std::uint32_t((a.bytes + a.binBytes - 1) / a.binBytes);
        a.changes.resize(a.bins);
        a.faults.resize(a.bins);
        a.firstBlockNs.assign(a.bins, NAN);
        a.lastBlockNs.assign(a.bins, NAN);
        touched.emplace_back(a.bins, a.initial != tables::ManagedHome::Untouched);
        pages.arrays.push_back(std::move(a));
    }
    if (const RecordTable* t = findTable(run.tables, tables::kManagedTransfers)) {
        std::vector<Transfer> transfers;
        const auto& op = *t->get<std::uint32_t>("operation");
        const auto& array = *t->get<std::uint32_t>("array");
        const auto& offset = *t->get<std::uint64_t>("offset");
        for (std::size_t r = 0; r < t->rows(); ++r)
            transfers.push_back({op[r], array[r], offset[r]});
        const OperationRecords& o = run.operations;
        std::stable_sort(transfers.begin(), transfers.end(), [&](const auto& x, const auto& y) {
            return o.startNs[x.operation] < o.startNs[y.operation];
        });
        for (const Transfer& tr : transfers) {
            const double start = nsAfter(o.startNs[tr.operation], origin);
            const double end = nsAfter(o.endNs[tr.operation], origin);
            applyTransfer(pages.arrays[tr.array], o, tr, start, end, touched[tr.array]);
            pages.firstNs = std::min(pages.firstNs, start);
            pages.lastNs = std::max(pages.lastNs, end);
        }
    }
    if (launch >= 0 && std::size_t(launch) < run.launches.size()) {
        const Launch& l = run.launches[std::size_t(launch)];
        const BlockRecords& b = l.blocks;
        const std::uint64_t threads = l.block.count();
        for (std::size_t i = 0; i < b.size(); ++i) {
            const double s = nsAfter(b.startNs[i], origin);
            const double e = nsAfter(std::max(b.endNs[i], b.startNs[i]), origin);
            pages.firstNs = std::min(pages.firstNs, s);
            pages.lastNs = std::max(pages.lastNs, e);
            for (ManagedArrayPages& a : pages.arrays) {
                const std::uint64_t lo = std::uint64_t(b.block[i]) * threads * a.elementBytes;
                const std::uint64_t hi = std::min(a.bytes, lo + threads * a.elementBytes);
                for (std::uint64_t bin = lo / a.binBytes; bin < a.bins && bin * a.binBytes < hi;
                     ++bin) {
                    double& first = a.firstBlockNs[bin];
                    double& last = a.lastBlockNs[bin];
                    first = std::isnan(first) ? s : std::min(first, s);
                    last = std::isnan(last) ? e : std::max(last, e);
                }
            }
        }
    }
    if (pages.firstNs > pages.lastNs) pages.firstNs = pages.lastNs = 0;
    return pages;
}

}  // namespace ws
