#include "core/device/dwarf_line_program.h"

#include <cstring>
#include <limits>

namespace ws {

namespace {

// A problem in the section, thrown to decodeDwarfLines with its offset.
struct LineFailure {
    std::string message;
};

// The opcodes of DWARF 2 to 4 (section 6.2.5) and NVIDIA's.
enum : std::uint8_t {
    kExtended = 0,
    kCopy = 1,
    kAdvancePc = 2,
    kAdvanceLine = 3,
    kSetFile = 4,
    kSetColumn = 5,
    kNegateStmt = 6,
    kSetBasicBlock = 7,
    kConstAddPc = 8,
    kFixedAdvancePc = 9,
};
enum : std::uint8_t {
    kEndSequence = 1,
    kSetAddress = 2,
    kDefineFile = 3,
    kInlinedCall = 0x90,  // ptxas: call row and inlined function's name
};

// Reads [at, end) of the section; any read past `end` fails.
class Reader {
public:
    Reader(std::span<const std::uint8_t> s, std::uint64_t at, std::uint64_t end)
        : m_s(s), m_at(at), m_end(end) {}
    std::uint64_t at() const { return m_at; }
    bool done() const { return m_at >= m_end; }

    template <typename T>
    T fixed() {
        need(sizeof(T));
        T value;
        std::memcpy(&value, m_s.data() + m_at, sizeof(T));
        m_at += sizeof(T);
        return value;
    }
    std::uint64_t uleb() {
        std::uint64_t value = 0;
        for (int shift = 0;; shift += 7) {
            const std::uint8_t b = fixed<std::uint8_t>();
            if (shift == 63 ? (b & 0x7e) != 0 : shift > 63)
                throw LineFailure{"a ULEB128 number above 64 bits at byte " +
                                  std::to_string(m_at - 1)};
            value |= std::uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80)) return value;
        }
    }
    std::int64_t sleb() {
        std::uint64_t value = 0;
        for (int shift = 0;; shift += 7) {
            const std::uint8_t b = fixed<std::uint8_t>();
            if (shift > 63)
                throw LineFailure{"an SLEB128 number above 64 bits at byte " +
                                  std::to_string(m_at - 1)};
            value |= std::uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80)) {
                if ((b & 0x40) && shift + 7 < 64) value |= ~std::uint64_t(0) << (shift + 7);
                return std::int64_t(value);
            }
        }
    }
    std::string text() {
        const std::size_t room = std::size_t(m_end - m_at);
        const char* begin = reinterpret_cast<const char*>(m_s.data() + m_at);
        const std::size_t length = strnlen(begin, room);
        if (length == room)
            throw LineFailure{"a string at byte " + std::to_string(m_at) + " runs off its unit"};
        m_at += length + 1;
        return std::string(begin, length);
    }
    void skip(std::uint64_t bytes) {
        need(bytes);
        m_at += bytes;
    }

private:
    void need(std::uint64_t bytes) const {
        if (bytes > m_end - m_at)
            throw LineFailure{"the unit ends inside the value at byte " + std::to_string(m_at)};
    }
    std::span<const std::uint8_t> m_s;
    std::uint64_t m_at, m_end;
};

struct Header {
    std::uint8_t minInstructionLength = 1;
    std::int8_t lineBase = 0;
    std::uint8_t lineRange = 1;
    std::uint8_t opcodeBase = 1;
    std::vector<std::uint8_t> standardLengths;  // operands of opcodes 1 .. opcodeBase - 1
    std::vector<std::string> directories;
};

std::string joined(const Header& h, const std::string& name, std::uint64_t directory) {
    if (directory == 0 || directory > h.directories.size() || name.starts_with('/')) return name;
    return h.directories[std::size_t(directory - 1)] + "/" + name;
}

// A file entry after its name: directory, time and size.
std::string fileEntry(Reader& r, const Header& h, std::string name) {
    const std::uint64_t directory = r.uleb();
    r.uleb();
    r.uleb();
    return joined(h, name, directory);
}

Header readHeader(Reader& r, DwarfLineUnit& unit) {
    Header h;
    h.minInstructionLength = r.fixed<std::uint8_t>();
    if (unit.version >= 4) r.fixed<std::uint8_t>();  // maximum_operations_per_instruction
    r.fixed<std::uint8_t>();                         // default_is_stmt
    h.lineBase = r.fixed<std::int8_t>();
    h.lineRange = r.fixed<std::uint8_t>();
    h.opcodeBase = r.fixed<std::uint8_t>();
    if (h.lineRange == 0) throw LineFailure{"its line_range is 0"};
    if (h.opcodeBase == 0) throw LineFailure{"its opcode_base is 0"};
    for (int op = 1; op < h.opcodeBase; ++op) h.standardLengths.push_back(r.fixed<std::uint8_t>());
    for (std::string d = r.text(); !d.empty(); d = r.text()) h.directories.push_back(d);
    for (std::string f = r.text(); !f.empty(); f = r.text())
        unit.files.push_back(fileEntry(r, h, std::move(f)));
    return h;
}

std::uint32_t narrow(std::uint64_t value, const char* what, std::uint64_t at) {
    if (value > std::numeric_limits<std::uint32_t>::max())
        throw LineFailure{std::string(what) + " " + std::to_string(value) + " at byte " +
                          std::to_string(at) + " is above 32 bits"};
    return std::uint32_t(value);
}

// Runs one unit's program, appending its sequences.
void runProgram(Reader& r, const Header& h, std::size_t unitIndex, DwarfLineUnit& unit,
                std::vector<DwarfLineSequence>& out) {
    DwarfLineSequence sequence;
    DwarfLineRow state;
    // The line register is unsigned in DWARF; a program may still step it
    // below 0 between rows, so it is kept wide and checked where it is used.
    std::int64_t line = 1;
    bool open = false;  // rows or state since the last end_sequence
    auto emit = [&](std::uint64_t at) {
        if (line < 0 || line > std::numeric_limits<std::uint32_t>::max())
            throw LineFailure{"a row at byte " + std::to_string(at) + " has line " +
                              std::to_string(line)};
        state.line = std::uint32_t(line);
        sequence.rows.push_back(state);
    };
    while (!r.done()) {
        const std::uint64_t at = r.at();
        const std::uint8_t op = r.fixed<std::uint8_t>();
        open = true;
        if (op >= h.opcodeBase) {
            const int adjusted = op - h.opcodeBase;
            state.address += std::uint64_t(adjusted / h.lineRange) * h.minInstructionLength;
            line += h.lineBase + adjusted % h.lineRange;
            emit(at);
            continue;
        }
        switch (op) {
            case kExtended: {
                const std::uint64_t length = r.uleb();
                // A length of 0 carries no sub-opcode: nothing to do.
                if (length == 0) break;
                const std::uint64_t operandsEnd = r.at() + length;
                const std::uint8_t sub = r.fixed<std::uint8_t>();
                if (sub == kEndSequence) {
                    sequence.unit = unitIndex;
                    sequence.end = state.address;
                    out.push_back(std::move(sequence));
                    sequence = {};
                    state = {};
                    line = 1;
                    open = false;
                } else if (sub == kSetAddress) {
                    if (length != 9 && length != 5)
                        throw LineFailure{"an address of " + std::to_string(length - 1) +
                                          " bytes at byte " + std::to_string(at)};
                    sequence.setAddressAt = r.at();
                    state.address = length == 9 ? r.fixed<std::uint64_t>()
                                                : std::uint64_t(r.fixed<std::uint32_t>());
                    sequence.setAddress = state.address;
                } else if (sub == kDefineFile) {
                    std::string name = r.text();
                    unit.files.push_back(fileEntry(r, h, std::move(name)));
                } else if (sub == kInlinedCall) {
                    state.callRow = narrow(r.uleb(), "a call row", at);
                    state.inlinedFunction = r.uleb();
                }
                // Operands this reader does not know (or did not read all of) are skipped.
                if (r.at() > operandsEnd)
                    throw LineFailure{"the extended opcode at byte " + std::to_string(at) +
                                      " is longer than its length says"};
                r.skip(operandsEnd - r.at());
                break;
            }
            case kCopy:
                emit(at);
                break;
            case kAdvancePc:
                state.address += r.uleb() * h.minInstructionLength;
                break;
            case kAdvanceLine:
                line += r.sleb();
                if (line < std::numeric_limits<std::int32_t>::min() ||
                    line > std::numeric_limits<std::uint32_t>::max())
                    throw LineFailure{"the line at byte " + std::to_string(at) +
                                      " is out of range"};
                break;
            case kSetFile:
                state.file = narrow(r.uleb(), "a file number", at);
                break;
            case kConstAddPc:
                state.address +=
                    std::uint64_t((255 - h.opcodeBase) / h.lineRange) * h.minInstructionLength;
                break;
            case kFixedAdvancePc:
                state.address += r.fixed<std::uint16_t>();
                break;
            case kSetColumn:
            case kNegateStmt:
            case kSetBasicBlock:
            default:
                // Standard opcodes without effect here, and later versions'
                // ones, by the operand counts the header gives.
                for (int i = 0; i < h.standardLengths[op - 1]; ++i) r.uleb();
                break;
        }
    }
    if (open && !sequence.rows.empty())
        throw LineFailure{"unit " + std::to_string(unitIndex) + " ends inside a sequence"};
}

}  // namespace

Result<DwarfLinePrograms> decodeDwarfLines(std::span<const std::uint8_t> section) {
    DwarfLinePrograms out;
    try {
        std::uint64_t at = 0;
        while (at < section.size()) {
            Reader r(section, at, section.size());
            std::uint64_t length = r.fixed<std::uint32_t>();
            const bool wide = length == 0xffffffffu;  // 64-bit DWARF
            if (wide) length = r.fixed<std::uint64_t>();
            if (length > section.size() - r.at())
                throw LineFailure{"the unit at byte " + std::to_string(at) + " says it is " +
                                  std::to_string(length) + " bytes, past the section's end"};
            const std::uint64_t end = r.at() + length;
            Reader unitReader(section, r.at(), end);
            DwarfLineUnit unit;
            unit.version = unitReader.fixed<std::uint16_t>();
            if (unit.version < 2 || unit.version > 4)
                throw LineFailure{"the unit at byte " + std::to_string(at) + " is version " +
                                  std::to_string(unit.version) + ", not 2 to 4"};
            const std::uint64_t headerLength =
                wide ? unitReader.fixed<std::uint64_t>() : unitReader.fixed<std::uint32_t>();
            if (headerLength > end - unitReader.at())
                throw LineFailure{"the header of the unit at byte " + std::to_string(at) +
                                  " runs past the unit"};
            // The program starts where header_length says, not where the
            // file table ends: ptxas leaves 4 bytes of zeros between them,
            // which a reader that starts at the table's end (objdump's raw
            // dump) takes for two malformed extended opcodes.
            const std::uint64_t programAt = unitReader.at() + headerLength;
            Reader headerReader(section, unitReader.at(), programAt);
            const Header header = readHeader(headerReader, unit);
            Reader program(section, programAt, end);
            runProgram(program, header, out.units.size(), unit, out.sequences);
            out.units.push_back(std::move(unit));
            at = end;
        }
    } catch (const LineFailure& f) {
        return makeError("its line table is malformed: " + f.message);
    }
    return out;
}

}  // namespace ws
