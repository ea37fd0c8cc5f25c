#pragma once
// A count and its noun, singular for one: "1 stream", "4 streams". Figures
// and views printed "1 streams" and "2 warps of 1 blocks".
#include <string>

namespace ws {

std::string counted(long long n, const std::string& one, const std::string& many);

// A parameter's unit as it reads after `value`: "1 block", "1 thread" from
// the catalog's plural units; units of time, and units that are no plain
// plural ("rows and columns"), stay as they are.
std::string unitAfter(const std::string& value, const std::string& unit);

}  // namespace ws
