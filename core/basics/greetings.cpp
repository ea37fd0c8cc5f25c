#include "core/basics/greetings.h"

#include <charconv>
#include <cstdio>
#include <map>
#include <set>

namespace ws {

namespace {

constexpr const char* kPrefix = "Hello from block ";

// Reads an unsigned number at `pos` and moves past it.
bool readNumber(std::string_view text, std::size_t& pos, std::uint32_t& out) {
    const char* begin = text.data() + pos;
    const char* end = text.data() + text.size();
    auto [next, ec] = std::from_chars(begin, end, out);
    if (ec != std::errc() || next == begin) return false;
    pos += std::size_t(next - begin);
    return true;
}

bool expect(std::string_view text, std::size_t& pos, std::string_view literal) {
    if (text.substr(pos, literal.size()) != literal) return false;
    pos += literal.size();
    return true;
}

std::string row(std::size_t i) { return "greeting " + std::to_string(i) + ": "; }

}  // namespace

std::string greetingLine(std::uint32_t block, std::uint32_t thread, std::uint32_t warp,
                         std::uint32_t lane, std::uint32_t sm) {
    char text[128];
    std::snprintf(text, sizeof text, "Hello from block %u, thread %u (warp %u, lane %u) on SM %u",
                  block, thread, warp, lane, sm);
    return text;
}

std::optional<Greeting> parseGreetingLine(std::string_view line) {
    Greeting g;
    std::size_t pos = 0;
    if (!expect(line, pos, kPrefix) || !readNumber(line, pos, g.block) ||
        !expect(line, pos, ", thread ") || !readNumber(line, pos, g.thread) ||
        !expect(line, pos, " (warp ") || !readNumber(line, pos, g.warp) ||
        !expect(line, pos, ", lane ") || !readNumber(line, pos, g.lane) ||
        !expect(line, pos, ") on SM ") || !readNumber(line, pos, g.sm) || pos != line.size())
        return std::nullopt;
    return g;
}

RecordTable greetingsTable(const std::vector<Greeting>& greetings) {
    RecordTable t{kGreetingsTable, {}};
    t.columns.reserve(8);  // add() returns references into the columns
    auto& block = t.add<std::uint32_t>("block");
    auto& thread = t.add<std::uint32_t>("thread");
    auto& warp = t.add<std::uint32_t>("warp");
    auto& lane = t.add<std::uint32_t>("lane");
    auto& sm = t.add<std::uint32_t>("sm");
    auto& time = t.add<std::uint64_t>("timeNs");
    auto& ticket = t.add<std::uint32_t>("ticket");
    auto& printed = t.add<std::uint32_t>("printed");
    for (const Greeting& g : greetings) {
        block.push_back(g.block);
        thread.push_back(g.thread);
        warp.push_back(g.warp);
        lane.push_back(g.lane);
        sm.push_back(g.sm);
        time.push_back(g.timeNs);
        ticket.push_back(g.ticket);
        printed.push_back(g.printed);
    }
    return t;
}

Result<std::vector<Greeting>> readGreetings(const Launch& launch) {
    const RecordTable* t = findTable(launch.tables, kGreetingsTable);
    if (!t) return makeError("launch '" + launch.kernel + "' has no table 'greetings'");
    auto block = requireColumn<std::uint32_t>(*t, "block");
    auto thread = requireColumn<std::uint32_t>(*t, "thread");
    auto warp = requireColumn<std::uint32_t>(*t, "warp");
    auto lane = requireColumn<std::uint32_t>(*t, "lane");
    auto sm = requireColumn<std::uint32_t>(*t, "sm");
    auto time = requireColumn<std::uint64_t>(*t, "timeNs");
    auto ticket = requireColumn<std::uint32_t>(*t, "ticket");
    auto printed = requireColumn<std::uint32_t>(*t, "printed");
    if (!block) return makeError(block.error());
    if (!thread) return makeError(thread.error());
    if (!warp) return makeError(warp.error());
    if (!lane) return makeError(lane.error());
    if (!sm) return makeError(sm.error());
    if (!time) return makeError(time.error());
    if (!ticket) return makeError(ticket.error());
    if (!printed) return makeError(printed.error());
    if (Status s = checkTable(*t, ""); !s) return makeError(s.error());

    const std::size_t n = t->rows();
    std::vector<Greeting> out(n);
    std::set<std::pair<std::uint32_t, std::uint32_t>> threads;
    std::vector<bool> ticketSeen(n, false), lineSeen(n, false);
    for (std::size_t i = 0; i < n; ++i) {
        Greeting& g = out[i];
        g = {(**block)[i], (**thread)[i], (**warp)[i],   (**lane)[i],
             (**sm)[i],    (**time)[i],   (**ticket)[i], (**printed)[i]};
        if (g.block >= launch.grid.count())
            return makeError(row(i) + "block " + std::to_string(g.block) +
                             " is not below the grid's " + std::to_string(launch.grid.count()));
        if (g.thread >= launch.block.count())
            return makeError(row(i) + "thread " + std::to_string(g.thread) +
                             " is not below the block's " + std::to_string(launch.block.count()));
        if (g.warp != g.thread / kWarpSize || g.lane != g.thread % kWarpSize)
            return makeError(row(i) + "thread " + std::to_string(g.thread) + " is warp " +
                             std::to_string(g.thread / kWarpSize) + " lane " +
                             std::to_string(g.thread % kWarpSize) + ", the record says warp " +
                             std::to_string(g.warp) + " lane " + std::to_string(g.lane));
        if (!threads.insert({g.block, g.thread}).second)
            return makeError(row(i) + "block " + std::to_string(g.block) + " thread " +
                             std::to_string(g.thread) + " greets twice");
        if (g.ticket >= n || ticketSeen[g.ticket])
            return makeError(row(i) + "ticket " + std::to_string(g.ticket) +
                             (g.ticket >= n
                                  ? " is not below the " + std::to_string(n) + " greetings"
                                  : " was drawn twice"));
        ticketSeen[g.ticket] = true;
        if (g.printed != kNotPrinted) {
            if (g.printed >= n || lineSeen[g.printed])
                return makeError(row(i) + "printed line " + std::to_string(g.printed) +
                                 (g.printed >= n
                                      ? " is not below the " + std::to_string(n) + " greetings"
                                      : " holds two greetings"));
            lineSeen[g.printed] = true;
        }
    }
    return out;
}

PrintfMatch matchPrintf(std::string_view output, std::vector<Greeting>& greetings) {
    PrintfMatch m;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> byThread;
    for (std::size_t i = 0; i < greetings.size(); ++i) {
        greetings[i].printed = kNotPrinted;
        byThread[{greetings[i].block, greetings[i].thread}] = i;
    }
    auto problem = [&](const std::string& what) {
        if (m.firstProblem.empty()) m.firstProblem = what;
    };
    std::size_t start = 0;
    while (start < output.size()) {
        std::size_t end = output.find('\n', start);
        if (end == std::string_view::npos) end = output.size();
        const std::string_view line = output.substr(start, end - start);
        start = end + 1;
        const std::size_t lineIndex = m.lines++;
        const auto parsed = parseGreetingLine(line);
        const auto it = parsed ? byThread.find({parsed->block, parsed->thread}) : byThread.end();
        if (it == byThread.end()) {
            ++m.foreign;
            problem("line " + std::to_string(lineIndex + 1) + " is no greeting of this launch: '" +
                    std::string(line.substr(0, 80)) + "'");
            continue;
        }
        Greeting& g = greetings[it->second];
        if (g.printed != kNotPrinted) {
            ++m.duplicates;
            problem("line " + std::to_string(lineIndex + 1) + " repeats block " +
                    std::to_string(g.block) + " thread " + std::to_string(g.thread));
            continue;
        }
        if (parsed->warp != g.warp || parsed->lane != g.lane || parsed->sm != g.sm) {
            ++m.disagreeing;
            problem("line " + std::to_string(lineIndex + 1) + " says SM " +
                    std::to_string(parsed->sm) + ", warp " + std::to_string(parsed->warp) +
                    ", lane " + std::to_string(parsed->lane) + "; the record of block " +
                    std::to_string(g.block) + " thread " + std::to_string(g.thread) + " says SM " +
                    std::to_string(g.sm) + ", warp " + std::to_string(g.warp) + ", lane " +
                    std::to_string(g.lane));
        }
        g.printed = std::uint32_t(lineIndex);
        ++m.matched;
    }
    if (m.matched < greetings.size())
        problem(std::to_string(greetings.size() - m.matched) + " of " +
                std::to_string(greetings.size()) + " greetings never appeared in the output");
    return m;
}

std::string printfTextKey(std::size_t launchIndex) {
    return launchIndex == 0 ? std::string("printf") : "printf." + std::to_string(launchIndex);
}

std::vector<Greeting> expectedGreetings(std::uint32_t grid, std::uint32_t block) {
    std::vector<Greeting> out;
    out.reserve(std::size_t(grid) * block);
    for (std::uint32_t b = 0; b < grid; ++b)
        for (std::uint32_t t = 0; t < block; ++t) {
            Greeting g;
            g.block = b;
            g.thread = t;
            g.warp = t / kWarpSize;
            g.lane = t % kWarpSize;
            out.push_back(g);
        }
    return out;
}

Verification verifyGreetings(const std::vector<Greeting>& gpu, std::uint32_t grid,
                             std::uint32_t block, const PrintfMatch& printed) {
    Verification v;
    v.checked = true;
    const std::size_t want = std::size_t(grid) * block;
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
    std::size_t wrong = 0;
    for (const Greeting& g : gpu) {
        const bool ok = g.block < grid && g.thread < block && g.warp == g.thread / kWarpSize &&
                        g.lane == g.thread % kWarpSize && seen.insert({g.block, g.thread}).second;
        if (!ok) ++wrong;
    }
    v.expected = std::to_string(want) + " greetings, one per thread, each printed once";
    v.actual = std::to_string(seen.size()) + " threads greeted, " +
               std::to_string(printed.matched) + " printed lines matched";
    v.absError = double(wrong + (want - seen.size()) + (want - std::min(want, printed.matched)) +
                        printed.foreign + printed.duplicates + printed.disagreeing);
    v.passed = v.absError == 0 && gpu.size() == want;
    v.note = v.passed ? "every (block, thread) of the launch greeted once, its warp and lane "
                        "are thread / 32 and thread % 32, and each printed line matches its "
                        "record (same SM): compared exactly"
                      : (printed.firstProblem.empty() ? std::to_string(wrong) +
                                                            " records name a thread twice or a "
                                                            "thread outside the launch"
                                                      : printed.firstProblem);
    return v;
}

}  // namespace ws
