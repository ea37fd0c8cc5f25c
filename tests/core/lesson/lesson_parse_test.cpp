// A lesson file read into slides: every field, the defaults, fragments that
// build on each other, and slides that keep the previous slide's run.
#include "core/lesson/lesson_parse.h"

#include <gtest/gtest.h>

namespace ws::lesson {
namespace {

constexpr const char* kFull = R"(
title: Banks
summary: Why a padded tile is fast.
slides:
  - title: Stride 32
    trace: bank-probe__pattern-stride__width-4__stride-32.wstrace
    views: [banks, throughput]
    layout: main-left
    at: {event: 2}
    highlight: {warp: 0, lane: 5, bank: 0, access: 1, line: 71}
    narration: |
      Every lane hits **bank 0**.
    notes: Ask who has seen a queue at one door.
    fragments:
      - highlight: {lane: 6}
      - animate: {from: start, to: {time_us: 1.5}, seconds: 3}
        narration: Now watch it replay.
  - title: The same, padded
    views: banks
    at: end
  - title: Live
    experiment: reduce-ladder
    params: {variant: best, n: 2^20}
    live: true
    compare: {trace: other.wstrace}
    views: [timeline, grid, warps]
    layout: stacked
    at: {step: 3}
)";

TEST(LessonParse, ReadsEveryField) {
    auto l = parseLesson(kFull, "banks.yaml");
    ASSERT_TRUE(l.ok()) << l.error();
    EXPECT_EQ(l->title, "Banks");
    EXPECT_EQ(l->summary, "Why a padded tile is fast.");
    ASSERT_EQ(l->slides.size(), 3u);
    const Slide& s = l->slides[0];
    EXPECT_EQ(s.title, "Stride 32");
    EXPECT_EQ(s.line, 5);
    EXPECT_EQ(s.run.trace, "bank-probe__pattern-stride__width-4__stride-32.wstrace");
    EXPECT_EQ(s.views, (std::vector<std::string>{"banks", "throughput"}));
    EXPECT_EQ(s.layout, Layout::MainLeft);
    EXPECT_EQ(s.opening.at, (Position{PositionKind::Event, 2}));
    ASSERT_TRUE(s.opening.highlight);
    EXPECT_EQ(s.opening.highlight->warp, 0);
    EXPECT_EQ(s.opening.highlight->lane, 5);
    EXPECT_EQ(s.opening.highlight->bank, 0);
    EXPECT_EQ(s.opening.highlight->access, 1);
    EXPECT_EQ(s.opening.highlight->line, 71);
    EXPECT_FALSE(s.opening.highlight->block);
    EXPECT_EQ(s.opening.narration, "Every lane hits **bank 0**.\n");
    EXPECT_EQ(s.notes, "Ask who has seen a queue at one door.");
    ASSERT_EQ(s.fragments.size(), 2u);
    ASSERT_TRUE(s.fragments[1].animate);
    EXPECT_EQ(s.fragments[1].animate->from, (Position{PositionKind::Start, 0}));
    EXPECT_EQ(s.fragments[1].animate->to, (Position{PositionKind::TimeNs, 1500}));
    EXPECT_EQ(s.fragments[1].animate->seconds, 3);

    const Slide& second = l->slides[1];
    EXPECT_TRUE(second.run.empty());
    EXPECT_EQ(second.views, std::vector<std::string>{"banks"});
    EXPECT_EQ(second.layout, Layout::SideBySide);
    EXPECT_EQ(second.opening.at, (Position{PositionKind::End, 0}));

    const Slide& third = l->slides[2];
    EXPECT_EQ(third.run.experiment, "reduce-ladder");
    EXPECT_TRUE(third.run.live);
    using P = std::pair<std::string, std::string>;
    EXPECT_EQ(third.run.params, (std::vector<P>{{"variant", "best"}, {"n", "2^20"}}));
    EXPECT_EQ(third.compare.trace, "other.wstrace");
    EXPECT_EQ(third.opening.at, (Position{PositionKind::Step, 3}));
    EXPECT_EQ(third.layout, Layout::Stacked);
}

TEST(LessonParse, FragmentsBuildOnTheStateBeforeThem) {
    auto l = parseLesson(kFull, "banks.yaml");
    ASSERT_TRUE(l.ok()) << l.error();
    const Slide& s = l->slides[0];
    const Beat b0 = beatAt(s, 0);
    EXPECT_EQ(b0.highlight->lane, 5);
    EXPECT_EQ(b0.at, (Position{PositionKind::Event, 2}));
    const Beat b1 = beatAt(s, 1);
    // The fragment's highlight replaces the slide's; the position carries on.
    EXPECT_EQ(b1.highlight->lane, 6);
    EXPECT_FALSE(b1.highlight->bank);
    EXPECT_EQ(b1.at, (Position{PositionKind::Event, 2}));
    EXPECT_EQ(b1.narration, b0.narration);
    const Beat b2 = beatAt(s, 2);
    // An animation replaces the position; the highlight carries on.
    EXPECT_FALSE(b2.at);
    ASSERT_TRUE(b2.animate);
    EXPECT_EQ(b2.highlight->lane, 6);
    EXPECT_EQ(b2.narration, "Now watch it replay.");
    // Past the last fragment, the last state.
    EXPECT_EQ(beatAt(s, 9), b2);
}

TEST(LessonParse, SlidesWithoutARunKeepThePreviousOne) {
    auto l = parseLesson(kFull, "banks.yaml");
    ASSERT_TRUE(l.ok()) << l.error();
    EXPECT_EQ(runOf(*l, 1), &l->slides[0].run);
    EXPECT_EQ(runOf(*l, 2), &l->slides[2].run);
}

TEST(LessonParse, ViewsAreCheckedAgainstTheNamesTheWindowKnows) {
    auto l = parseLesson(kFull, "banks.yaml");
    ASSERT_TRUE(l.ok()) << l.error();
    EXPECT_TRUE(checkViews(*l, {"banks", "throughput", "timeline", "grid", "warps"}).ok());
    const Status s = checkViews(*l, {"banks", "timeline", "grid", "warps"});
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error(),
              "banks.yaml: slide 1 (Stride 32), field 'views': unknown view 'throughput' (line 5); "
              "the views are banks, timeline, grid, warps");
}

TEST(LessonParse, ExperimentsAndParametersAreCheckedPerSlide) {
    auto l = parseLesson(R"(
title: t
slides:
  - {title: a, experiment: reduce-ladder, params: {variant: best}, views: grid}
  - {title: b, experiment: no-such-thing, views: grid}
  - {title: c, experiment: reduce-ladder, params: {block: 5000}, views: grid}
)",
                         "x.yaml");
    ASSERT_TRUE(l.ok()) << l.error();
    const auto problems = checkExperiments(*l);
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0].slide, 1);
    EXPECT_EQ(problems[0].message, "unknown experiment 'no-such-thing'");
    EXPECT_EQ(problems[1].slide, 2);
    EXPECT_NE(problems[1].message.find("block=5000"), std::string::npos) << problems[1].message;
}

}  // namespace
}  // namespace ws::lesson
