// ClockSampler: NVML's clocks while the run computes.
#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "app/record/gpu/gpu_environment.h"
#include "app/record/gpu/nvml_library.h"
#include "core/device/environment_badges.h"

namespace ws::record {

namespace {
// Often enough to catch kernels of a few milliseconds between the CPU work
// of a run; each look costs NVML a few microseconds.
constexpr std::chrono::milliseconds kPeriod{5};
}  // namespace

struct ClockSampler::State {
    std::mutex mutex;
    std::condition_variable wake;
    bool stopping = false;
    BusyClocks busy;
    std::thread thread;
};

ClockSampler::ClockSampler(const std::string& cudaUuid) : m_state(std::make_unique<State>()) {
    auto device = openNvmlDevice(cudaUuid);
    if (!device) return;  // the snapshots say why
    const nvml::Library& lib = **nvml::library();
    if (!lib.getClock || !lib.getClockReasons) return;
    State* s = m_state.get();
    const nvml::Device gpu = device->gpu;
    s->thread = std::thread([s, gpu, &lib] {
        // At least one look, however short the run.
        for (std::unique_lock lock(s->mutex);;) {
            lock.unlock();
            unsigned int sm = 0, mem = 0, gen = 0, width = 0;
            unsigned long long reasons = 0;
            const bool ok = lib.getClock(gpu, nvml::kClockSm, &sm) == nvml::kSuccess &&
                            lib.getClockReasons(gpu, &reasons) == nvml::kSuccess;
            lib.getClock(gpu, nvml::kClockMem, &mem);
            if (lib.getPcieGeneration) lib.getPcieGeneration(gpu, &gen);
            if (lib.getPcieWidth) lib.getPcieWidth(gpu, &width);
            lock.lock();
            if (ok) {
                BusyClocks& b = s->busy;
                ++b.samples;
                if (!(reasons & kClockReasonGpuIdle)) {
                    ++b.busySamples;
                    b.smClockMHz = std::max(b.smClockMHz, int(sm));
                    b.memClockMHz = std::max(b.memClockMHz, int(mem));
                    b.pcieGeneration = std::max(b.pcieGeneration, int(gen));
                    b.pcieWidth = std::max(b.pcieWidth, int(width));
                    b.reasons |= reasons;
                }
            }
            if (s->wake.wait_for(lock, kPeriod, [s] { return s->stopping; })) break;
        }
    });
}

BusyClocks ClockSampler::stop() {
    {
        std::lock_guard lock(m_state->mutex);
        m_state->stopping = true;
    }
    m_state->wake.notify_all();
    if (m_state->thread.joinable()) m_state->thread.join();
    return m_state->busy;
}

ClockSampler::~ClockSampler() { stop(); }

}  // namespace ws::record
