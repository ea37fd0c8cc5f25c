#include "core/device/compute_capability.h"

namespace ws {

const std::vector<CapabilityRow>& computeCapabilityTable() {
    static const std::vector<CapabilityRow> rows = {
        {1, 0, "Tesla", "G80", "2006-11-08", true, ""},
        {1, 1, "Tesla", "G84, G86, G92, G94, G96, G98", "2007-04-17", true,
         "atomic operations on global memory"},
        {1, 2, "Tesla", "GT218, GT216, GT215", "2009-04-01", true, ""},
        {1, 3, "Tesla", "GT200, GT200b", "2009-04-09", true, ""},
        {2, 0, "Fermi", "GF100, GF110", "2010-03-26", true,
         "printf in kernels; 32-bit integer multiply at full speed, so __mul24 stops paying off"},
        {2, 1, "Fermi", "GF104, GF106, GF108, GF114, GF116, GF117, GF119", "2010-07-12", true, ""},
        {3, 0, "Kepler", "GK104, GK106, GK107", "2012-03-22", true, ""},
        {3, 2, "Kepler", "GK20A", "2014-04-01", true, ""},
        {3, 5, "Kepler", "GK110, GK208", "2013-02-19", true, "dynamic parallelism"},
        {3, 7, "Kepler", "GK210", "2014-11-17", true, ""},
        {5, 0, "Maxwell", "GM107, GM108", "2014-02-18", true, ""},
        {5, 2, "Maxwell", "GM200, GM204, GM206", "2014-09-18", true, ""},
        {5, 3, "Maxwell", "GM20B", "2015-04-01", true, ""},
        {6, 0, "Pascal", "GP100", "2016-10-01", true, ""},
        {6, 1, "Pascal", "GP102, GP104, GP106", "2016-05-27", true, ""},
        {7, 0, "Volta", "GV100", "2017", false,
         "independent thread scheduling: each thread its own program counter"},
        {7, 5, "Turing", "TU102, TU104, TU106, TU116, TU117", "2018", false, ""},
        {8, 0, "Ampere", "GA100", "2020", false, ""},
        {8, 6, "Ampere", "GA102, GA103, GA104, GA106, GA107", "2020", false, ""},
        {8, 9, "Ada Lovelace", "AD102, AD103, AD104, AD106, AD107", "2022", false, ""},
        {9, 0, "Hopper", "GH100", "2022", false,
         "thread block clusters and distributed shared memory"},
        {10, 0, "Blackwell", "GB100, GB102", "2024", false, ""},
        {12, 0, "Blackwell", "GB202, GB203, GB205, GB206, GB207", "2025", false, ""},
    };
    return rows;
}

int capabilityRowOf(const DeviceInfo& device) {
    const auto& rows = computeCapabilityTable();
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].major == device.ccMajor && rows[i].minor == device.ccMinor) return int(i);
    return -1;
}

}  // namespace ws
