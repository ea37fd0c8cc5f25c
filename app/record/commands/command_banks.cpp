// `banks`: the bank-conflict calculator. Prints, for one warp access, each
// bank's lanes and words, the broadcasts, and ends with "passes: N".
#include <charconv>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "app/record/commands/record_commands.h"
#include "core/access/bank_conflicts.h"
#include "core/common/result.h"

namespace ws::record {

namespace {

// No SM has more shared memory than this (the H100's and H200's 228 KiB): a
// pattern reaching past it is not an access a warp can make.
constexpr std::uint64_t kMaxSharedBytes = 228 * 1024;

Status withinSharedMemory(std::uint64_t endByte, const std::string& what) {
    if (endByte <= kMaxSharedBytes) return {};
    return makeError(what + " reaches byte " + std::to_string(endByte) +
                     ", past the 228 KiB (233472 bytes) of shared memory an SM has at most");
}

// Checks a tile's shape before its addresses are computed (in 32 bits).
Status checkTile(const BankQuery& q) {
    if (q.tileRows == 0 || q.tileCols == 0 || q.tileRows > 1024 || q.tileCols > 1024)
        return makeError("--tile must be ROWSxCOLS with 1..1024 each");
    const std::uint64_t pitch = std::uint64_t(q.tileCols) * q.widthBytes + q.paddingBytes;
    // Shared memory takes only aligned accesses: a row that starts off the
    // element size would fault on a GPU.
    if (pitch % q.widthBytes != 0)
        return makeError("--padding " + std::to_string(q.paddingBytes) + " makes rows of " +
                         std::to_string(pitch) + " bytes, not a multiple of the " +
                         std::to_string(q.widthBytes) +
                         "-byte access: the rows after the first would start misaligned, which a "
                         "GPU does not allow; pad by a multiple of " +
                         std::to_string(q.widthBytes));
    return withinSharedMemory(pitch * q.tileRows, "the " + std::to_string(q.tileRows) + "x" +
                                                      std::to_string(q.tileCols) + " tile");
}

Result<WarpAccess> buildAccess(const BankQuery& q) {
    if (!isSupportedWidth(q.widthBytes))
        return makeError("--width " + std::to_string(q.widthBytes) +
                         " is not an access width (1, 2, 4, 8 or 16 bytes)");
    if (q.stride && !q.addresses.empty())
        return makeError("give either --stride or --addresses, not both");
    if (q.paddingBytes && !q.tile)
        return makeError("--padding pads the rows of a tile: give --tile ROWSxCOLS too");
    if (!q.addresses.empty()) {
        if (q.tile) return makeError("--tile describes a pattern; --addresses gives one already");
        if (q.addresses.size() > 32)
            return makeError("--addresses lists " + std::to_string(q.addresses.size()) +
                             " addresses; a warp has 32 lanes");
        WarpAccess a;
        a.widthBytes = q.widthBytes;
        a.activeMask = q.addresses.size() == 32 ? 0xffffffffu : (1u << q.addresses.size()) - 1;
        for (std::size_t i = 0; i < q.addresses.size(); ++i) {
            if (q.addresses[i] % q.widthBytes != 0)
                return makeError("address " + std::to_string(q.addresses[i]) + " of lane " +
                                 std::to_string(i) + " is not aligned to " +
                                 std::to_string(q.widthBytes) + " bytes");
            if (Status s = withinSharedMemory(std::uint64_t(q.addresses[i]) + q.widthBytes,
                                              "lane " + std::to_string(i) + "'s access");
                !s)
                return makeError(s.error());
            a.address[i] = q.addresses[i];
        }
        return a;
    }
    if (q.tile) {
        if (Status s = checkTile(q); !s) return makeError(s.error());
        if (q.stride) {
            // Lane 31's element, where the strided walk through the tile ends.
            const std::uint64_t index = 31ull * *q.stride;
            const std::uint64_t pitch = std::uint64_t(q.tileCols) * q.widthBytes + q.paddingBytes;
            const std::uint64_t end =
                index / q.tileCols * pitch + index % q.tileCols * q.widthBytes + q.widthBytes;
            if (Status s = withinSharedMemory(end, "lane 31's access"); !s)
                return makeError(s.error());
            return stridedTileAccess(*q.stride, q.tileCols, q.widthBytes, q.paddingBytes);
        }
        return tileColumnAccess(q.tileRows, q.tileCols, q.widthBytes, q.paddingBytes);
    }
    if (!q.stride) return makeError("give --stride WORDS, --addresses a0,...,a31 or --tile");
    if (Status s =
            withinSharedMemory(31ull * *q.stride * q.widthBytes + q.widthBytes, "lane 31's access");
        !s)
        return makeError(s.error());
    return stridedAccess(*q.stride, q.widthBytes);
}

std::string laneList(const std::vector<std::uint32_t>& lanes) {
    std::string s;
    for (auto l : lanes) {
        if (!s.empty()) s += ',';
        s += std::to_string(l);
    }
    return s;
}

}  // namespace

Result<std::pair<std::uint32_t, std::uint32_t>> parseTile(const std::string& text) {
    const std::string bad = "--tile '" + text + "' is not ROWSxCOLS (two whole numbers, as 32x33)";
    const std::size_t x = text.find('x');
    if (x == std::string::npos) return makeError(bad);
    std::uint32_t parts[2] = {0, 0};
    const std::string pieces[2] = {text.substr(0, x), text.substr(x + 1)};
    for (int i = 0; i < 2; ++i) {
        const std::string& p = pieces[i];
        const auto [end, ec] = std::from_chars(p.data(), p.data() + p.size(), parts[i]);
        if (p.empty() || p[0] == '+' || end != p.data() + p.size()) return makeError(bad);
        if (ec == std::errc::result_out_of_range)
            return makeError("--tile must be ROWSxCOLS with 1..1024 each, not '" + text + "'");
        if (ec != std::errc()) return makeError(bad);
    }
    return std::pair{parts[0], parts[1]};
}

int banksCommand(const BankQuery& query, bool json, std::ostream& out, std::ostream& err) {
    auto access = buildAccess(query);
    if (!access) {
        err << "warpscope-record banks: " << access.error() << "\n";
        return kUsage;
    }
    const BankAnalysis a = analyzeBanks(*access);
    if (json) {
        nlohmann::json phases = nlohmann::json::array();
        for (const auto& p : a.phases) {
            nlohmann::json banks = nlohmann::json::array();
            for (std::uint32_t b = 0; b < kBankCount; ++b)
                for (const auto& u : p.banks[b])
                    banks.push_back({{"bank", b}, {"word", u.word}, {"lanes", u.lanes}});
            phases.push_back({{"firstLane", p.firstLane},
                              {"lanes", p.laneCount},
                              {"passes", p.passes},
                              {"words", banks}});
        }
        out << nlohmann::json{{"widthBytes", access->widthBytes},
                              {"addresses", access->address},
                              {"activeMask", access->activeMask},
                              {"phases", phases},
                              {"broadcastWords", a.broadcastWords},
                              {"conflictDegree", a.conflictDegree},
                              {"idealPasses", a.idealPasses},
                              {"passes", a.passes}}
                   .dump(2)
            << "\n";
        return kOk;
    }
    out << "warp access: " << __builtin_popcount(access->activeMask) << " lanes, "
        << access->widthBytes << "-byte elements, 32 banks of 4 bytes\n";
    for (const auto& p : a.phases) {
        if (a.phases.size() > 1)
            out << "phase lanes " << p.firstLane << ".." << p.firstLane + p.laneCount - 1 << " ("
                << p.passes << (p.passes == 1 ? " pass" : " passes") << ")\n";
        for (std::uint32_t b = 0; b < kBankCount; ++b) {
            const auto& words = p.banks[b];
            if (words.empty()) continue;
            out << "  bank " << std::setw(2) << b << ": ";
            for (std::size_t i = 0; i < words.size(); ++i)
                out << (i ? "; " : "") << "word " << words[i].word << " (byte " << words[i].word * 4
                    << ") lanes " << laneList(words[i].lanes);
            if (words.size() > 1) out << "  <- conflict, " << words.size() << " words";
            out << "\n";
        }
    }
    std::ostringstream broadcasts;
    for (const auto& p : a.phases)
        for (const auto& words : p.banks)
            for (const auto& u : words)
                if (u.lanes.size() > 1)
                    broadcasts << "  word " << u.word << " shared by lanes " << laneList(u.lanes)
                               << "\n";
    out << "broadcasts: " << a.broadcastWords << (a.broadcastWords ? "\n" : " (none)\n")
        << broadcasts.str();
    out << "worst bank serves " << a.conflictDegree << " distinct word(s); ideal passes "
        << a.idealPasses << "\n";
    out << "passes: " << a.passes << "\n";
    return kOk;
}

}  // namespace ws::record
