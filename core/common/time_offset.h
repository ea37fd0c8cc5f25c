#pragma once

#include <cstdint>

namespace ws {

// Nanoseconds from `origin` to `t`, two raw readings of one clock
// (%globaltimer or the host's). The difference is taken in integers first:
// near the 1.8e18 ns that %globaltimer reads, a double holds only multiples
// of 256, so converting each reading before subtracting would round every
// offset to 256 ns while the clock ticks every 32. Negative when t is earlier.
inline double nsAfter(std::uint64_t t, std::uint64_t origin) {
    return double(std::int64_t(t - origin));
}

}  // namespace ws
