#include "core/device/pcie_link.h"

namespace ws {

double pcieLaneRateGTs(int generation) {
    switch (generation) {
        case 1:
            return 2.5;
        case 2:
            return 5;
        case 3:
            return 8;
        case 4:
            return 16;
        case 5:
            return 32;
        case 6:
            return 64;
        case 7:
            return 128;
        default:
            return 0;
    }
}

double pcieEncodingEfficiency(int generation) {
    if (generation == 1 || generation == 2) return 8.0 / 10.0;
    if (generation >= 3 && generation <= 5) return 128.0 / 130.0;
    // Gen6 and Gen7 send 256-byte FLITs that carry 236 bytes of transaction
    // layer packets (the rest is CRC, FEC and the FLIT header).
    if (generation == 6 || generation == 7) return 236.0 / 256.0;
    return 0;
}

double pcieRawGBs(int generation, int width) {
    if (width <= 0) return 0;
    return pcieLaneRateGTs(generation) * width / 8.0;
}

double pcieTheoreticalGBs(int generation, int width) {
    return pcieRawGBs(generation, width) * pcieEncodingEfficiency(generation);
}

std::string pcieLinkText(int generation, int width) {
    return "PCIe Gen" + std::to_string(generation) + " x" + std::to_string(width);
}

PcieLink pcieLinkOf(const GpuEnvironment& e) {
    if (!e.queried) return {};
    return {e.pcieGeneration, e.pcieWidth};
}

}  // namespace ws
