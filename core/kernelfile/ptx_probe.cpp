#include "core/kernelfile/ptx_probe.h"

#include <algorithm>
#include <cstring>
#include <regex>
#include <sstream>
#include <vector>

namespace ws::kernelfile {

namespace {

// Where the marks' parameter goes once the body says whether there are any.
constexpr const char* kMarksPlaceholder = "@wsprobe_marks_parameter@";

// Registers of the probe's own, named so no compiler's registers meet them.
constexpr const char* kDeclarations =
    "\t.reg .b64 %wsprobe_d<8>;\n"
    "\t.reg .b32 %wsprobe_r<12>;\n"
    "\t.reg .pred %wsprobe_p<2>;\n";

// %wsprobe_p0 set for every lane but the first active one.
constexpr const char* kNotFirstLane =
    "\tactivemask.b32 %wsprobe_r0;\n"
    "\tmov.u32 %wsprobe_r1, %lanemask_lt;\n"
    "\tand.b32 %wsprobe_r1, %wsprobe_r1, %wsprobe_r0;\n"
    "\tsetp.ne.u32 %wsprobe_p0, %wsprobe_r1, 0;\n";

// %wsprobe_d0 = the address of this warp's record (Warps), or of its
// block's where it is the block's warp 0 (Blocks; the other warps branch to
// `skip`). Computed again at the exit rather than kept live through the
// kernel: the kernel keeps its registers for itself.
// %wsprobe_r3 = the warp's index in its block (r4 to r8 used; r6 to r8
// keep %ntid x, y and z).
constexpr const char* kWarpInBlock =
    "\tmov.u32 %wsprobe_r3, %tid.x;\n"
    "\tmov.u32 %wsprobe_r4, %tid.y;\n"
    "\tmov.u32 %wsprobe_r5, %tid.z;\n"
    "\tmov.u32 %wsprobe_r6, %ntid.x;\n"
    "\tmov.u32 %wsprobe_r7, %ntid.y;\n"
    "\tmov.u32 %wsprobe_r8, %ntid.z;\n"
    "\tmad.lo.u32 %wsprobe_r5, %wsprobe_r5, %wsprobe_r7, %wsprobe_r4;\n"
    "\tmad.lo.u32 %wsprobe_r3, %wsprobe_r5, %wsprobe_r6, %wsprobe_r3;\n"
    "\tshr.u32 %wsprobe_r3, %wsprobe_r3, 5;\n";

std::string recordAddress(ProbeLevel level, const std::string& skip) {
    std::string text = kWarpInBlock;
    if (level == ProbeLevel::Blocks)
        text += "\tsetp.ne.u32 %wsprobe_p1, %wsprobe_r3, 0;\n\t@%wsprobe_p1 bra " + skip + ";\n";
    text +=
        "\tmul.lo.u32 %wsprobe_r6, %wsprobe_r6, %wsprobe_r7;\n"
        "\tmul.lo.u32 %wsprobe_r6, %wsprobe_r6, %wsprobe_r8;\n"
        "\tadd.u32 %wsprobe_r6, %wsprobe_r6, 31;\n"
        "\tshr.u32 %wsprobe_r6, %wsprobe_r6, 5;\n"
        "\tmov.u32 %wsprobe_r4, %ctaid.x;\n"
        "\tmov.u32 %wsprobe_r5, %ctaid.y;\n"
        "\tmov.u32 %wsprobe_r7, %ctaid.z;\n"
        "\tmov.u32 %wsprobe_r8, %nctaid.x;\n"
        "\tmov.u32 %wsprobe_r9, %nctaid.y;\n"
        "\tmad.lo.u32 %wsprobe_r7, %wsprobe_r7, %wsprobe_r9, %wsprobe_r5;\n"
        "\tcvt.u64.u32 %wsprobe_d3, %wsprobe_r7;\n"
        "\tcvt.u64.u32 %wsprobe_d4, %wsprobe_r8;\n"
        "\tcvt.u64.u32 %wsprobe_d5, %wsprobe_r4;\n"
        "\tmad.lo.u64 %wsprobe_d3, %wsprobe_d3, %wsprobe_d4, %wsprobe_d5;\n";
    if (level == ProbeLevel::Warps)
        text +=
            "\tcvt.u64.u32 %wsprobe_d4, %wsprobe_r6;\n"
            "\tcvt.u64.u32 %wsprobe_d5, %wsprobe_r3;\n"
            "\tmad.lo.u64 %wsprobe_d3, %wsprobe_d3, %wsprobe_d4, %wsprobe_d5;\n";
    // A launch given no buffer (a whole program's launches past the ones it
    // keeps, docs/your-kernel.md) records nothing.
    text += std::string("\tld.param.u64 %wsprobe_d0, [") + kProbeParameter + "];\n";
    text += "\tsetp.eq.u64 %wsprobe_p1, %wsprobe_d0, 0;\n\t@%wsprobe_p1 bra " + skip + ";\n";
    text +=
        "\tcvta.to.global.u64 %wsprobe_d0, %wsprobe_d0;\n"
        "\tmad.lo.u64 %wsprobe_d0, %wsprobe_d3, 32, %wsprobe_d0;\n";
    return text;
}

std::string entryProbe(ProbeLevel level) {
    return std::string("\t// warpscope: the start, SM and clock\n") + kNotFirstLane +
           "\t@%wsprobe_p0 bra $wsprobe_started;\n" + recordAddress(level, "$wsprobe_started") +
           "\tmov.u64 %wsprobe_d1, %globaltimer;\n"
           "\tmov.b64 {%wsprobe_r9, %wsprobe_r10}, %wsprobe_d1;\n"
           "\tmov.u32 %wsprobe_r11, %clock;\n"
           "\tmov.u32 %wsprobe_r2, %smid;\n"
           "\tst.global.v4.u32 [%wsprobe_d0], {%wsprobe_r9, %wsprobe_r10, %wsprobe_r11, "
           "%wsprobe_r2};\n"
           "$wsprobe_started:\n";
}

std::string exitProbe(ProbeLevel level) {
    // A plain store, not an atomic: of the lanes that leave at different
    // exits, the last to leave writes last.
    return std::string("$wsprobe_exit:\n\t// warpscope: the time the leaving lanes left\n") +
           kNotFirstLane + "\t@%wsprobe_p0 bra $wsprobe_done;\n" +
           recordAddress(level, "$wsprobe_done") +
           "\tmov.u64 %wsprobe_d1, %globaltimer;\n"
           "\tmov.b64 {%wsprobe_r9, %wsprobe_r10}, %wsprobe_d1;\n"
           "\tmov.u32 %wsprobe_r11, %clock;\n"
           "\tmov.u32 %wsprobe_r2, 1;\n"
           "\tst.global.v4.u32 [%wsprobe_d0+16], {%wsprobe_r9, %wsprobe_r10, %wsprobe_r11, "
           "%wsprobe_r2};\n"
           "$wsprobe_done:\n"
           "\tret;\n";
}

// The index just past the bracket that closes the one at `open`, skipping
// comments; npos where it is never closed.
std::size_t matching(std::string_view text, std::size_t open, char opening, char closing) {
    int depth = 0;
    for (std::size_t i = open; i < text.size(); ++i) {
        if (text.compare(i, 2, "//") == 0) {
            i = text.find('\n', i);
            if (i == std::string_view::npos) return i;
            continue;
        }
        if (text.compare(i, 2, "/*") == 0) {
            i = text.find("*/", i + 2);
            if (i == std::string_view::npos) return i;
            ++i;
            continue;
        }
        if (text[i] == opening)
            ++depth;
        else if (text[i] == closing && --depth == 0)
            return i + 1;
    }
    return std::string_view::npos;
}

bool isNameCharacter(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}

// Where `.entry NAME` begins in the PTX; npos where it is not there.
std::size_t findEntry(std::string_view ptx, std::string_view entry) {
    for (const PtxEntry& e : ptxEntries(ptx))
        if (e.name == entry) return e.at;
    return std::string_view::npos;
}

// Where WS_MARK(id) stood (include/warpscope/probe.cuh): the first active
// lane of each warp passing it takes the next slot of its block's shard of
// the marks buffer (MarksHead) and writes its block, warp, mark and
// %globaltimer there (16 bytes); past the shard's capacity nothing is
// written, and the shard's count says how many tried.
std::string markProbe(int id, int site) {
    const std::string skip = "$wsprobe_mark_" + std::to_string(site);
    return std::string("\t// warpscope: mark ") + std::to_string(id) + "\n" + kNotFirstLane +
           "\t@%wsprobe_p0 bra " + skip + ";\n" + kWarpInBlock +
           "\tshl.b32 %wsprobe_r3, %wsprobe_r3, 8;\n"
           "\tor.b32 %wsprobe_r3, %wsprobe_r3, " +
           std::to_string(id) +
           ";\n"
           "\tmov.u32 %wsprobe_r4, %ctaid.x;\n"
           "\tmov.u32 %wsprobe_r5, %ctaid.y;\n"
           "\tmov.u32 %wsprobe_r6, %ctaid.z;\n"
           "\tmov.u32 %wsprobe_r7, %nctaid.x;\n"
           "\tmov.u32 %wsprobe_r8, %nctaid.y;\n"
           "\tmad.lo.u32 %wsprobe_r6, %wsprobe_r6, %wsprobe_r8, %wsprobe_r5;\n"
           "\tmad.lo.u32 %wsprobe_r4, %wsprobe_r6, %wsprobe_r7, %wsprobe_r4;\n"
           "\tld.param.u64 %wsprobe_d0, [" +
           kMarksParameter +
           "];\n"
           "\tsetp.eq.u64 %wsprobe_p1, %wsprobe_d0, 0;\n"
           "\t@%wsprobe_p1 bra " +
           skip +
           ";\n"
           "\tcvta.to.global.u64 %wsprobe_d0, %wsprobe_d0;\n"
           "\tld.global.v2.u32 {%wsprobe_r5, %wsprobe_r6}, [%wsprobe_d0];\n"
           "\tand.b32 %wsprobe_r7, %wsprobe_r4, %wsprobe_r5;\n"
           "\tmul.wide.u32 %wsprobe_d2, %wsprobe_r7, 4;\n"
           "\tadd.s64 %wsprobe_d2, %wsprobe_d0, %wsprobe_d2;\n"
           "\tatom.global.add.u32 %wsprobe_r8, [%wsprobe_d2+16], 1;\n"
           "\tsetp.ge.u32 %wsprobe_p1, %wsprobe_r8, %wsprobe_r6;\n"
           "\t@%wsprobe_p1 bra " +
           skip +
           ";\n"
           "\tmad.lo.u32 %wsprobe_r8, %wsprobe_r7, %wsprobe_r6, %wsprobe_r8;\n"
           "\tadd.u32 %wsprobe_r5, %wsprobe_r5, 1;\n"
           "\tmul.wide.u32 %wsprobe_d2, %wsprobe_r5, 4;\n"
           "\tadd.s64 %wsprobe_d2, %wsprobe_d0, %wsprobe_d2;\n"
           "\tmul.wide.u32 %wsprobe_d3, %wsprobe_r8, 16;\n"
           "\tadd.s64 %wsprobe_d2, %wsprobe_d2, %wsprobe_d3;\n"
           "\tmov.u64 %wsprobe_d1, %globaltimer;\n"
           "\tmov.b64 {%wsprobe_r9, %wsprobe_r10}, %wsprobe_d1;\n"
           "\tst.global.v4.u32 [%wsprobe_d2+16], {%wsprobe_r4, %wsprobe_r3, %wsprobe_r9, "
           "%wsprobe_r10};\n" +
           skip + ":\n";
}

// The body with each ret and exit sent to the exit probe instead, and each
// mark's comment replaced by its probe. A mark out of range is the error.
Result<std::string> rewriteBody(std::string_view body, int& exits, int& marks) {
    static const std::regex markLine(R"(^\s*// warpscope-mark (\d+);)");
    static const std::regex exitLine(R"(^(\s*)(@!?%[A-Za-z0-9_]+\s+)?(ret|exit)(\.uni)?\s*;)");
    std::string out;
    std::size_t lineStart = 0;
    while (lineStart < body.size()) {
        std::size_t lineEnd = body.find('\n', lineStart);
        if (lineEnd == std::string_view::npos) lineEnd = body.size();
        const std::string line(body.substr(lineStart, lineEnd - lineStart));
        std::smatch m;
        if (std::regex_search(line, m, markLine)) {
            const std::string id = m[1].str();
            if (id.size() > 3 || std::stoi(id) > 255)
                return makeError("WS_MARK(" + id + "): a mark is a number from 0 to 255");
            out += markProbe(std::stoi(id), marks++);
        } else if (std::regex_search(line, m, exitLine)) {
            ++exits;
            // Unpredicated, every active lane goes: the branch is uniform.
            out += m[1].str() + m[2].str() + (m[2].matched ? "bra" : "bra.uni") +
                   " $wsprobe_exit;" + line.substr(m.length(0));
        } else {
            out += line;
        }
        if (lineEnd < body.size()) out += '\n';
        lineStart = lineEnd + 1;
    }
    return out;
}

}  // namespace

std::vector<PtxEntry> ptxEntries(std::string_view ptx) {
    std::vector<PtxEntry> entries;
    for (std::size_t at = ptx.find(".entry"); at != std::string_view::npos;
         at = ptx.find(".entry", at + 6)) {
        if (at > 0 && isNameCharacter(ptx[at - 1])) continue;
        if (at + 6 >= ptx.size() || !std::isspace(static_cast<unsigned char>(ptx[at + 6])))
            continue;
        // A `.entry` inside a comment line is not one.
        const std::size_t lineStart = ptx.rfind('\n', at);
        const std::size_t from = lineStart == std::string_view::npos ? 0 : lineStart + 1;
        if (ptx.substr(from, at - from).find("//") != std::string_view::npos) continue;
        std::size_t name = at + 6;
        while (name < ptx.size() && std::isspace(static_cast<unsigned char>(ptx[name]))) ++name;
        std::size_t end = name;
        while (end < ptx.size() && isNameCharacter(ptx[end])) ++end;
        entries.push_back({at, ptx.substr(name, end - name)});
    }
    return entries;
}

MarksHead marksHeadFor(std::uint64_t blocks, std::uint32_t capacity) {
    std::uint64_t shards = 4;
    while (shards * 2 <= blocks && shards < 65536) shards *= 2;
    return {std::uint32_t(shards - 1),
            std::max<std::uint32_t>(1, capacity / std::uint32_t(shards)),
            {0, 0}};
}

Result<ProbedPtx> insertProbes(std::string_view ptx, std::string_view entry, ProbeLevel level) {
    const std::size_t at = findEntry(ptx, entry);
    if (at == std::string_view::npos)
        return makeError("the compiled PTX has no .entry '" + std::string(entry) + "' to probe");
    const std::size_t paramsOpen = ptx.find('(', at);
    const std::size_t bodyOpenGuess = ptx.find('{', at);
    if (paramsOpen == std::string_view::npos || bodyOpenGuess < paramsOpen)
        return makeError("the .entry '" + std::string(entry) + "' has no parameter list");
    const std::size_t paramsClose = matching(ptx, paramsOpen, '(', ')');
    if (paramsClose == std::string_view::npos)
        return makeError("the .entry '" + std::string(entry) + "' never closes its parameter list");
    const std::size_t bodyOpen = ptx.find('{', paramsClose);
    if (bodyOpen == std::string_view::npos)
        return makeError("the .entry '" + std::string(entry) + "' has no body");
    const std::size_t bodyClose = matching(ptx, bodyOpen, '{', '}');
    if (bodyClose == std::string_view::npos)
        return makeError("the .entry '" + std::string(entry) + "' never closes its body");
    if (ptx.find(kProbeParameter, at) < bodyClose)
        return makeError("the .entry '" + std::string(entry) + "' is probed already");

    // The parameter list, with the records' address as its last entry.
    const std::string_view params = ptx.substr(paramsOpen + 1, paramsClose - 1 - (paramsOpen + 1));
    const bool noParams = params.find(".param") == std::string_view::npos;
    ProbedPtx probed;
    std::string& out = probed.ptx;
    out.reserve(ptx.size() + 4096);
    out += ptx.substr(0, paramsClose - 1);
    // Trailing blanks of the list stay before the new entry's comma.
    while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back()))) out.pop_back();
    out += noParams ? "\n\t" : ",\n\t";
    out += std::string(".param .u64 ") + kProbeParameter + kMarksPlaceholder + "\n)";
    out += ptx.substr(paramsClose, bodyOpen + 1 - paramsClose);
    out += "\n";
    out += kDeclarations;
    out += entryProbe(level);
    // The body without its closing brace, its exits sent to the probe.
    auto body = rewriteBody(ptx.substr(bodyOpen + 1, bodyClose - 1 - (bodyOpen + 1)), probed.exits,
                            probed.marks);
    if (!body) return makeError(body.error());
    out += *body;
    out += "\n";
    out += exitProbe(level);
    out += "}";
    out += ptx.substr(bodyClose);
    // The marks' buffer is a parameter only of a kernel that has marks.
    const std::size_t placeholder = out.find(kMarksPlaceholder);
    out.replace(placeholder, std::strlen(kMarksPlaceholder),
                probed.marks ? std::string(",\n\t.param .u64 ") + kMarksParameter : "");
    return probed;
}

}  // namespace ws::kernelfile
