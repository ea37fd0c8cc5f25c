#pragma once
// The stable command line of warpscope:
//   warpscope [--trace FILE | --experiment ID [name=value ...] |
//              --kernel FILE.cu [name=value ...] |
//              --lesson NAME|FILE [--slide N [--fragment N]]]
//             [--presentation] [--worker "CMD"] [--worker-timeout SECONDS]
//             [--screenshot PNG [--at STEP|--time NS]]
//             [--export-view NAME --format svg|png [--scale S] -o FILE]
// Parsing only: main() decides what to do with an error.
#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>

#include "core/common/result.h"

namespace ws {

struct CommandLine {
    QString trace;
    QString experiment;
    // --kernel FILE: a CUDA file of one's own (docs/your-kernel.md), opened
    // in the kernel-file lab's editor and run.
    QString kernel;
    QStringList params;  // name=value, in order (--experiment's or --kernel's)
    QString worker;      // a shell-like command line
    QString screenshot;
    std::optional<int> atStep;
    std::optional<double> atTimeNs;
    std::optional<int> workerTimeoutMs;
    QString lesson;
    std::optional<int> slide;  // numbered from 1, as on screen
    // --fragment N: the slide's state after its Nth fragment (0: the slide
    // as it opens), so that a screenshot can show every step of a slide.
    std::optional<int> fragment;
    bool presentation = false;
    QString exportView;  // a view's name
    QString exportFormat;
    double exportScale = 1;
    QString output;  // -o FILE
    // --window-size: what --screenshot renders at (a 720p projector, a 4K
    // screen); unset, 1920x1080.
    std::optional<QSize> windowSize;
    // --print-narration: the slide's narration, fragments included, with its
    // figures filled in, as plain text on stdout; then exit.
    bool printNarration = false;
    // --check-lesson FILE: load every slide without showing it and print one
    // line per problem (exit 2), or that the lesson holds (exit 0).
    QString checkLesson;
    // --strict: --check-lesson fails (exit 2) on runs it would only list,
    // those from elsewhere than --traces DIR or of another GPU than their
    // slide's run.
    bool strict = false;
    // --traces DIR: a lesson's traces are looked for here first.
    QString traces;
    bool help = false;
    bool version = false;
    // Something to show was named (not a first start or a restored session).
    bool namesARun() const {
        return !trace.isEmpty() || !experiment.isEmpty() || !kernel.isEmpty() || !lesson.isEmpty();
    }
};

Result<CommandLine> parseCommandLine(const QStringList& arguments);  // without argv[0]
// With the views `--export-view` and lesson slides name (allViewNames() of
// app/gui/window/lab_modules.h: the workbench's and every lab's).
QString usageText(const QStringList& viewNames);

}  // namespace ws
