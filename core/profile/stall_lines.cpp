#include "core/profile/stall_lines.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "core/profile/stall_reasons.h"

namespace ws {

namespace {

// Samples of one place gathered by reason before they become StallCounts.
struct Tally {
    std::map<std::uint32_t, std::uint64_t> byReason;
    std::uint64_t notIssued = 0;

    void add(const RunProfile& profile, std::uint32_t reason, std::uint64_t samples) {
        if (isNotIssuedVariant(profile.stallReasons[reason]))
            notIssued += samples;
        else
            byReason[reason] += samples;
    }
};

StallCounts countsOf(const Tally& tally, std::uint64_t functionSamples) {
    StallCounts c;
    c.notIssued = tally.notIssued;
    for (const auto& [reason, samples] : tally.byReason) {
        if (samples == 0) continue;
        c.reasons.push_back({reason, samples});
        c.samples += samples;
    }
    std::stable_sort(
        c.reasons.begin(), c.reasons.end(),
        [](const ReasonSamples& a, const ReasonSamples& b) { return a.samples > b.samples; });
    c.share = functionSamples > 0 ? double(c.samples) / double(functionSamples) : 0;
    return c;
}

// The rows of a function's samples whose reason the profile names.
template <typename Visit>
void forEachSample(const RunProfile& profile, std::size_t function, Visit visit) {
    const StallSampleRecords& s = profile.stalls;
    const std::size_t n =
        std::min({s.function.size(), s.pcOffset.size(), s.reason.size(), s.samples.size()});
    for (std::size_t i = 0; i < n; ++i) {
        if (s.function[i] != function || s.reason[i] >= profile.stallReasons.size()) continue;
        visit(s.pcOffset[i], s.reason[i], std::uint64_t(s.samples[i]));
    }
}

// pcOffset -> row of the function's instruction table.
std::unordered_map<std::uint32_t, std::size_t> instructionRows(const ProfiledFunction& f) {
    std::unordered_map<std::uint32_t, std::size_t> rows;
    for (std::size_t i = 0; i < f.pcOffset.size(); ++i) rows.emplace(f.pcOffset[i], i);
    return rows;
}

// Where an instruction's code was written: its own line, a helper's for
// inlined code.
LinePlace writtenAt(const ProfiledFunction& f, std::size_t row) {
    if (row >= f.line.size() || f.line[row] == 0) return {ownFileOf(f), kNoLine};
    return {row < f.file.size() ? f.file[row] : ownFileOf(f), int(f.line[row])};
}

// Whether the profile knows the instruction was inlined from a helper
// (older traces hold no calls: then none was, as far as they tell).
bool inlinedAt(const ProfiledFunction& f, std::size_t row) {
    return row < f.callerLine.size() && row < f.callerFile.size() && f.callerLine[row] != 0;
}

// The kernel's line an instruction counts on: the line that called the
// helper its code was inlined from, else where it was written.
LinePlace placeAt(const ProfiledFunction& f, std::size_t row) {
    if (inlinedAt(f, row)) return {f.callerFile[row], int(f.callerLine[row])};
    return writtenAt(f, row);
}

std::uint64_t functionSamples(const RunProfile& profile, std::size_t function) {
    std::uint64_t total = 0;
    forEachSample(profile, function, [&](std::uint32_t, std::uint32_t reason, std::uint64_t n) {
        if (!isNotIssuedVariant(profile.stallReasons[reason])) total += n;
    });
    return total;
}

// File order: the kernel's own file first, then the others by index; lines
// ascending within a file, "(no line)" after every numbered line.
struct FileOrder {
    std::uint32_t own = 0;
    bool operator()(const LinePlace& a, const LinePlace& b) const {
        if ((a.line == kNoLine) != (b.line == kNoLine)) return b.line == kNoLine;
        if (a.file != b.file) {
            if (a.file == own || b.file == own) return a.file == own;
            return a.file < b.file;
        }
        return a.line < b.line;
    }
};

}  // namespace

std::uint32_t ownFileOf(const ProfiledFunction& function) {
    for (std::size_t i = 0; i < function.files.size(); ++i)
        if (function.files[i] == function.sourceFile) return std::uint32_t(i);
    return 0;
}

std::string filePathOf(const ProfiledFunction& function, std::uint32_t file) {
    if (file < function.files.size()) return function.files[file];
    return file == 0 ? function.sourceFile : std::string();
}

std::string lineLabel(int line) {
    return line == kNoLine ? std::string("(no line)") : "line " + std::to_string(line);
}

std::vector<std::size_t> sampledFunctions(const RunProfile& profile) {
    std::vector<std::pair<std::size_t, std::uint64_t>> drawn;
    for (std::size_t f = 0; f < profile.functions.size(); ++f)
        if (const std::uint64_t n = functionSamples(profile, f); n > 0) drawn.push_back({f, n});
    std::stable_sort(drawn.begin(), drawn.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    std::vector<std::size_t> out;
    for (const auto& d : drawn) out.push_back(d.first);
    return out;
}

FunctionStalls stallsOfFunction(const RunProfile& profile, std::size_t function) {
    FunctionStalls out;
    out.function = function;
    if (function >= profile.functions.size()) return out;
    const ProfiledFunction& f = profile.functions[function];
    const auto rows = instructionRows(f);
    const LinePlace none{ownFileOf(f), kNoLine};
    Tally whole;
    std::map<LinePlace, Tally, FileOrder> byLine(FileOrder{ownFileOf(f)});
    for (std::size_t i = 0; i < f.pcOffset.size(); ++i) byLine[placeAt(f, i)];
    forEachSample(profile, function, [&](std::uint32_t pc, std::uint32_t reason, std::uint64_t n) {
        const auto row = rows.find(pc);
        byLine[row == rows.end() ? none : placeAt(f, row->second)].add(profile, reason, n);
        whole.add(profile, reason, n);
    });
    const std::uint64_t total = countsOf(whole, 0).samples;
    out.counts = countsOf(whole, total);
    for (const auto& [place, tally] : byLine)
        out.lines.push_back({place.line, place.file, countsOf(tally, total)});
    out.ownFile = ownFileOf(f);
    return out;
}

std::vector<StallLine> hottestFirst(const std::vector<StallLine>& lines) {
    std::vector<StallLine> out;
    for (const StallLine& l : lines)
        if (l.counts.samples > 0) out.push_back(l);
    std::stable_sort(out.begin(), out.end(), [](const StallLine& a, const StallLine& b) {
        if (a.counts.samples != b.counts.samples) return a.counts.samples > b.counts.samples;
        return FileOrder{}(a.place(), b.place());
    });
    return out;
}

std::vector<StallLine> inFileOrder(std::vector<StallLine> lines, std::uint32_t ownFile) {
    const FileOrder order{ownFile};
    std::stable_sort(lines.begin(), lines.end(), [&](const StallLine& a, const StallLine& b) {
        return order(a.place(), b.place());
    });
    return lines;
}

std::vector<StallInstruction> instructionsOfLine(const RunProfile& profile, std::size_t function,
                                                 LinePlace place) {
    std::vector<StallInstruction> out;
    if (function >= profile.functions.size()) return out;
    const ProfiledFunction& f = profile.functions[function];
    const auto rows = instructionRows(f);
    std::map<std::uint32_t, Tally> byPc;
    const LinePlace none{ownFileOf(f), kNoLine};
    for (std::size_t i = 0; i < f.pcOffset.size(); ++i)
        if (placeAt(f, i) == place) byPc[f.pcOffset[i]];
    forEachSample(profile, function, [&](std::uint32_t pc, std::uint32_t reason, std::uint64_t n) {
        const auto row = rows.find(pc);
        if ((row == rows.end() ? none : placeAt(f, row->second)) == place)
            byPc[pc].add(profile, reason, n);
    });
    const std::uint64_t total = functionSamples(profile, function);
    for (const auto& [pc, tally] : byPc) {
        StallInstruction in;
        in.pcOffset = pc;
        in.line = place.line;
        in.file = place.file;
        if (const auto row = rows.find(pc); row != rows.end()) {
            if (row->second < f.sass.size()) in.sass = f.sass[row->second];
            if (inlinedAt(f, row->second)) in.helper = writtenAt(f, row->second);
        }
        in.counts = countsOf(tally, total);
        out.push_back(std::move(in));
    }
    return out;
}

std::vector<StallLine> inlinedLinesOf(const RunProfile& profile, std::size_t function,
                                      LinePlace kernelLine) {
    if (function >= profile.functions.size()) return {};
    const ProfiledFunction& f = profile.functions[function];
    const auto rows = instructionRows(f);
    std::map<LinePlace, Tally, FileOrder> byHelperLine(FileOrder{ownFileOf(f)});
    for (std::size_t i = 0; i < f.pcOffset.size(); ++i)
        if (inlinedAt(f, i) && placeAt(f, i) == kernelLine) byHelperLine[writtenAt(f, i)];
    forEachSample(profile, function, [&](std::uint32_t pc, std::uint32_t reason, std::uint64_t n) {
        const auto row = rows.find(pc);
        if (row != rows.end() && inlinedAt(f, row->second) && placeAt(f, row->second) == kernelLine)
            byHelperLine[writtenAt(f, row->second)].add(profile, reason, n);
    });
    const std::uint64_t total = functionSamples(profile, function);
    std::vector<StallLine> out;
    for (const auto& [place, tally] : byHelperLine)
        out.push_back({place.line, place.file, countsOf(tally, total)});
    std::stable_sort(out.begin(), out.end(), [](const StallLine& a, const StallLine& b) {
        return a.counts.samples > b.counts.samples;
    });
    return out;
}

std::vector<StallInstruction> instructionsOfLine(const RunProfile& profile, std::size_t function,
                                                 int line) {
    if (function >= profile.functions.size()) return {};
    return instructionsOfLine(profile, function,
                              LinePlace{ownFileOf(profile.functions[function]), line});
}

std::vector<ReasonShare> reasonShares(const RunProfile& profile, std::size_t function,
                                      std::size_t count) {
    const FunctionStalls stalls = stallsOfFunction(profile, function);
    std::vector<ReasonShare> out;
    for (const ReasonSamples& r : stalls.counts.reasons) {
        if (count > 0 && out.size() == count) break;
        const std::string& name = profile.stallReasons[r.reason];
        out.push_back(
            {r.reason, name, stallReasonWords(name), r.samples,
             stalls.counts.samples > 0 ? double(r.samples) / double(stalls.counts.samples) : 0});
    }
    return out;
}

}  // namespace ws
