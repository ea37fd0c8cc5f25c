#include "app/gui/command_line.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(CommandLine, ParsesTheStableOptions) {
    const auto c = parseCommandLine({"--experiment", "reduce-ladder", "n=1024", "variant=best",
                                     "--worker", "ssh gpu warpscope-record serve", "--screenshot",
                                     "out.png", "--at", "3"});
    ASSERT_TRUE(c.ok()) << c.error();
    EXPECT_EQ(c->experiment, "reduce-ladder");
    EXPECT_EQ(c->params, (QStringList{"n=1024", "variant=best"}));
    EXPECT_EQ(c->worker, "ssh gpu warpscope-record serve");
    EXPECT_EQ(c->screenshot, "out.png");
    EXPECT_EQ(c->atStep, 3);
}

TEST(CommandLine, RejectsWhatItCannotDo) {
    for (const QStringList& bad : {QStringList{"--bogus"},
                                   {"--trace"},
                                   {"--trace", "a", "--experiment", "b"},
                                   {"--screenshot", "x.png"},
                                   {"--trace", "a", "--at", "2"},
                                   {"--trace", "a", "--screenshot", "x.png", "--at", "-1"},
                                   {"--trace", "a", "--screenshot", "x.png", "--time", "soon"},
                                   {"--experiment", "x", "novalue"},
                                   {"--worker-timeout", "0"}}) {
        const auto c = parseCommandLine(bad);
        EXPECT_FALSE(c.ok()) << bad.join(' ').toStdString();
        if (!c.ok()) EXPECT_FALSE(c.error().empty());
    }
}

TEST(CommandLine, AcceptsTheReservedOptions) {
    const auto c = parseCommandLine({"--lesson", "intro.json", "--presentation"});
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->lesson, "intro.json");
    EXPECT_TRUE(c->presentation);
}

}  // namespace
}  // namespace ws
