#pragma once
// What the printed lines of hello show, as numbers a view can draw: the order
// the greetings came in (printed line, ticket or %globaltimer), the runs of
// consecutive lines from one warp, the order of the warps, and how much that
// order changed from one launch to the next.
#include <cstdint>
#include <vector>

#include "core/basics/greetings.h"

namespace ws {

enum class GreetingOrder { Printed, Ticket, Time };

// Each greeting's position 0..n-1 in the chosen order. Printed: greetings
// missing from the output come after the printed ones, by ticket. Time:
// ties (one %globaltimer tick) broken by ticket.
std::vector<std::uint32_t> greetingPositions(const std::vector<Greeting>& greetings,
                                             GreetingOrder order);

struct WarpId {
    std::uint32_t block = 0, warp = 0;
    bool operator==(const WarpId&) const = default;
    auto operator<=>(const WarpId&) const = default;
};

// A maximal run of consecutive positions held by one warp.
struct WarpRun {
    WarpId warp;
    std::uint32_t first = 0, count = 0;
};
std::vector<WarpRun> warpRuns(const std::vector<Greeting>& greetings, GreetingOrder order);

// Warps in the order their first greeting came.
std::vector<WarpId> warpOrder(const std::vector<Greeting>& greetings, GreetingOrder order);

struct OrderSummary {
    std::size_t greetings = 0, warps = 0, blocks = 0;
    std::size_t runs = 0;           // warpRuns().size(): warps == runs when each warp came whole
    std::size_t blockSwitches = 0;  // consecutive positions from different blocks
    bool warpsWhole() const { return runs == warps; }
};
OrderSummary summarizeOrder(const std::vector<Greeting>& greetings, GreetingOrder order);

// Warps whose rank in `b`'s warp order differs from their rank in `a`'s
// (warps missing from one side count as moved).
std::size_t warpsMoved(const std::vector<WarpId>& a, const std::vector<WarpId>& b);

}  // namespace ws
