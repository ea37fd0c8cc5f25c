#pragma once
// What a PCIe link carries in theory, from its generation and width (which
// NVML reports into Run::environment): the transfer rate per lane, less the
// line encoding (8b/10b up to Gen2, 128b/130b for Gen3 to Gen5, FLIT
// framing from Gen6), per direction. Gen5 x16: 32 GT/s x 16 lanes = 64 GB/s
// raw, 63.0 GB/s after encoding, before packet headers and flow control.
#include <string>

#include "core/run/run.h"

namespace ws {

double pcieLaneRateGTs(int generation);         // 0 for an unknown generation
double pcieEncodingEfficiency(int generation);  // payload bits per line bit
double pcieRawGBs(int generation, int width);   // GT/s x lanes / 8
double pcieTheoreticalGBs(int generation, int width);
std::string pcieLinkText(int generation, int width);  // "PCIe Gen5 x16"

// The link the run's GPU sat on, when NVML told: current generation and width.
struct PcieLink {
    int generation = 0, width = 0;
    bool known() const { return pcieTheoreticalGBs(generation, width) > 0; }
    double theoreticalGBs() const { return pcieTheoreticalGBs(generation, width); }
    double rawGBs() const { return pcieRawGBs(generation, width); }
    std::string text() const { return pcieLinkText(generation, width); }
};
PcieLink pcieLinkOf(const GpuEnvironment& environment);

}  // namespace ws
