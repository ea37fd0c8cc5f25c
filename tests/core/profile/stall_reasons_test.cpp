// CUPTI's stall reason names in words: every Hopper reason has its own
// words, a "_not_issued" variant is known as one and shares its reason's
// colour, and a name the list lacks still reads as words.
#include "core/profile/stall_reasons.h"

#include <gtest/gtest.h>

#include <set>

namespace ws {
namespace {

std::string cupti(const std::string& key) { return std::string(kStallReasonPrefix) + key; }

TEST(StallReasons, TheUsualReasonsReadAsPlainWords) {
    EXPECT_EQ(stallReasonWords(cupti("long_scoreboard")), "waiting for global memory");
    EXPECT_EQ(stallReasonWords(cupti("short_scoreboard")),
              "waiting for shared memory or a math function (MIO)");
    EXPECT_EQ(stallReasonWords(cupti("mio_throttle")), "shared-memory pipe busy");
    EXPECT_EQ(stallReasonWords(cupti("lg_throttle")), "global-memory queue full");
    EXPECT_EQ(stallReasonWords(cupti("barrier")), "waiting at __syncthreads");
    EXPECT_EQ(stallReasonWords(cupti("membar")), "waiting at a memory fence");
    EXPECT_EQ(stallReasonWords(cupti("no_instructions")),
              "no instruction issued (instruction fetch)");
    EXPECT_EQ(stallReasonWords(cupti("wait")), "fixed-latency wait");
    EXPECT_EQ(stallReasonWords(cupti("math_pipe_throttle")), "math pipe busy");
    EXPECT_EQ(stallReasonWords(cupti("selected")), "issuing");
    EXPECT_EQ(stallReasonWords(cupti("not_selected")), "ready, another warp issued");
    EXPECT_EQ(stallReasonWords(cupti("imc_miss")), "waiting for the constant cache");
    EXPECT_EQ(stallReasonWords(cupti("gmma")), "waiting for warpgroup MMA");
    EXPECT_NE(stallReasonDetail(cupti("long_scoreboard")).find("L1TEX"), std::string::npos);
}

TEST(StallReasons, EveryKnownReasonHasWordsOfItsOwn) {
    std::set<std::string> keys, words;
    for (const KnownStallReason& r : knownStallReasons()) {
        EXPECT_FALSE(r.words.empty()) << r.key;
        EXPECT_FALSE(r.detail.empty()) << r.key;
        EXPECT_TRUE(keys.insert(std::string(r.key)).second) << "twice: " << r.key;
        EXPECT_TRUE(words.insert(std::string(r.words)).second) << "same words: " << r.words;
        EXPECT_EQ(stallReasonWords(cupti(std::string(r.key))), r.words);
    }
    for (const char* hopper :
         {"barrier", "branch_resolving", "dispatch_stall", "drain", "imc_miss", "lg_throttle",
          "long_scoreboard", "math_pipe_throttle", "membar", "mio_throttle", "misc",
          "no_instructions", "not_selected", "selected", "short_scoreboard", "sleeping",
          "tex_throttle", "wait", "gmma"})
        EXPECT_TRUE(keys.count(hopper)) << hopper;
}

TEST(StallReasons, NotIssuedVariantsAreKnownAndShareTheirReasonsColour) {
    const std::string variant = cupti("long_scoreboard_not_issued");
    EXPECT_TRUE(isNotIssuedVariant(variant));
    EXPECT_FALSE(isNotIssuedVariant(cupti("long_scoreboard")));
    EXPECT_FALSE(isNotIssuedVariant(cupti("not_selected")));
    EXPECT_EQ(stallReasonKey(variant), "long_scoreboard");
    EXPECT_EQ(stallReasonColourIndex(variant), stallReasonColourIndex(cupti("long_scoreboard")));
    EXPECT_EQ(stallReasonWords(variant), "waiting for global memory, no instruction issued");
}

TEST(StallReasons, UnknownNamesFallBackToTheirKeyInWords) {
    EXPECT_EQ(stallReasonWords(cupti("tensor_memory_wait")), "tensor memory wait");
    EXPECT_EQ(stallReasonWords("some_other_counter"), "some other counter");
    EXPECT_EQ(stallReasonDetail(cupti("tensor_memory_wait")), "");
    EXPECT_EQ(stallReasonWords(cupti("tensor_memory_wait_not_issued")),
              "tensor memory wait, no instruction issued");
}

TEST(StallReasons, ColourIndicesAreStableAndApart) {
    const auto& known = knownStallReasons();
    std::set<int> seen;
    for (const KnownStallReason& r : known)
        EXPECT_TRUE(seen.insert(stallReasonColourIndex(cupti(std::string(r.key)))).second);
    EXPECT_EQ(stallReasonColourIndex(cupti("long_scoreboard")), 0);
    // An unknown reason keeps its index from call to call, past the known ones.
    const int unknown = stallReasonColourIndex(cupti("tensor_memory_wait"));
    EXPECT_GE(unknown, int(known.size()));
    EXPECT_EQ(unknown, stallReasonColourIndex(cupti("tensor_memory_wait")));
    EXPECT_EQ(unknown, stallReasonColourIndex(cupti("tensor_memory_wait_not_issued")));
}

}  // namespace
}  // namespace ws
