#pragma once
// The hello experiment's records: one greeting per thread, with the SM it ran
// on, its %globaltimer, the ticket it drew with atomicAdd and the line of the
// device printf output that carries it. Read from the launch's "greetings"
// table (docs/trace-format.md, "Basics lab"), checked for what they must mean,
// and matched against the printf text the kernel really printed.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

// Lines per launch: the device's printf buffer holds them, and a view shows them.
inline constexpr long long kMaxGreetings = 8192;
inline constexpr std::uint32_t kNotPrinted = 0xffffffffu;
inline constexpr const char* kGreetingsTable = "greetings";

struct Greeting {
    std::uint32_t block = 0, thread = 0, warp = 0, lane = 0, sm = 0;
    std::uint64_t timeNs = 0;  // %globaltimer just before the printf
    std::uint32_t ticket = 0;  // atomicAdd's return: the order greetings reached the counter
    std::uint32_t printed = kNotPrinted;  // line of the launch's printf output
};

// The exact text the kernel prints (the format string lives in one place,
// kernels/basics/basics_hello.cu, and this must stay equal to it; a test holds them).
std::string greetingLine(std::uint32_t block, std::uint32_t thread, std::uint32_t warp,
                         std::uint32_t lane, std::uint32_t sm);
std::optional<Greeting> parseGreetingLine(std::string_view line);

RecordTable greetingsTable(const std::vector<Greeting>& greetings);
// Every column present and typed, one greeting per (block, thread) of the
// launch, warp and lane derived from the thread, tickets a permutation of
// 0..n-1, printed lines unique. Errors name the row and the rule.
Result<std::vector<Greeting>> readGreetings(const Launch& launch);

// Which printf line holds which greeting. Lines that are no greeting, name a
// thread twice or disagree with its record (another SM) are counted.
struct PrintfMatch {
    std::size_t lines = 0, matched = 0, foreign = 0, duplicates = 0, disagreeing = 0;
    std::string firstProblem;
};
PrintfMatch matchPrintf(std::string_view output, std::vector<Greeting>& greetings);

// The key under which Run::texts holds launch `index`'s printf output.
std::string printfTextKey(std::size_t launchIndex);

// The CPU's side of hello: every (block, thread) once, with its warp and lane.
std::vector<Greeting> expectedGreetings(std::uint32_t grid, std::uint32_t block);
// Checks a launch's greetings against expectedGreetings and its printf output.
Verification verifyGreetings(const std::vector<Greeting>& gpu, std::uint32_t grid,
                             std::uint32_t block, const PrintfMatch& printed);

}  // namespace ws
