// Reading cuobjdump -sass listings. The sample below has the layout the
// CUDA Binary Utilities document for `cuobjdump -sass` (a "code for sm_XX"
// line, "Function : NAME", then one line per instruction with its address
// and a second line holding the rest of the encoding).
#include "core/device/sass_listing.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

const char* kListing = R"(
Fatbin elf code:
================
arch = sm_90
code version = [1,8]
host = linux
compile_size = 64bit

	code for sm_90
		Function : set0Mul24
	.headerflags	@"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM90"
        /*0000*/                   LDC R1, c[0x0][0x28] ;                     /* 0x00000a00ff017b82 */
                                                                              /* 0x000fe40000000800 */
        /*0010*/                   S2R R0, SR_CTAID.X ;                       /* 0x0000000000007919 */
                                                                              /* 0x000e280000002500 */
        /*0020*/                   SGXT.U32 R0, R0, 0x18 ;                    /* 0x000000180000781a */
                                                                              /* 0x001fe20000000000 */
        /*0030*/                   IMAD R0, R0, R5, R3 ;                      /* 0x0000000500007224 */
                                                                              /* 0x000fca00078e0203 */
        /*0040*/                   ISETP.GE.U32.AND P0, PT, R0, c[0x0][0x218], PT ;  /* 0x00008600 */
                                                                              /* 0x000fda0003f06070 */
        /*0050*/               @P0 EXIT ;                                     /* 0x000000000000094d */
                                                                              /* 0x000fea0003800000 */
        /*0060*/                   STG.E desc[UR4][R2.64], RZ ;               /* 0x000000ff02007986 */
                                                                              /* 0x000fe2000c101904 */
        /*0070*/                   EXIT ;                                     /* 0x000000000000794d */
                                                                              /* 0x000fea0003800000 */
        /*0080*/                   BRA 0x80;                                  /* 0xfffffffc00fc7947 */
                                                                              /* 0x000fc0000383ffff */
        /*0090*/                   NOP;                                       /* 0x0000000000007918 */
		..........

		Function : set0Multiply
	.headerflags	@"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM90"
        /*0000*/                   LDC R1, c[0x0][0x28] ;                     /* 0x00000a00ff017b82 */
                                                                              /* 0x000fe40000000800 */
        /*0010*/                   IMAD R0, R0, R5, R3 ;                      /* 0x0000000500007224 */
                                                                              /* 0x000fca00078e0203 */
        /*0020*/                   STG.E desc[UR4][R2.64], RZ ;               /* 0x000000ff02007986 */
                                                                              /* 0x000fe2000c101904 */
        /*0030*/                   EXIT ;                                     /* 0x000000000000794d */
                                                                              /* 0x000fea0003800000 */
)";

TEST(SassListing, FunctionsInstructionsAndOpcodes) {
    const auto functions = parseSass(kListing);
    ASSERT_EQ(functions.size(), 2u);
    const SassFunction* mul24 = findSassFunction(functions, "set0Mul24");
    ASSERT_NE(mul24, nullptr);
    EXPECT_EQ(mul24->architecture, "sm_90");
    ASSERT_EQ(mul24->instructions.size(), 10u);
    EXPECT_EQ(mul24->instructions[2].address, 0x20u);
    EXPECT_EQ(mul24->instructions[2].text, "SGXT.U32 R0, R0, 0x18 ;");
    EXPECT_EQ(mul24->instructions[2].opcode, "SGXT");
    EXPECT_EQ(mul24->instructions[5].opcode, "EXIT");  // "@P0 EXIT": predicate dropped
    EXPECT_EQ(mul24->instructions[8].text, "BRA 0x80 ;");
    const auto body = bodyOf(*mul24);
    EXPECT_EQ(body.size(), 8u);  // up to the last EXIT: the BRA and NOP padding go
    EXPECT_EQ(findSassFunction(functions, "set0"), nullptr);

    const SassFunction* plain = findSassFunction(functions, "set0Multiply");
    ASSERT_NE(plain, nullptr);
    const auto extra = extraOpcodes(body, bodyOf(*plain));
    EXPECT_EQ(extra,
              (std::map<std::string, int>{{"EXIT", 1}, {"ISETP", 1}, {"S2R", 1}, {"SGXT", 1}}));
    EXPECT_TRUE(extraOpcodes(bodyOf(*plain), body).empty());
    EXPECT_EQ(opcodeCounts(body).at("EXIT"), 2);
}

TEST(SassListing, StoredTextReadsBack) {
    const auto functions = parseSass(kListing);
    const std::string text = listingText(functions[1]);
    EXPECT_EQ(text,
              "/*0000*/ LDC R1, c[0x0][0x28] ;\n/*0010*/ IMAD R0, R0, R5, R3 ;\n"
              "/*0020*/ STG.E desc[UR4][R2.64], RZ ;\n/*0030*/ EXIT ;\n");
    const SassFunction back = parseListingText("set0Multiply", text);
    ASSERT_EQ(back.instructions.size(), 4u);
    EXPECT_EQ(back.instructions[1].opcode, "IMAD");
    EXPECT_TRUE(parseSass("").empty());
    EXPECT_TRUE(parseSass("no listing here\n/*zz*/ X ;").empty());
}

}  // namespace
}  // namespace ws
