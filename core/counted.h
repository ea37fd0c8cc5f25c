#pragma once
// A count and its noun, singular for one: "1 stream", "4 streams". Figures
// and views printed "1 streams" and "2 warps of 1 blocks".
#include <string>

namespace ws {

std::string counted(long long n, const std::string& one, const std::string& many);

}  // namespace ws
