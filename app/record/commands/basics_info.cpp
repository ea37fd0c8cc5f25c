#include "app/record/commands/basics_info.h"

#include <cstdio>
#include <map>

#include "app/record/commands/run_summary.h"
#include "core/basics/basics_settings.h"
#include "core/basics/greeting_order.h"
#include "core/basics/greetings.h"
#include "core/basics/transfer_points.h"
#include "core/basics/vector_add_model.h"
#include "core/catalog/catalog.h"
#include "core/run/launch_label.h"
#include "core/timing/crossover.h"

namespace ws::record {

namespace {

std::string format(const char* fmt, double a, double b = 0, double c = 0) {
    char text[256];
    std::snprintf(text, sizeof text, fmt, a, b, c);
    return text;
}

void cpuLines(const Run& run, std::vector<std::string>& out) {
    const Timing& t = run.timing;
    if (t.cpuMs <= 0 && t.transferMs <= 0) return;
    // A run measured on the CPU has no GPU to set against itself.
    if (measuredOnCpu(run)) return;
    std::string line = "CPU against GPU: kernel " + format("%.4f ms", t.kernelMs);
    if (t.transferMs > 0) line += format(", with the copies %.4f ms", t.kernelMs + t.transferMs);
    if (t.cpuMs > 0) line += format("; CPU one thread %.4f ms", t.cpuMs);
    if (t.cpuParallelMs > 0)
        line += format(", %.0f threads %.4f ms", t.cpuThreads, t.cpuParallelMs);
    out.push_back(line);
}

void helloLines(const Run& run, std::vector<std::string>& out) {
    std::vector<WarpId> first;
    for (std::size_t i = 0; i < run.launches.size(); ++i) {
        auto greetings = readGreetings(run.launches[i]);
        if (!greetings) {
            out.push_back(launchLabel(i) + ": " + greetings.error());
            continue;
        }
        const OrderSummary s = summarizeOrder(*greetings, GreetingOrder::Printed);
        const auto order = warpOrder(*greetings, GreetingOrder::Printed);
        std::string line = launchLabel(i) + ": " + std::to_string(s.greetings) +
                           " greetings from " + std::to_string(s.warps) + " warps, printed in " +
                           std::to_string(s.runs) + " unbroken runs of one warp's lines" +
                           (s.warpsWhole() ? " (each warp whole)" : "") + ", " +
                           std::to_string(s.blockSwitches) + " switches between blocks";
        if (i == 0)
            first = order;
        else
            line += "; " + std::to_string(warpsMoved(first, order)) +
                    " warps in another place than in launch 1";
        out.push_back(line);
    }
}

void vectorAddLines(const Run& run, std::vector<std::string>& out) {
    const auto settings = basicsSettingsOf(run);
    if (!settings) {
        out.push_back("launch: its parameters are not a vector add's the catalog accepts");
        return;
    }
    out.push_back("launch: " + launchText(settings->vectorAdd.shape));
    auto overruns = readOverruns(run);
    if (!overruns) {
        out.push_back(overruns.error());
    } else if (!overruns->empty()) {
        const Overrun& o = overruns->front();
        out.push_back(std::to_string(overruns->size()) +
                      " writes past the end of c, first by block " + std::to_string(o.block) +
                      " thread " + std::to_string(o.thread) + " at c[" + std::to_string(o.index) +
                      "]");
    }
    auto points = readCrossover(run);
    if (points && !points->empty())
        for (GpuCost g : {GpuCost::Kernel, GpuCost::WithTransfers})
            for (CpuCost c : {CpuCost::OneThread, CpuCost::AllCores})
                out.push_back(std::string("crossover, GPU ") +
                              (g == GpuCost::Kernel ? "kernel" : "with copies") + " against " +
                              (c == CpuCost::OneThread ? "one CPU thread" : "all cores") + ": " +
                              findCrossover(*points, g, c).text());
}

double figure(const Run& run, const std::string& name) {
    const auto it = run.figures.find(name);
    return it == run.figures.end() ? 0 : it->second;
}

void set0Lines(const Run& run, std::vector<std::string>& out) {
    out.push_back(format("set0: __mul24 %.4f ms (%.4f to %.4f), ", figure(run, "mul24Ms"),
                         figure(run, "mul24MinMs"), figure(run, "mul24MaxMs")) +
                  format("plain multiply %.4f ms (%.4f to %.4f)", figure(run, "multiplyMs"),
                         figure(run, "multiplyMinMs"), figure(run, "multiplyMaxMs")));
    const auto note = run.texts.find("sass.note");
    const auto arch = run.texts.find("sass.architecture");
    if (note != run.texts.end())
        out.push_back("SASS: " + note->second);
    else if (arch != run.texts.end())
        out.push_back("SASS: set0Mul24 and set0Multiply as compiled for " + arch->second);
}

void bandwidthLines(const Run& run, std::vector<std::string>& out) {
    auto points = readTransfers(run);
    if (!points) {
        out.push_back(points.error());
        return;
    }
    const std::pair<CopyDirection, HostMemoryKind> kinds[] = {
        {CopyDirection::HostToDevice, HostMemoryKind::Pinned},
        {CopyDirection::DeviceToHost, HostMemoryKind::Pinned},
        {CopyDirection::HostToDevice, HostMemoryKind::Pageable},
        {CopyDirection::DeviceToHost, HostMemoryKind::Pageable},
        {CopyDirection::DeviceToDevice, HostMemoryKind::None},
        {CopyDirection::HostToHost, HostMemoryKind::Pageable}};
    for (auto [d, h] : kinds) {
        const auto s = seriesOf(*points, d, h);
        if (s.empty()) continue;
        const LinkFit fit = fitLatencyBandwidth(s);
        out.push_back(
            seriesName(d, h) +
            format(": %.1f GB/s at %.0f MiB, %.1f us at the smallest", s.back().gbPerS(),
                   double(s.back().bytes) / (1 << 20), s.front().medianMs * 1e3) +
            (fit.ok ? format(" (fit: %.1f us + bytes / %.1f GB/s)", fit.latencyUs, fit.bandwidthGBs)
                    : ""));
    }
    if (figure(run, "dtodToCopyKernel") > 0)
        out.push_back(format("device to device: %.2fx the copy kernel (%.1f GB/s)",
                             figure(run, "dtodToCopyKernel"), figure(run, "copyKernelGBs")));
}

}  // namespace

std::vector<std::string> labInfoLines(const Run& run) {
    std::vector<std::string> out;
    cpuLines(run, out);
    for (const auto& t : run.tables)
        out.push_back("table '" + t.name + "': " + std::to_string(t.rows()) + " rows, " +
                      std::to_string(t.columns.size()) + " columns");
    for (std::size_t i = 0; i < run.launches.size(); ++i)
        for (const auto& t : run.launches[i].tables)
            out.push_back(launchLabel(i) + ": table '" + t.name + "': " + std::to_string(t.rows()) +
                          " rows, " + std::to_string(t.columns.size()) + " columns");
    for (const auto& [key, text] : run.texts)
        out.push_back("text '" + key + "': " + std::to_string(text.size()) + " characters");
    if (run.experiment == "hello") helloLines(run, out);
    if (run.experiment == "vector-add") vectorAddLines(run, out);
    if (run.experiment == "set0-mul24") set0Lines(run, out);
    if (run.experiment == "host-device-bandwidth") bandwidthLines(run, out);
    return out;
}

std::vector<std::string> crossoverLines(const std::vector<Run>& runs) {
    // Group by every parameter but the size.
    std::map<std::string, std::vector<CostPoint>> groups;
    for (const Run& r : runs) {
        ParamValues rest = r.params;
        rest.erase("n");
        rest.erase("traced_blocks");
        const CostPoint p = costPointOf(r);
        if (p.n > 0 && p.cpuMs > 0) groups[r.experiment + " " + paramsText(rest)].push_back(p);
    }
    std::vector<std::string> out;
    for (const auto& [setting, points] : groups) {
        if (points.size() < 2) continue;
        out.push_back("CPU against GPU, " + setting + ":");
        for (GpuCost g : {GpuCost::Kernel, GpuCost::WithTransfers})
            for (CpuCost c : {CpuCost::OneThread, CpuCost::AllCores})
                out.push_back(std::string("  GPU ") +
                              (g == GpuCost::Kernel ? "kernel" : "with copies") + " against " +
                              (c == CpuCost::OneThread ? "one CPU thread" : "all cores") + ": " +
                              findCrossover(points, g, c).text());
    }
    return out;
}

}  // namespace ws::record
