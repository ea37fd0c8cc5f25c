#pragma once
// Plays a lesson in the window: which slide and fragment is on, the run each
// slide needs (asked of the window, which loads it off the UI thread), and,
// once that run is shown, the slide's views on the stage, its playback
// position or animation, its highlight and its caption. Keys reach it through
// LessonKeys; the window, the menu and the command line call it directly.
#include <QObject>
#include <QPointer>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "app/gui/common/bundled_traces.h"
#include "core/common/result.h"
#include "core/lesson/lesson.h"
#include "core/lesson/narration.h"

class QVariantAnimation;

namespace ws {

class WorkbenchHost;
class SlideStage;
class RunPair;

class LessonController : public QObject {
    Q_OBJECT
public:
    LessonController(WorkbenchHost* window, SlideStage* stage);

    // Reads and checks the lesson; on an error nothing changes. `slide` is
    // 0-based and clamped.
    Status open(const QString& path, int slide = 0);
    // The same, with the file read and parsed on a worker: what the menus do,
    // so the window never waits for the disk. `done` gets the outcome.
    void openInBackground(const QString& path, int slide, std::function<void(Status)> done);
    void close();
    bool isOpen() const { return bool(m_lesson); }
    const lesson::Lesson* lesson() const { return m_lesson ? &*m_lesson : nullptr; }
    QString path() const { return m_path; }
    int slide() const { return m_slide; }
    int fragment() const { return m_fragment; }
    int slideCount() const { return m_lesson ? int(m_lesson->slides.size()) : 0; }
    // The slide's run is shown and its state applied (or its problem shown).
    bool settled() const { return m_settled; }
    // The second run of a comparison slide; null on other slides.
    RunPair* comparison() const;
    // An animated slide at the end of its animation, where it rests: a
    // screenshot or export shows that, not wherever the animation had got
    // to when the picture was taken.
    void finishAnimation();
    // Problems of single slides found when the lesson was opened.
    QStringList slideProblems() const { return m_problems; }
    // The runs the slide's figures come from (core/lesson/narration.h): its
    // run once shown, and the compared one once loaded.
    lesson::NarrationRuns narrationRuns() const;
    // The slide's notes with their figures filled in, and one line for each
    // expectation the runs break or cannot be judged by (for the speaker's
    // notes window; the audience's slide never shows them).
    QString resolvedNotes() const;
    QStringList brokenExpectations() const;
    // What --check-lesson reports of the slide on show once it settled: its
    // run's problem, figures its runs lack, expectations they break; each
    // line names the file, the slide and the field.
    QStringList checkSlide() const;
    // The slide's runs that came from elsewhere than --traces DIR, or were
    // measured on another GPU than its own run, one line each: the run's
    // role, its file and GPU (core/lesson/run_origins.h). Not problems:
    // --check-lesson lists them, and fails on them only with --strict.
    QStringList runsFromElsewhere() const;
    // "banks.yaml: slide 2 (Stride 32)": where the lines above belong.
    QString place() const;
    // The slide's narration and its fragments', figures filled in, as plain
    // text (--print-narration), each followed by the notes of its figures
    // measured on another GPU.
    QStringList narrationLines() const;
    // Traces named by a slide are looked for here first (--traces DIR), and
    // its manifest.json (warpscope-record record-lesson writes one) lists
    // the experiments recorded there. A run the folder lacks falls back to
    // the bundled one, and the slide's heading says so.
    void setTracesDir(const QString& dir);

public slots:
    void goTo(int slide, int fragment = 0);
    void next();      // the next fragment, else the next slide
    void previous();  // the previous fragment, else the previous slide at its last fragment
    void first();
    void last();

    // A comparison side's title: its variant where the runs differ in it,
    // else the settings that differ ("grid = 64"), else its variant or experiment.
    static QString sideLabel(const std::string& experiment, const ParamValues& params,
                             const ParamValues& otherParams);

signals:
    void opened();
    void closed();
    void slideChanged(int slide, int fragment);
    void slideShown();      // the slide is settled: screenshots and exports wait for this
    void figuresChanged();  // a run of the slide arrived: the notes' figures may read anew

private:
    // The lesson read (or why not) made the open one: the checks, then slide `slide`.
    Status show(Result<lesson::Lesson> loaded, const QString& path, int slide);
    struct Request {
        QString key;   // what identifies the run (file, or experiment and parameters)
        QString file;  // a trace to open, or empty for a live experiment
        QString experiment;
        ParamValues params;
        QString badge;
        QString problem;  // why the run cannot be shown
    };
    Request resolve(const lesson::RunChoice& choice) const;
    // The experiment and parameters of a compared run (empty when unknown).
    std::pair<std::string, ParamValues> runOf(const Request& other) const;

    QString traceFile(const std::string& name) const;
    // Where a slide's trace was found, when --traces names a folder that
    // lacks it: "bundled" or "beside the lesson", else empty.
    QString fallbackOf(const QString& file) const;
    // The heading's note: how the run came (live, recorded, fallen back)
    // and which GPU recorded the runs on show.
    QString headingBadge() const;
    void showSlide();
    void onRunShown();
    void onRunFailed(const QString& message);
    void buildStage();
    void applyBeat();
    void showProblem(const QString& message);  // on the stage, and kept for checkSlide
    // Reads the slide's figures_from runs off the UI thread; the caption
    // and notes read anew as each arrives.
    void loadNamedRuns();
    // The caption of the fragment on show, its figures from the runs loaded so far.
    void showCaption();
    // A text's figures filled in, those of another GPU's runs marked and
    // their notes after it (naming the runs, for the speaker).
    QString markedText(const std::string& text, bool namingRuns) const;
    double timeOf(const lesson::Position& position) const;
    void settle();

    WorkbenchHost* m_window;
    SlideStage* m_stage;
    std::optional<lesson::Lesson> m_lesson;
    QString m_path;
    QStringList m_problems;
    QString m_stageProblem;  // what the stage says is wrong with the slide's run
    QString m_tracesDir;
    std::optional<BundledTraces> m_recordedHere;  // --traces DIR's manifest
    int m_slide = 0;
    int m_fragment = 0;
    QString m_shownKey;    // the run on show, as requested by a slide
    QString m_pendingKey;  // asked for, not shown yet
    QString m_badge;
    bool m_slidesRunShown = false;  // the run on show is this slide's own
    bool m_settled = false;
    QPointer<QVariantAnimation> m_animation;
    QPointer<RunPair> m_pair;         // a comparison slide's second run
    bool m_settleWhenLoaded = false;  // settle once the compared and named runs are in
    // The slide's figures_from runs, those read so far, and how many are
    // still being read; a generation drops reads of a slide left meanwhile.
    std::map<std::string, std::shared_ptr<const Run>> m_named;
    // The trace each of the slide's runs is read from (empty for a live
    // run): where it came from is listed when it is not --traces DIR.
    std::map<std::string, QString> m_namedFiles;
    QString m_runFile, m_compareFile;
    int m_namedPending = 0;
    int m_namedGeneration = 0;
    QStringList m_namedProblems;
};

}  // namespace ws
