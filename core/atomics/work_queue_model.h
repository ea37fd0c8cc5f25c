#pragma once
// The work items of the work-queue experiment, and what the CPU knows about
// them: each item's cost, the result its work must produce, and how long the
// three strategies would take to run the same items on the same slots.
//
// An item's work is a chain of x = x * A + C (mod 2^32) per thread, as many
// steps as its cost asks for, and the block's sum of the chains' ends. The
// GPU has to run every step (each needs the one before); the CPU gets the
// same sum in O(log steps) by composing the affine map with itself, so every
// item is checked without redoing the work.
#include <cstdint>
#include <string>
#include <vector>

namespace ws {

inline constexpr std::uint32_t kLcgMultiplier = 1664525u;  // Numerical Recipes' LCG
inline constexpr std::uint32_t kLcgIncrement = 1013904223u;

// Costs of the items in µs, from the distribution named in the catalog
// ("equal", "ramp", "heavy", "random"); `seed` places the heavy items and
// draws the random costs. Unknown names give an empty list.
std::vector<double> itemCostsUs(const std::string& distribution, std::uint32_t items,
                                double scaleUs, std::uint64_t seed);

// Thread t of the block working on `item` starts its chain at
// item * threads + t + 1; the item's result is the sum (mod 2^32) of all
// chains after `iterations` steps.
std::uint32_t itemResult(std::uint32_t item, std::uint32_t threads, std::uint32_t iterations);

// The strategies' rules applied to known item durations on `slots` slots
// that start together: static gives slot s the items s, s + slots, ...;
// per-item and queue both start the next item (in index order) on the first
// slot that frees, which is what the hardware's block scheduler and the
// atomic counter do. Fetch and launch overheads are not modelled.
struct ScheduleModel {
    std::vector<std::uint32_t> slotOfItem;
    std::vector<double> startNs, endNs;
    double makespanNs = 0;
};
ScheduleModel modelSchedule(const std::string& strategy, const std::vector<double>& durationsNs,
                            std::uint32_t slots);

}  // namespace ws
