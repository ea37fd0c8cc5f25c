#pragma once
// Where the bank view draws a warp's shared-memory access: for every word the
// access touches, its bank (a column) and its row inside that bank, and
// whether it is a broadcast (several lanes, one word: served together) or part
// of a conflict (its bank serves other words too: one more pass each). Rows
// are stacked phase by phase, so the half- and quarter-warp phases of 8- and
// 16-byte accesses show one under the other, each as deep as its passes.
#include <array>
#include <cstdint>
#include <vector>

#include "core/access/bank_conflicts.h"

namespace ws {

struct DiagramWord {
    std::uint32_t phase = 0;
    std::uint32_t bank = 0;
    std::uint32_t row = 0;   // over all phases: phaseFirstRow[phase] + index in the bank
    std::uint32_t word = 0;  // byte address / 4
    std::vector<std::uint32_t> lanes;
    bool broadcast = false;  // more than one lane reads this word
    bool conflict = false;   // its bank serves more than one word in this phase
};

// One line from a lane down to a word it touches (8- and 16-byte elements
// span two or four words, so such a lane has two or four links).
struct LaneLink {
    std::uint32_t lane = 0;
    std::size_t word = 0;  // index into BankDiagram::words
};

struct BankDiagram {
    BankAnalysis analysis;
    std::vector<DiagramWord> words;
    std::vector<LaneLink> links;
    std::vector<std::uint32_t> phaseFirstRow;  // per phase, its first row
    std::uint32_t rows = 0;                    // sum of the phases' depths
    std::array<int, 32> laneBank{};            // bank of each lane's first word, -1 when idle
    std::array<int, 32> lanePhase{};           // phase of each lane, -1 when idle

    // The word drawn at (bank, row), or null.
    const DiagramWord* at(std::uint32_t bank, std::uint32_t row) const;
    std::uint32_t conflictWords() const;   // words in banks that serve several
    std::uint32_t broadcastWords() const;  // words read by several lanes
};

BankDiagram buildBankDiagram(const WarpAccess& access);

}  // namespace ws
