#pragma once
// Reading `cuobjdump -sass` listings: the functions of a listing, their
// instructions without the encoding words, and which opcodes one function
// has that another lacks, so the set0 lesson can show what __mul24 compiles
// to next to a plain multiply.
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ws {

struct SassInstruction {
    unsigned address = 0;
    std::string text;    // "IMAD R0, R3, c[0x0][0x0], R0 ;" (predicate included)
    std::string opcode;  // "IMAD": the mnemonic without predicate and modifiers
};

struct SassFunction {
    std::string name;
    std::string architecture;  // "sm_90", from the "code for" line above it
    std::vector<SassInstruction> instructions;
};

std::vector<SassFunction> parseSass(std::string_view listing);
const SassFunction* findSassFunction(const std::vector<SassFunction>& functions,
                                     std::string_view name);

// The instructions up to and including the last EXIT: what follows is the
// self-branch and NOP padding that ends every function.
std::vector<SassInstruction> bodyOf(const SassFunction& function);
// "/*0000*/ LDC R1, c[0x0][0x28] ;" per line, the body only.
std::string listingText(const SassFunction& function);
// The inverse of listingText: the body back from a stored text.
SassFunction parseListingText(std::string name, std::string_view text);

std::map<std::string, int> opcodeCounts(const std::vector<SassInstruction>& body);
// Opcodes of `a` that `b` has fewer of (with how many more `a` has).
std::map<std::string, int> extraOpcodes(const std::vector<SassInstruction>& a,
                                        const std::vector<SassInstruction>& b);

}  // namespace ws
