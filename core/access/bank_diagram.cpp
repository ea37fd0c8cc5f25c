#include "core/access/bank_diagram.h"

#include <algorithm>

namespace ws {

const DiagramWord* BankDiagram::at(std::uint32_t bank, std::uint32_t row) const {
    for (const auto& w : words)
        if (w.bank == bank && w.row == row) return &w;
    return nullptr;
}

std::uint32_t BankDiagram::conflictWords() const {
    return std::uint32_t(
        std::count_if(words.begin(), words.end(), [](auto& w) { return w.conflict; }));
}

std::uint32_t BankDiagram::broadcastWords() const {
    return std::uint32_t(
        std::count_if(words.begin(), words.end(), [](auto& w) { return w.broadcast; }));
}

BankDiagram buildBankDiagram(const WarpAccess& access) {
    BankDiagram d;
    d.analysis = analyzeBanks(access);
    d.laneBank.fill(-1);
    d.lanePhase.fill(-1);
    std::uint32_t firstRow = 0;
    for (std::size_t p = 0; p < d.analysis.phases.size(); ++p) {
        const PhaseAnalysis& phase = d.analysis.phases[p];
        d.phaseFirstRow.push_back(firstRow);
        for (std::uint32_t bank = 0; bank < kBankCount; ++bank) {
            const auto& used = phase.banks[bank];
            for (std::size_t i = 0; i < used.size(); ++i) {
                DiagramWord w;
                w.phase = std::uint32_t(p);
                w.bank = bank;
                w.row = firstRow + std::uint32_t(i);
                w.word = used[i].word;
                w.lanes = used[i].lanes;
                w.broadcast = used[i].lanes.size() > 1;
                w.conflict = used.size() > 1;
                const std::size_t index = d.words.size();
                for (std::uint32_t lane : w.lanes) {
                    d.links.push_back({lane, index});
                    if (d.laneBank[lane] < 0) {
                        // A lane's first word is the one at its own address.
                        if (access.address[lane] / kBankWidthBytes == w.word) {
                            d.laneBank[lane] = int(bank);
                            d.lanePhase[lane] = int(p);
                        }
                    }
                }
                d.words.push_back(std::move(w));
            }
        }
        firstRow += std::max<std::uint32_t>(phase.passes, 1);
    }
    d.rows = firstRow;
    return d;
}

}  // namespace ws
