#pragma once
// A lesson: slides an instructor clicks through in front of a class. Each
// slide names a run (a bundled or relative trace, or an experiment and its
// parameters), the two or three views to show large, where the playback
// stands, what is highlighted, a narration the audience reads and notes they
// do not see. Fragments step through one slide (reveal.js's word): each
// moves the playback or the highlight on from the state before it.
// The file format is YAML, documented in docs/lessons.md.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/run/run.h"

namespace ws::lesson {

// Where the playback stands.
enum class PositionKind {
    Start,   // before the first block started
    End,     // after the last block ended
    Event,   // the n-th playback event (0-based), as the playback bar counts them
    TimeNs,  // ns after the first block started
    Step,    // the traced block's n-th reduction step began (0-based)
    Launch,  // the n-th launch (0-based) began
};

struct Position {
    PositionKind kind = PositionKind::End;
    double value = 0;
    bool operator==(const Position&) const = default;
};

// Plays from one position to another over a few seconds of wall time.
struct Animation {
    Position from;
    Position to;
    double seconds = 4;
    bool operator==(const Animation&) const = default;
};

// What the slide points at; unset fields point at nothing of their kind.
struct Highlight {
    std::optional<int> launch;
    std::optional<long long> block;
    std::optional<int> warp, lane, bank, step;
    // The traced instruction the banks and coalescing views open on (from 0).
    std::optional<int> access;
    // A source line of the kernel's own file the stalls view marks and opens on.
    std::optional<int> line;
    std::optional<std::pair<int, int>> tile;  // (column, row)
    std::optional<long long> item;            // a work item, a greeting, a page
    bool operator==(const Highlight&) const = default;
};

// The run a slide shows: exactly one of trace, experiment or kernel is set.
struct RunChoice {
    std::string trace;       // a bundled trace's file name, or a path relative to the lesson
    std::string experiment;  // a catalog id
    std::string kernel;      // a kernel file of one's own, a path relative to the lesson
    // name, value as written: the experiment's, or the kernel file's own
    std::vector<std::pair<std::string, std::string>> params;
    bool live = false;  // run it through the worker where a GPU is present
    bool empty() const { return trace.empty() && experiment.empty() && kernel.empty(); }
    bool operator==(const RunChoice&) const = default;
};

// The state a slide opens with, or one fragment's change to it.
struct Beat {
    std::optional<Position> at;
    std::optional<Animation> animate;
    std::optional<Highlight> highlight;
    std::string narration;  // Markdown; empty keeps the caption as it was
    bool operator==(const Beat&) const = default;
};

enum class Layout {
    SideBySide,  // views in one row
    Stacked,     // views in one column
    MainLeft,    // the first view large on the left, the others stacked beside it
    MainTop,     // the first view large on top, the others in a row below
};

struct Slide {
    int line = 0;  // where the slide starts in the file, for messages
    std::string title;
    RunChoice run;      // empty: the previous slide's run
    RunChoice compare;  // set: a second run shown beside the first, in lockstep
    // Runs the narration takes figures from without showing them, by the
    // name it uses ("{copy.throughput}"): a copy's bandwidth beside a
    // transpose, the next rung of a ladder. Always recorded runs.
    std::vector<std::pair<std::string, RunChoice>> figuresFrom;
    std::vector<std::string> views;
    Layout layout = Layout::SideBySide;
    Beat opening;
    std::vector<Beat> fragments;
    std::string notes;  // for the speaker only
    // What the slide's story needs of its runs, e.g. "{kernel_ms} <
    // {compare.kernel_ms}" (core/lesson/narration.h): a run that breaks one
    // is pointed out in the speaker's notes, never on the audience's slide.
    std::vector<std::string> expect;
};

// A kernel file a slide names, as the loader read it beside the lesson.
struct KernelFileText {
    std::string text;
    std::string error;  // why it could not be read; empty when read
};

struct Lesson {
    std::string file;  // as given to the loader, for messages
    std::string title;
    std::string summary;
    std::vector<Slide> slides;
    // The kernel files the slides name (RunChoice::kernel), read by
    // loadLesson so that no later stop touches the disk for them.
    std::map<std::string, KernelFileText> kernelFiles;
};

// Names of layouts and position kinds as the file writes them.
const char* layoutName(Layout layout);
const char* positionKindName(PositionKind kind);

// The state after fragment `fragment` of `slide` (0: the slide as it opens):
// each fragment's fields replace the ones before it, unset fields carry on.
Beat beatAt(const Slide& slide, int fragment);

// The file name a slide's run is recorded under by `warpscope-record
// record-lesson`, and looked for under in a folder given with --traces: a
// trace keeps its name; an experiment is experiment__name-value__... of the
// parameters as the lesson writes them (the names `sweep` gives its files);
// a kernel file is kernel-file__stem__name-value__...
std::string recordedTraceName(const RunChoice& choice);

// A bundled lesson's name from its file's stem: "08-atomics" is "atomics",
// the number only orders the files.
std::string lessonNameOf(const std::string& fileStem);

// The run a slide shows, its own or the nearest earlier slide's.
const RunChoice* runOf(const Lesson& lesson, int slide);

}  // namespace ws::lesson
