// The cubin's line table read for one function, checked on cubins nvcc built
// (line_tables/, make_fixtures.sh) against the PTX they were built from: the
// cubin's `.nv_debug_line_sass` maps each instruction to its PTX line, whose
// `.loc ... inlined_at` chain (ptx_locations.h) is what ptxas was told.
#include "core/device/cubin_line_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "core/device/dwarf_line_program.h"
#include "core/device/elf_image.h"
#include "tests/core/device/ptx_locations.h"

namespace ws {
namespace {

using Bytes = std::vector<std::uint8_t>;

std::filesystem::path fixtures() {
    const char* root = std::getenv("WARPSCOPE_SOURCE_DIR");
    return std::filesystem::path(root ? root : ".") / "tests/core/device/line_tables";
}

Bytes fixture(const std::string& name) {
    std::ifstream in(fixtures() / name, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), {});
}

std::string textOf(const std::string& name) {
    const Bytes b = fixture(name);
    return std::string(b.begin(), b.end());
}

std::string base(const std::string& path) {
    return std::filesystem::path(path).filename().string();
}

// "store.h:7" for each place of an instruction, its own first, then its calls.
std::vector<std::string> chainOf(const CubinLineTable& t, const CubinSource& s) {
    std::vector<std::string> out{base(t.pathOf(s.place)) + ":" + std::to_string(s.place.line)};
    for (const CubinLine& c : s.calls)
        out.push_back(base(t.pathOf(c)) + ":" + std::to_string(c.line));
    return out;
}

std::vector<std::string> chainOf(const std::vector<test::PtxPlace>& places) {
    std::vector<std::string> out;
    for (const auto& p : places) out.push_back(base(p.file) + ":" + std::to_string(p.line));
    return out;
}

CubinLineTable tableOf(const std::string& cubin, const std::string& function,
                       const char* section = ".debug_line") {
    auto t = readCubinLineTable(fixture(cubin), function, section);
    EXPECT_TRUE(t) << t.error();
    return t ? *t : CubinLineTable{};
}

constexpr const char* kInlined = "_Z7inlinedPKfPfi";
constexpr const char* kTwice = "_Z5twiceILi4EEvPfi";
constexpr const char* kDeep = "_Z4deepPKfPfi";

// Every row that holds an instruction says what the PTX says there. (Within
// a row ptxas may merge the next instructions of another call at an equal
// line number: the table then keeps the row's place for them, as CUPTI does.)
TEST(CubinLineTable, EveryRowAgreesWithThePtxsInlinedAt) {
    const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
        {"inlined", {kInlined, kTwice}}, {"deep", {kDeep}}};
    for (const auto& [name, functions] : cases) {
        const auto ptx = test::ptxChains(textOf(name + ".ptx"));
        for (const std::string& function : functions) {
            const CubinLineTable t = tableOf(name + ".cubin", function);
            const CubinLineTable toPtx = tableOf(name + ".cubin", function, ".nv_debug_line_sass");
            std::size_t compared = 0, inlined = 0;
            for (std::size_t i = 0; i + 1 < t.rows.size(); ++i) {
                if (t.rows[i + 1].address == t.rows[i].address) continue;  // holds no instruction
                const std::uint64_t pc = t.rows[i].address - t.functionStart;
                const auto ptxLine = toPtx.sourceAt(pc);
                ASSERT_TRUE(ptxLine && ptxLine->place.line <= ptx.size()) << function << " " << pc;
                const auto& truth = ptx[ptxLine->place.line - 1];
                if (truth.empty()) continue;  // the prologue, before the function's first .loc
                const auto source = t.sourceAt(pc);
                ASSERT_TRUE(source);
                EXPECT_EQ(chainOf(t, *source), chainOf(truth)) << function << " at " << pc;
                ++compared;
                inlined += !source->calls.empty();
            }
            EXPECT_GT(compared, 15u) << function;
            EXPECT_GT(inlined, 5u) << function;
        }
    }
}

// The same helper called from two lines, and another one straight: each
// instruction inlined from them names the kernel's line that called it.
TEST(CubinLineTable, InlinedCodeNamesTheKernelsLineThatCalledIt) {
    const CubinLineTable t = tableOf("inlined.cubin", kInlined);
    std::set<std::uint32_t> callers;
    for (std::uint64_t pc = 0; pc < t.end - t.functionStart; pc += 16)
        if (const auto s = t.sourceAt(pc); s && !s->calls.empty()) {
            EXPECT_EQ(base(t.pathOf(s->calls.back())), "inlined.cu") << pc;
            callers.insert(s->calls.back().line);
        }
    EXPECT_EQ(callers, (std::set<std::uint32_t>{10, 11, 12}));

    // twice<4>: scale()'s code through store() at line 7, from line 19.
    const CubinLineTable twice = tableOf("inlined.cubin", kTwice);
    const auto s = twice.sourceAt(0x150);
    ASSERT_TRUE(s);
    EXPECT_EQ(chainOf(twice, *s),
              (std::vector<std::string>{"scale.h:4", "store.h:7", "inlined.cu:19"}));
    EXPECT_EQ(chainOf(twice, *twice.sourceAt(0x40)),
              (std::vector<std::string>{"scale.h:4", "store.h:7", "inlined.cu:18"}));
    EXPECT_EQ(chainOf(twice, *twice.sourceAt(0x10)), (std::vector<std::string>{"inlined.cu:17"}));
}

TEST(CubinLineTable, CallsFourDeepThroughALambdaAndAnOperator) {
    const CubinLineTable t = tableOf("deep.cubin", kDeep);
    // level3 <- level2 <- level1 <- the lambda <- the kernel's line 24.
    EXPECT_EQ(chainOf(t, *t.sourceAt(0xd0)),
              (std::vector<std::string>{"deep.cu:11", "deep.cu:13", "deep.cu:16", "deep.cu:22",
                                        "deep.cu:24"}));
    EXPECT_EQ(chainOf(t, *t.sourceAt(0x190)),
              (std::vector<std::string>{"deep.cu:7", "deep.cu:25"}));
    // apart() was not inlined: its code lies in the kernel's section with
    // lines of its own, and the calls inlined into it end at its own line.
    EXPECT_EQ(chainOf(t, *t.sourceAt(0x1d0)), (std::vector<std::string>{"deep.cu:17"}));
    EXPECT_EQ(chainOf(t, *t.sourceAt(0x1e0)),
              (std::vector<std::string>{"deep.cu:11", "deep.cu:17"}));
}

// Where the rows are: each call row holds no instruction (the next row has
// its address), and an address past the function's code has no row.
TEST(CubinLineTable, CallRowsHoldNoInstruction) {
    for (const char* function : {kInlined, kTwice}) {
        const CubinLineTable t = tableOf("inlined.cubin", function);
        std::set<std::uint32_t> calls;
        for (const CubinLineRow& r : t.rows)
            if (r.callRow != 0) calls.insert(r.callRow);
        ASSERT_FALSE(calls.empty());
        for (const std::uint32_t c : calls) {
            ASSERT_LT(c, t.rows.size());
            EXPECT_EQ(t.rows[c].address, t.rows[c - 1].address) << function << " row " << c;
        }
        EXPECT_EQ(t.rowAt(t.end - t.functionStart), nullptr);
        EXPECT_EQ(t.rowAt(~std::uint64_t(0)), nullptr);
    }
}

// The second operand of NVIDIA's opcode is the offset of the inlined
// function's name in .debug_str (in a cubin ptxas wrote, not device-linked).
TEST(CubinLineTable, TheInlinedCallOpcodeNamesTheInlinedFunction) {
    const Bytes cubin = fixture("inlined.cubin");
    const auto elf = ElfImage::read(cubin);
    ASSERT_TRUE(elf) << elf.error();
    const auto lines = decodeDwarfLines(elf->sections()[*elf->sectionNamed(".debug_line")].bytes);
    ASSERT_TRUE(lines) << lines.error();
    const auto strings = elf->sections()[*elf->sectionNamed(".debug_str")].bytes;
    ASSERT_EQ(lines->sequences.size(), 2u);
    std::size_t named = 0;
    for (const DwarfLineSequence& s : lines->sequences)
        for (const DwarfLineRow& r : s.rows) {
            if (r.callRow == 0) continue;
            ASSERT_LT(r.inlinedFunction, strings.size());
            const std::string name(reinterpret_cast<const char*>(strings.data()) +
                                   r.inlinedFunction);
            const std::string file = base(lines->units[s.unit].files.at(r.file - 1));
            EXPECT_EQ(name, file == "scale.h" ? "_Z5scalefi" : "_Z5storeIfEvPT_iS0_") << file;
            ++named;
        }
    EXPECT_GT(named, 10u);
}

// ptxas pads the header with four zero bytes between the file table and the
// program; header_length steps over them (objdump's raw dump does not, and
// warns of two badly formed extended opcodes there).
TEST(CubinLineTable, TheProgramStartsWhereTheHeaderLengthSays) {
    const Bytes cubin = fixture("inlined.cubin");
    const auto elf = ElfImage::read(cubin);
    ASSERT_TRUE(elf);
    const auto s = elf->sections()[*elf->sectionNamed(".debug_line")].bytes;
    std::uint32_t headerLength = 0;
    std::memcpy(&headerLength, s.data() + 6, 4);
    const std::size_t program = 10 + headerLength;
    EXPECT_EQ(s[program], 0);      // extended opcode:
    EXPECT_EQ(s[program + 1], 9);  // nine bytes,
    EXPECT_EQ(s[program + 2], 2);  // DW_LNE_set_address
    for (std::size_t i = program - 4; i < program; ++i) EXPECT_EQ(s[i], 0);
    EXPECT_EQ(s[program - 5], 0);  // the file table's end
}

// A device-linked cubin holds one unit per compilation unit, each with its
// own files; a function's rows come from its own.
TEST(CubinLineTable, ADeviceLinkedCubinKeepsEachUnitsFiles) {
    const CubinLineTable linked = tableOf("linked.cubin", "_Z6linkedPfi");
    std::vector<std::string> files;
    for (const auto& f : linked.files) files.push_back(base(f));
    EXPECT_EQ(files, (std::vector<std::string>{"linked.cu", "scale.h"}));
    EXPECT_EQ(chainOf(linked, *linked.sourceAt(0x90)),
              (std::vector<std::string>{"scale.h:4", "linked.cu:8"}));
    const CubinLineTable inlined = tableOf("linked.cubin", kInlined);
    EXPECT_EQ(base(inlined.files.at(0)), "inlined.cu");
}

TEST(CubinLineTable, SaysWhatIsMissing) {
    Bytes cubin = fixture("inlined.cubin");
    EXPECT_EQ(readCubinLineTable(cubin, "_Z4nonev").error(), "the cubin has no function _Z4nonev");
    // The section renamed, as in a cubin built without -lineinfo.
    const std::string name = ".debug_line";
    auto at = std::search(cubin.begin(), cubin.end(), name.begin(), name.end());
    ASSERT_NE(at, cubin.end());
    at[1] = 'x';
    EXPECT_EQ(readCubinLineTable(cubin, kInlined).error(),
              "the cubin has no .debug_line section (it was built without -lineinfo)");
    EXPECT_EQ(readCubinLineTable(Bytes(10, 0), kInlined).error(),
              "the cubin is unreadable: not an ELF file");
}

// A call row must come before the rows that name it: a later one (or the
// row itself) could make a chain go round for ever.
TEST(CubinLineTable, RefusesACallToALaterRow) {
    Bytes cubin = fixture("inlined.cubin");
    const std::vector<std::uint8_t> op = {0x00, 0x03, 0x90};  // extended, 3 bytes, 0x90
    auto at = std::search(cubin.begin(), cubin.end(), op.begin(), op.end());
    while (at != cubin.end() && at[3] == 0)
        at = std::search(at + 1, cubin.end(), op.begin(), op.end());
    ASSERT_NE(at, cubin.end());
    at[3] = 0x7f;
    const auto t = readCubinLineTable(cubin, kTwice);
    ASSERT_FALSE(t);
    EXPECT_NE(t.error().find("names call row 127, not an earlier one"), std::string::npos)
        << t.error();
}

// Cut short anywhere, or with any byte of its line table changed, the cubin
// is read or refused, and what is read keeps every chain finite.
TEST(CubinLineTable, DamagedCubinsAreReadOrRefused) {
    const Bytes cubin = fixture("inlined.cubin");
    auto exercise = [](const Bytes& bytes) {
        const auto t = readCubinLineTable(bytes, kTwice);
        if (!t) return;
        for (std::uint64_t pc = 0; pc < 0x400; pc += 16) {
            const auto s = t->sourceAt(pc);
            if (s) {
                EXPECT_LE(s->calls.size(), CubinLineTable::kMostInlineDepth);
            }
        }
    };
    for (std::size_t n = 0; n < cubin.size(); n += 7)
        exercise(Bytes(cubin.begin(), cubin.begin() + long(n)));
    const auto elf = ElfImage::read(cubin);
    ASSERT_TRUE(elf);
    const auto lines = elf->sections()[*elf->sectionNamed(".debug_line")].bytes;
    const std::size_t start = std::size_t(lines.data() - cubin.data());
    for (std::size_t i = 0; i < lines.size(); ++i)
        for (const std::uint8_t value : {0x00, 0x7f, 0x80, 0xff}) {
            Bytes damaged = cubin;
            damaged[start + i] = value;
            exercise(damaged);
        }
}

}  // namespace
}  // namespace ws
