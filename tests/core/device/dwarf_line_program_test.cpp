// The DWARF line program reader on programs written here byte by byte: the
// opcodes ptxas uses, NVIDIA's inlined-call opcode, and what a hostile
// section gets told.
#include "core/device/dwarf_line_program.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ws {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes uleb(std::uint64_t v) {
    Bytes out;
    do {
        std::uint8_t b = v & 0x7f;
        v >>= 7;
        out.push_back(v ? b | 0x80 : b);
    } while (v);
    return out;
}

Bytes sleb(std::int64_t v) {
    Bytes out;
    for (bool more = true; more;) {
        std::uint8_t b = v & 0x7f;
        v >>= 7;
        more = !((v == 0 && !(b & 0x40)) || (v == -1 && (b & 0x40)));
        out.push_back(more ? b | 0x80 : b);
    }
    return out;
}

Bytes operator+(Bytes a, const Bytes& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

void put32(Bytes& b, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b.push_back(std::uint8_t(v >> (8 * i)));
}

// The opcodes, with ptxas's header: line_base -5, line_range 14, opcode_base 10.
Bytes setAddress(std::uint64_t a) {
    Bytes b = {0, 9, 2};
    for (int i = 0; i < 8; ++i) b.push_back(std::uint8_t(a >> (8 * i)));
    return b;
}
Bytes endSequence() { return {0, 1, 1}; }
Bytes inlinedCall(std::uint64_t row, std::uint64_t name) {
    const Bytes operands = uleb(row) + uleb(name);
    return Bytes{0, std::uint8_t(1 + operands.size()), 0x90} + operands;
}
Bytes copy() { return {1}; }
Bytes advancePc(std::uint64_t n) { return Bytes{2} + uleb(n); }
Bytes advanceLine(std::int64_t n) { return Bytes{3} + sleb(n); }
Bytes setFile(std::uint64_t n) { return Bytes{4} + uleb(n); }
Bytes special(int address, int line) { return {std::uint8_t(10 + (line + 5) + 14 * address)}; }

struct Unit {
    std::uint16_t version = 2;
    std::uint8_t lineRange = 14;
    std::vector<std::string> directories = {"/src"};
    std::vector<std::pair<std::string, int>> files = {{"k.cu", 1}, {"h.h", 1}};
    std::size_t padding = 4;  // as ptxas leaves before the program
    Bytes program;
};

Bytes unitBytes(const Unit& u) {
    static const std::uint8_t kLengths[] = {0, 1, 1, 1, 1, 0, 0, 0, 1};
    Bytes header = {1};
    if (u.version >= 4) header.push_back(1);
    header.insert(header.end(), {1, std::uint8_t(-5), u.lineRange, 10});
    header.insert(header.end(), std::begin(kLengths), std::end(kLengths));
    for (const auto& d : u.directories) header = header + Bytes(d.begin(), d.end()) + Bytes{0};
    header.push_back(0);
    for (const auto& [name, dir] : u.files)
        header = header + Bytes(name.begin(), name.end()) + Bytes{0} + uleb(dir) + Bytes{0, 0};
    header.push_back(0);
    header.resize(header.size() + u.padding, 0);
    Bytes unit = {std::uint8_t(u.version), std::uint8_t(u.version >> 8)};
    put32(unit, std::uint32_t(header.size()));
    unit = unit + header + u.program;
    Bytes out;
    put32(out, std::uint32_t(unit.size()));
    return out + unit;
}

DwarfLinePrograms decoded(const Bytes& section) {
    auto d = decodeDwarfLines(section);
    EXPECT_TRUE(d) << d.error();
    return d ? *d : DwarfLinePrograms{};
}

std::string errorOf(const Bytes& section) {
    auto d = decodeDwarfLines(section);
    return d ? "decoded" : d.error();
}

TEST(DwarfLineProgram, RunsTheOpcodesPtxasWrites) {
    Unit u;
    u.program = setAddress(0x100) + setFile(1) + advanceLine(2) + copy() + special(16, 2) +
                advancePc(32) + copy() + Bytes{8} /* const_add_pc: 17 */ +
                Bytes{9, 0x0f, 0} /* fixed_advance_pc */ + special(0, -1) + advancePc(64) +
                endSequence();
    const DwarfLinePrograms d = decoded(unitBytes(u));
    ASSERT_EQ(d.units.size(), 1u);
    EXPECT_EQ(d.units[0].files, (std::vector<std::string>{"/src/k.cu", "/src/h.h"}));
    ASSERT_EQ(d.sequences.size(), 1u);
    const DwarfLineSequence& s = d.sequences[0];
    EXPECT_EQ(s.setAddress, 0x100u);
    ASSERT_TRUE(s.setAddressAt);
    // The program ends the unit; its set_address operand is 3 bytes in.
    EXPECT_EQ(*s.setAddressAt, unitBytes(u).size() - u.program.size() + 3);
    ASSERT_EQ(s.rows.size(), 4u);
    EXPECT_EQ(s.rows[0].address, 0x100u);
    EXPECT_EQ(s.rows[0].line, 3u);
    EXPECT_EQ(s.rows[1].address, 0x110u);
    EXPECT_EQ(s.rows[1].line, 5u);
    EXPECT_EQ(s.rows[2].address, 0x130u);
    EXPECT_EQ(s.rows[3].address, 0x130u + 17 + 15);
    EXPECT_EQ(s.rows[3].line, 4u);
    EXPECT_EQ(s.end, s.rows[3].address + 64);
}

// The call row and name stay in force over the rows that follow, until the
// next 0x90 or the sequence's end.
TEST(DwarfLineProgram, TheInlinedCallOpcodeStaysInForce) {
    Unit u;
    u.program = setAddress(0) + advanceLine(6) + copy() + setFile(2) + inlinedCall(1, 0x15) +
                advanceLine(-4) + copy() + special(16, 1) + setFile(1) + inlinedCall(0, 0) +
                special(16, 2) + setFile(2) + inlinedCall(300, 7) + copy() + endSequence() +
                setAddress(0) + copy() + endSequence();
    const DwarfLinePrograms d = decoded(unitBytes(u));
    ASSERT_EQ(d.sequences.size(), 2u);
    const auto& rows = d.sequences[0].rows;
    ASSERT_EQ(rows.size(), 5u);
    EXPECT_EQ(rows[0].callRow, 0u);
    EXPECT_EQ(rows[1].callRow, 1u);
    EXPECT_EQ(rows[1].inlinedFunction, 0x15u);
    EXPECT_EQ(rows[1].file, 2u);
    EXPECT_EQ(rows[1].line, 3u);
    EXPECT_EQ(rows[2].callRow, 1u);  // still inlined
    EXPECT_EQ(rows[3].callRow, 0u);
    EXPECT_EQ(rows[4].callRow, 300u);  // two bytes of ULEB128
    EXPECT_EQ(rows[4].inlinedFunction, 7u);
    EXPECT_EQ(d.sequences[1].rows.at(0).callRow, 0u);  // reset by end_sequence
    EXPECT_EQ(d.sequences[1].rows.at(0).file, 1u);
}

TEST(DwarfLineProgram, FollowsTheHeaderLengthPastPadding) {
    for (const std::size_t padding : {0, 4, 9}) {
        Unit u;
        u.padding = padding;
        u.program = setAddress(0x40) + copy() + endSequence();
        const DwarfLinePrograms d = decoded(unitBytes(u));
        ASSERT_EQ(d.sequences.size(), 1u) << padding;
        EXPECT_EQ(d.sequences[0].rows.at(0).address, 0x40u);
    }
}

TEST(DwarfLineProgram, JoinsFilesToTheirDirectories) {
    Unit u;
    u.files = {{"k.cu", 1}, {"/abs/h.h", 1}, {"bare.h", 0}, {"far.h", 9}};
    u.program = Bytes{0, 8, 3, 'n', '.', 'h', 0, 1, 0, 0} + setAddress(0) + copy() + endSequence();
    EXPECT_EQ(decoded(unitBytes(u)).units[0].files,
              (std::vector<std::string>{"/src/k.cu", "/abs/h.h", "bare.h", "far.h", "/src/n.h"}));
}

TEST(DwarfLineProgram, ReadsSeveralUnitsAndVersions) {
    Unit a, b;
    a.program = setAddress(0) + copy() + endSequence();
    b.version = 4;
    b.files = {{"other.cu", 1}};
    b.program = setAddress(0x80) + copy() + endSequence();
    const DwarfLinePrograms d = decoded(unitBytes(a) + unitBytes(b));
    ASSERT_EQ(d.units.size(), 2u);
    EXPECT_EQ(d.units[1].files, (std::vector<std::string>{"/src/other.cu"}));
    ASSERT_EQ(d.sequences.size(), 2u);
    EXPECT_EQ(d.sequences[1].unit, 1u);
    EXPECT_EQ(d.sequences[1].rows.at(0).address, 0x80u);
    EXPECT_TRUE(decoded({}).units.empty());
}

// Extended opcodes it does not know are stepped over by their length; one of
// length 0 carries nothing.
TEST(DwarfLineProgram, StepsOverUnknownExtendedOpcodes) {
    Unit u;
    u.program = Bytes{0, 0} + setAddress(0) + Bytes{0, 4, 0x80, 1, 2, 3} + copy() + endSequence();
    const DwarfLinePrograms d = decoded(unitBytes(u));
    ASSERT_EQ(d.sequences.size(), 1u);
    EXPECT_EQ(d.sequences[0].rows.size(), 1u);
}

TEST(DwarfLineProgram, SaysWhatIsWrong) {
    auto with = [](auto edit) {
        Unit u;
        u.program = setAddress(0) + copy() + endSequence();
        edit(u);
        return unitBytes(u);
    };
    const std::vector<std::pair<Bytes, std::string>> cases = {
        {with([](Unit& u) { u.lineRange = 0; }), "its line_range is 0"},
        {with([](Unit& u) { u.version = 5; }), "the unit at byte 0 is version 5, not 2 to 4"},
        {with([](Unit& u) { u.program = Bytes{2} + Bytes(10, 0xff) + Bytes{1}; }),
         "a ULEB128 number above 64 bits"},
        {with([](Unit& u) {
             u.program = Bytes{0, 1, 0x90, 5, 0} + endSequence();
         }),
         "the extended opcode at byte"},
        {with([](Unit& u) { u.program = setAddress(0) + copy(); }),
         "unit 0 ends inside a sequence"},
        {with([](Unit& u) { u.program = advanceLine(-5) + copy() + endSequence(); }),
         "has line -4"},
        {with([](Unit& u) { u.program = setFile(1ull << 33) + endSequence(); }),
         "a file number 8589934592 at byte"},
        {with([](Unit& u) { u.program = Bytes{0, 4, 2, 1, 2, 3} + endSequence(); }),
         "an address of 3 bytes"},
        {with([](Unit& u) { u.program = inlinedCall(1ull << 40, 0) + endSequence(); }),
         "a call row 1099511627776 at byte"},
    };
    for (const auto& [bytes, expected] : cases) {
        const std::string error = errorOf(bytes);
        EXPECT_EQ(error.rfind("its line table is malformed: ", 0), 0u) << error;
        EXPECT_NE(error.find(expected), std::string::npos) << error << "\nexpected: " << expected;
    }
    Bytes longer = with([](Unit&) {});
    longer[0] += 1;  // one byte more than there is
    EXPECT_NE(errorOf(longer).find("past the section's end"), std::string::npos);
    Bytes header = with([](Unit&) {});
    header[6] = 0xff;  // header_length past the unit
    EXPECT_NE(errorOf(header).find("runs past the unit"), std::string::npos);
    // A directory name running to the header's end.
    const Bytes fields = {1, 1, 0xfb, 14, 10, 0, 1, 1, 1, 1, 0, 0, 0, 1, 'a', 'b'};
    Bytes unit = {2, 0};
    put32(unit, std::uint32_t(fields.size()));
    Bytes open;
    put32(open, std::uint32_t(unit.size() + fields.size()));
    open = open + unit + fields;
    EXPECT_NE(errorOf(open).find("runs off its unit"), std::string::npos) << errorOf(open);
}

}  // namespace
}  // namespace ws
