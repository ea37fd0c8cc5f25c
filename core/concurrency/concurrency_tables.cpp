#include "core/concurrency/concurrency_tables.h"

#include <string>

#include "core/concurrency/launch_tree.h"
#include "core/run/launch_label.h"

namespace ws::tables {

namespace {

template <typename T>
Result<const std::vector<T>*> column(const RecordTable& t, const char* name) {
    return requireColumn<T>(t, name);
}

Status checkManaged(const Run& run) {
    const RecordTable* arrays = findTable(run.tables, kManagedArrays);
    const RecordTable* transfers = findTable(run.tables, kManagedTransfers);
    std::size_t arrayCount = 0;
    const std::vector<std::uint64_t>* arrayBytes = nullptr;
    if (arrays) {
        auto id = column<std::uint32_t>(*arrays, "array");
        auto bytes = column<std::uint64_t>(*arrays, "bytes");
        auto element = column<std::uint32_t>(*arrays, "elementBytes");
        auto initial = column<std::uint8_t>(*arrays, "initial");
        for (const std::string* e :
             {id ? nullptr : &id.error(), bytes ? nullptr : &bytes.error(),
              element ? nullptr : &element.error(), initial ? nullptr : &initial.error()})
            if (e) return makeError(*e);
        arrayCount = arrays->rows();
        arrayBytes = *bytes;
        for (std::size_t i = 0; i < arrayCount; ++i) {
            const std::string at = std::string(kManagedArrays) + " row " + std::to_string(i) + ": ";
            if ((**id)[i] != i)
                return makeError(at + "array " + std::to_string((**id)[i]) +
                                 " is not its row number");
            if ((**element)[i] == 0) return makeError(at + "elementBytes is 0");
            if ((**initial)[i] > std::uint8_t(ManagedHome::Device))
                return makeError(at + "initial " + std::to_string((**initial)[i]) +
                                 " is not 0, 1 or 2");
        }
    }
    if (!transfers) return {};
    if (!arrays)
        return makeError(std::string(kManagedTransfers) + " needs the table " + kManagedArrays);
    auto op = column<std::uint32_t>(*transfers, "operation");
    auto array = column<std::uint32_t>(*transfers, "array");
    auto offset = column<std::uint64_t>(*transfers, "offset");
    for (const std::string* e : {op ? nullptr : &op.error(), array ? nullptr : &array.error(),
                                 offset ? nullptr : &offset.error()})
        if (e) return makeError(*e);
    for (std::size_t i = 0; i < transfers->rows(); ++i) {
        const std::string at = std::string(kManagedTransfers) + " row " + std::to_string(i) + ": ";
        const std::uint32_t o = (**op)[i], a = (**array)[i];
        if (o >= run.operations.size())
            return makeError(at + "operation " + std::to_string(o) + " is not below the " +
                             std::to_string(run.operations.size()) + " operations");
        if (run.operations.hostMemory[o] != std::uint8_t(HostMemoryKind::Managed))
            return makeError(at + "operation " + std::to_string(o) +
                             " is not a managed-memory operation");
        if (a >= arrayCount)
            return makeError(at + "array " + std::to_string(a) + " is not below the " +
                             std::to_string(arrayCount) + " arrays");
        if ((**offset)[i] >= (*arrayBytes)[a])
            return makeError(at + "offset " + std::to_string((**offset)[i]) +
                             " is not inside array " + std::to_string(a) + " of " +
                             std::to_string((*arrayBytes)[a]) + " bytes");
    }
    return {};
}

Status checkDeviceLaunches(const Run& run) {
    const RecordTable* t = findTable(run.tables, kDeviceLaunches);
    if (!t) return {};
    auto launch = column<std::uint32_t>(*t, "launch");
    if (!launch) return makeError(launch.error());
    auto request = column<std::uint64_t>(*t, "requestNs");
    if (!request) return makeError(request.error());
    for (std::size_t i = 0; i < t->rows(); ++i) {
        const std::string at = std::string(kDeviceLaunches) + " row " + std::to_string(i) + ": ";
        const std::uint32_t l = (**launch)[i];
        if (l >= run.launches.size())
            return makeError(at + "launch index " + std::to_string(l) + " is not below the " +
                             std::to_string(run.launches.size()) + " launches");
        if (run.launches[l].parentLaunch < 0)
            return makeError(at + launchLabel(l) +
                             " was launched from the host, not from the device");
    }
    return {};
}

Status checkLatency(const Run& run) {
    const RecordTable* t = findTable(run.tables, kLaunchLatency);
    if (!t) return {};
    auto source = column<std::uint8_t>(*t, "source");
    if (!source) return makeError(source.error());
    auto request = column<std::uint64_t>(*t, "requestNs");
    if (!request) return makeError(request.error());
    // No order is required between the two times: the request and the first
    // block are read on different SMs (the format allows their timers to
    // disagree a little), and a host request sits on CUPTI's moved clock.
    auto first = column<std::uint64_t>(*t, "firstBlockNs");
    if (!first) return makeError(first.error());
    for (std::size_t i = 0; i < t->rows(); ++i) {
        const std::string at = std::string(kLaunchLatency) + " row " + std::to_string(i) + ": ";
        if ((**source)[i] > std::uint8_t(LatencySource::Tail))
            return makeError(at + "source " + std::to_string((**source)[i]) + " is not 0, 1 or 2");
    }
    return {};
}

}  // namespace

Status checkConcurrencyRecords(const Run& run) {
    if (Status s = checkLaunchTree(run); !s) return s;
    if (Status s = checkManaged(run); !s) return s;
    if (Status s = checkDeviceLaunches(run); !s) return s;
    return checkLatency(run);
}

}  // namespace ws::tables
