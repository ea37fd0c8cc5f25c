#pragma once
// A profile's warp stall samples gathered per source line and per SASS
// instruction of one function, split by reason: which lines the warps
// waited on, and what they waited for. Samples of a "_not_issued" variant
// are counted apart (notIssued), never in the totals, since they are a part
// of samples already counted under their reason.
//
// A line is a line of the kernel's own body: where the profile knows through
// which call an instruction was inlined from a helper
// (ProfiledFunction::callerLine), the instruction counts on the kernel's line
// that made the call, and inlinedLinesOf tells the helper's lines inside it.
// Without that knowledge (traces recorded before it was kept) a helper's
// line is a line of its own, in the helper's file.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/run/run_profile.h"

namespace ws {

// The line of instructions whose cubin recorded none.
inline constexpr int kNoLine = 0;
std::string lineLabel(int line);  // "line 12", "(no line)"

// A source line of a function: its number and the file it is in (an index
// into ProfiledFunction::files; an inlined helper's lines are in the
// helper's file). The kernel's own file sorts first, then the others.
struct LinePlace {
    std::uint32_t file = 0;
    int line = kNoLine;
    bool operator==(const LinePlace&) const = default;
};

struct ReasonSamples {
    std::uint32_t reason = 0;  // index into RunProfile::stallReasons
    std::uint64_t samples = 0;
};

// What one place (a line, an instruction, a whole function) drew.
struct StallCounts {
    std::uint64_t samples = 0;           // every reason but the "_not_issued" variants
    std::uint64_t notIssued = 0;         // of those, samples in which nothing issued
    double share = 0;                    // of the function's samples, 0 to 1
    std::vector<ReasonSamples> reasons;  // most samples first, no variants
};

struct StallLine {
    int line = kNoLine;
    std::uint32_t file = 0;
    StallCounts counts;
    LinePlace place() const { return {file, line}; }
};

struct StallInstruction {
    std::uint32_t pcOffset = 0;
    int line = kNoLine;  // the line it counts on
    std::uint32_t file = 0;
    // Where its code was written when that is a helper inlined into `line`
    // (the helper's file and line); line kNoLine where it was not inlined.
    LinePlace helper{0, kNoLine};
    std::string sass;  // "" where the run found no disassembler
    StallCounts counts;
};

struct FunctionStalls {
    std::size_t function = 0;   // index into RunProfile::functions
    std::uint32_t ownFile = 0;  // the file of the kernel's own lines (ownFileOf)
    StallCounts counts;         // the whole function; share 1 when it drew samples
    // Every line that holds an instruction of the function or drew samples,
    // in file order with "(no line)" last; lines without samples count 0.
    std::vector<StallLine> lines;
};

// The functions that drew samples, most samples first.
std::vector<std::size_t> sampledFunctions(const RunProfile& profile);

FunctionStalls stallsOfFunction(const RunProfile& profile, std::size_t function);

// The lines that drew samples, most first (equal ones in file order).
std::vector<StallLine> hottestFirst(const std::vector<StallLine>& lines);
// All lines in file order (the kernel's own file first), "(no line)" last.
std::vector<StallLine> inFileOrder(std::vector<StallLine> lines, std::uint32_t ownFile = 0);

// Every instruction of a line in the function, by address, with what each
// drew (instructions the cubin lacks but samples name are included).
std::vector<StallInstruction> instructionsOfLine(const RunProfile& profile, std::size_t function,
                                                 LinePlace place);
// The same for a line of the kernel's own file.
std::vector<StallInstruction> instructionsOfLine(const RunProfile& profile, std::size_t function,
                                                 int line);
// The helpers' lines whose code was inlined into a line of the kernel, with
// what each drew (shares of the function's samples), most samples first and
// then in file order; empty where none was, or the profile does not know.
std::vector<StallLine> inlinedLinesOf(const RunProfile& profile, std::size_t function,
                                      LinePlace kernelLine);

// The file the kernel's own lines are in (its sourceFile's index; 0 where
// the function names no files) and the path of a line's file ("" unknown).
std::uint32_t ownFileOf(const ProfiledFunction& function);
std::string filePathOf(const ProfiledFunction& function, std::uint32_t file);

struct ReasonShare {
    std::uint32_t reason = 0;  // index into RunProfile::stallReasons
    std::string cuptiName;
    std::string words;
    std::uint64_t samples = 0;
    double share = 0;  // of the function's samples, 0 to 1
};

// The reasons of a whole function, most samples first, at most `count` of
// them (0: all): what a lesson names ("waiting for global memory, 62 %") and
// what Nsight Compute's warp state statistics are set beside.
std::vector<ReasonShare> reasonShares(const RunProfile& profile, std::size_t function,
                                      std::size_t count = 0);

}  // namespace ws
