#pragma once
// Whole numbers as people read them: 1048576 as "1,048,576".
#include <cstdint>
#include <string>

namespace ws {

std::string groupedDigits(std::uint64_t value);

}  // namespace ws
