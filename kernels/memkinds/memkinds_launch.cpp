#include "kernels/memkinds/memkinds_launch.h"

#include <algorithm>
#include <cctype>

#include "kernels/atomics/atomics_timing.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/kernel_observer.h"

namespace ws::memkinds {

namespace {
constexpr std::size_t kFailuresNamed = 4;
}  // namespace

void Checks::add(bool passed, const std::string& failure) {
    ++m_count;
    if (!passed) m_failures.push_back(failure);
}

Verification Checks::verification(const std::string& expected, const std::string& exactNote) const {
    Verification v;
    v.checked = true;
    v.passed = passed();
    v.expected = expected;
    v.actual = std::to_string(m_count - int(m_failures.size())) + " of " + std::to_string(m_count) +
               " checks agree";
    if (v.passed) {
        v.note = exactNote;
        return v;
    }
    for (std::size_t i = 0; i < m_failures.size() && i < kFailuresNamed; ++i)
        v.note += (i ? "; " : "") + m_failures[i];
    if (m_failures.size() > kFailuresNamed)
        v.note += "; and " + std::to_string(m_failures.size() - kFailuresNamed) + " more";
    return v;
}

std::string bytesText(std::uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (u < 4 && bytes >= 1024 && bytes % 1024 == 0) {
        bytes /= 1024;
        ++u;
    }
    return std::to_string(bytes) + " " + units[u];
}

std::string figureKey(const std::string& level) {
    std::string key;
    for (char c : level) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            key += char(std::tolower(static_cast<unsigned char>(c)));
        else if (!key.empty() && key.back() != '_')
            key += '_';
    }
    while (!key.empty() && key.back() == '_') key.pop_back();
    return key;
}

Status timeAndRecord(const RunOptions& options, const TimedLaunch& work,
                     const atomics::BlockRecordStorage& storage, double bytesMoved, Launch& launch,
                     Run& run, Checks& checks) {
    const int repetitions = std::max(1, options.repetitions);
    auto plain = timePlainRuns(
        repetitions, nullptr, [&] { return work.launch(false); }, work.before);
    if (!plain) return makeError(plain.error());
    auto plainCheck = work.check();
    if (!plainCheck) return makeError(plainCheck.error());
    checks.add(plainCheck->empty(), "the timed launches without recording: " + *plainCheck);

    auto recorded = timeRuns(
        options.measureOverhead ? repetitions : 1, nullptr, [&] { return work.launch(true); },
        work.before);
    if (!recorded) return makeError(recorded.error());
    auto recordedCheck = work.check();
    if (!recordedCheck) return makeError(recordedCheck.error());
    checks.add(recordedCheck->empty(), "the recorded launch: " + *recordedCheck);
    if (Status s = storage.download(launch.blocks); !s) return s;

    atomics::fillKernelTiming(run.timing, *plain, *recorded, options.measureOverhead);
    run.timing.bytesMoved = bytesMoved;
    return {};
}

double spanNs(std::uint64_t ns, std::int64_t cycles, const DeviceInfo& device) {
    if (ns > 0 || cycles <= 0 || device.smClockKHz <= 0) return double(ns);
    return double(cycles) / (double(device.smClockKHz) * 1e-6);
}

}  // namespace ws::memkinds
