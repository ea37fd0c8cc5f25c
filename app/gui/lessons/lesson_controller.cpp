#include "app/gui/lessons/lesson_controller.h"

#include <QDir>
#include <QFileInfo>
#include <QVariantAnimation>
#include <algorithm>

#include "app/gui/common/background_job.h"
#include "app/gui/common/resource_paths.h"
#include "app/gui/compare/compare_table.h"
#include "app/gui/compare/run_pair.h"
#include "app/gui/lessons/slide_stage.h"
#include "app/gui/workbench/workbench_host.h"
#include "app/gui/worker/run_source.h"
#include "core/catalog/catalog.h"
#include "core/lesson/lesson_parse.h"
#include "core/lesson/run_origins.h"
#include "core/lesson/slide_figures.h"
#include "core/trace/trace_io.h"
#include "widgets/reduction/warp_steps.h"

namespace ws {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

Highlight toHighlight(const lesson::Highlight& h) {
    Highlight out;
    out.launch = h.launch.value_or(-1);
    out.block = h.block.value_or(-1);
    out.warp = h.warp.value_or(-1);
    out.lane = h.lane.value_or(-1);
    out.bank = h.bank.value_or(-1);
    out.step = h.step.value_or(-1);
    if (h.tile) out.tile = QPoint(h.tile->first, h.tile->second);
    out.item = h.item.value_or(-1);
    out.access = h.access.value_or(-1);
    out.line = h.line.value_or(-1);
    return out;
}

}  // namespace

LessonController::LessonController(WorkbenchHost* window, SlideStage* stage)
    : QObject(window), m_window(window), m_stage(stage) {
    connect(window, &WorkbenchHost::runShown, this, &LessonController::onRunShown);
    connect(window, &WorkbenchHost::loadFailed, this, &LessonController::onRunFailed);
}

Status LessonController::open(const QString& path, int slide) {
    return show(lesson::loadLesson(path.toStdString()), path, slide);
}

void LessonController::openInBackground(const QString& path, int slide,
                                        std::function<void(Status)> done) {
    runInBackground<Result<lesson::Lesson>>(
        this, [path] { return lesson::loadLesson(path.toStdString()); },
        [this, path, slide, done = std::move(done)](Result<lesson::Lesson> loaded) {
            done(show(std::move(loaded), path, slide));
        });
}

Status LessonController::show(Result<lesson::Lesson> loaded, const QString& path, int slide) {
    if (!loaded) return makeError(loaded.error());
    std::vector<std::string> views;
    for (const QString& name : m_window->views()->acceptedNames())
        views.push_back(name.toStdString());
    if (Status s = lesson::checkViews(*loaded, views); !s) return s;
    m_problems.clear();
    for (const auto& p : lesson::checkExperiments(*loaded))
        m_problems << qs(lesson::slidePlace(*loaded, p.slide) + ": " + p.message);
    m_lesson = std::move(loaded).value();
    m_path = QFileInfo(path).absoluteFilePath();
    m_shownKey.clear();
    m_pendingKey.clear();
    emit opened();
    goTo(slide, 0);
    return {};
}

void LessonController::close() {
    if (!m_lesson) return;
    if (m_animation) m_animation->stop();
    m_lesson.reset();
    m_path.clear();
    m_shownKey.clear();
    m_pendingKey.clear();
    emit closed();
}

void LessonController::goTo(int slide, int fragment) {
    if (!m_lesson) return;
    const int count = slideCount();
    slide = std::clamp(slide, 0, count - 1);
    const int fragments = int(m_lesson->slides[std::size_t(slide)].fragments.size());
    fragment = std::clamp(fragment, 0, fragments);
    const bool sameSlide = slide == m_slide && m_settled && !m_shownKey.isEmpty();
    m_slide = slide;
    m_fragment = fragment;
    emit slideChanged(m_slide, m_fragment);
    if (sameSlide && m_pendingKey.isEmpty()) {
        applyBeat();  // a fragment of the slide on show: its run and views stay
        settle();
        return;
    }
    showSlide();
}

void LessonController::next() {
    if (!m_lesson) return;
    const auto& s = m_lesson->slides[std::size_t(m_slide)];
    if (m_fragment < int(s.fragments.size()))
        goTo(m_slide, m_fragment + 1);
    else if (m_slide + 1 < slideCount())
        goTo(m_slide + 1, 0);
}

void LessonController::previous() {
    if (!m_lesson) return;
    if (m_fragment > 0) {
        goTo(m_slide, m_fragment - 1);
    } else if (m_slide > 0) {
        const int before = m_slide - 1;
        goTo(before, int(m_lesson->slides[std::size_t(before)].fragments.size()));
    }
}

void LessonController::first() { goTo(0, 0); }
void LessonController::last() { goTo(slideCount() - 1, 0); }

QString LessonController::traceFile(const std::string& name) const {
    const QString n = qs(name);
    if (QFileInfo(n).isAbsolute()) return QFileInfo::exists(n) ? n : QString();
    // A folder of traces given on the command line (recorded on this GPU),
    // then beside the lesson (an instructor's own traces), then the bundled ones.
    if (!m_tracesDir.isEmpty()) {
        const QString given = QDir(m_tracesDir).filePath(n);
        if (QFileInfo::exists(given)) return given;
    }
    const QString beside = QFileInfo(m_path).dir().filePath(n);
    if (QFileInfo::exists(beside)) return beside;
    const QString bundled = resourcesDir() + QStringLiteral("/traces/") + n;
    if (!resourcesDir().isEmpty() && QFileInfo::exists(bundled)) return bundled;
    return {};
}

void LessonController::setTracesDir(const QString& dir) {
    m_tracesDir = dir;
    m_recordedHere.reset();
    // A folder without a manifest still serves the traces the lesson names.
    const QString manifest = QDir(dir).filePath(QStringLiteral("manifest.json"));
    if (!dir.isEmpty() && QFileInfo::exists(manifest))
        if (auto loaded = BundledTraces::load(manifest); loaded) {
            m_recordedHere = std::move(*loaded);
            // The views that draw several recorded runs draw these.
            BundledTraces all = m_window->source()->bundled();
            all.preferTraces(*m_recordedHere);
            m_window->source()->setBundled(std::move(all));
        }
}

QString LessonController::fallbackOf(const QString& file) const {
    if (m_tracesDir.isEmpty() || file.isEmpty()) return {};
    const QString dir = QFileInfo(m_tracesDir).absoluteFilePath();
    if (QFileInfo(file).absoluteFilePath().startsWith(dir + QLatin1Char('/'))) return {};
    return tr("bundled run: not in %1").arg(QFileInfo(m_tracesDir).fileName());
}

LessonController::Request LessonController::resolve(const lesson::RunChoice& choice) const {
    Request r;
    if (!choice.trace.empty()) {
        r.file = traceFile(choice.trace);
        r.key = QStringLiteral("file:") + r.file;
        if (r.file.isEmpty())
            r.problem = tr("The trace '%1' is missing: it is neither beside the lesson nor among "
                           "the bundled traces.")
                            .arg(qs(choice.trace));
        r.badge = fallbackOf(r.file);
        return r;
    }
    if (!choice.kernel.empty()) {
        // A kernel file's run, recorded by record-lesson under the name the
        // lesson gives it (in --traces DIR, or beside the lesson).
        if (const std::string problem = lesson::kernelFileProblem(*m_lesson, choice);
            !problem.empty()) {
            r.problem = qs(problem);
            return r;
        }
        const std::string name = lesson::recordedTraceName(choice);
        r.file = traceFile(name);
        r.key = QStringLiteral("file:") + r.file;
        if (r.file.isEmpty())
            r.problem = tr("No recorded run of %1 (%2): record it with warpscope-record "
                           "record-lesson %3 -o DIR and present with --traces DIR.")
                            .arg(qs(choice.kernel), qs(name), QFileInfo(m_path).fileName());
        r.badge = fallbackOf(r.file);
        return r;
    }
    const ExperimentSpec* spec = findExperiment(choice.experiment);
    if (!spec) {
        r.problem = tr("Unknown experiment '%1'.").arg(qs(choice.experiment));
        return r;
    }
    std::vector<std::string> assignments;
    for (const auto& [name, value] : choice.params) assignments.push_back(name + "=" + value);
    auto params = resolveParams(*spec, assignments);
    if (!params) {
        r.problem = qs(choice.experiment + ": " + params.error());
        return r;
    }
    r.experiment = qs(spec->id);
    r.params = *params;
    QString paramText;
    for (const auto& [name, value] : r.params) paramText += qs(" " + name + "=" + value);
    const bool live = choice.live && m_window->source()->mode() != RunSource::Mode::Recorded;
    if (live) {
        r.key = QStringLiteral("live:") + r.experiment + paramText;
        r.badge = tr("run live");
        return r;
    }
    // Recorded on this GPU by record-lesson, under the name the lesson gives it.
    if (m_recordedHere) {
        const QString name = qs(lesson::recordedTraceName(choice));
        for (const BundledTrace& t : m_recordedHere->all())
            if (QFileInfo(t.file).fileName() == name && t.experiment == r.experiment) {
                r.file = t.file;
                r.key = QStringLiteral("file:") + r.file;
                r.experiment.clear();
                return r;
            }
    }
    // A demo stays the same from class to class: the recorded run, even on a GPU machine.
    if (const BundledTrace* t = m_window->source()->bundled().bestMatch(spec->id, r.params)) {
        r.file = t->file;
        r.key = QStringLiteral("file:") + r.file;
        r.experiment.clear();
        if (choice.live) r.badge = tr("recorded (no GPU here to run it live)");
        if (const QString fallback = fallbackOf(r.file); !fallback.isEmpty())
            r.badge = r.badge.isEmpty() ? fallback : r.badge + QStringLiteral(" · ") + fallback;
        return r;
    }
    r.problem = tr("No recorded run of '%1' is bundled.").arg(r.experiment);
    return r;
}

void LessonController::showSlide() {
    if (m_animation) m_animation->stop();
    m_settled = false;
    const lesson::Slide& s = m_lesson->slides[std::size_t(m_slide)];
    const lesson::RunChoice* choice = lesson::runOf(*m_lesson, m_slide);
    const Request r = choice ? resolve(*choice) : Request{};
    showProblem(r.problem);
    m_runFile = r.file;
    m_stage->setHeading(m_slide + 1, slideCount(), qs(s.title), r.badge);
    m_badge = r.badge;
    m_slidesRunShown = false;
    loadNamedRuns();
    if (!r.problem.isEmpty() || r.key.isEmpty()) {
        // The slide still shows its title, caption and the views of whatever
        // run is on, with the reason its own is missing.
        m_pendingKey.clear();
        buildStage();
        applyBeat();
        settle();
        return;
    }
    if (r.key == m_shownKey && m_window->model()->run()) {
        m_pendingKey.clear();
        m_slidesRunShown = true;
        buildStage();
        applyBeat();
        settle();
        return;
    }
    m_pendingKey = r.key;
    if (!r.file.isEmpty())
        m_window->openTrace(r.file, false);
    else
        m_window->runExperiment(r.experiment, r.params);
}

void LessonController::onRunShown() {
    if (!m_lesson || m_pendingKey.isEmpty()) return;
    m_shownKey = m_pendingKey;
    m_pendingKey.clear();
    m_slidesRunShown = true;
    buildStage();
    applyBeat();
    settle();
}

void LessonController::onRunFailed(const QString& message) {
    if (!m_lesson || m_pendingKey.isEmpty()) return;
    m_pendingKey.clear();
    showProblem(message);
    buildStage();
    applyBeat();
    settle();
}

void LessonController::buildStage() {
    const lesson::Slide& s = m_lesson->slides[std::size_t(m_slide)];
    const ViewContext context = m_window->viewContext();
    auto make = [&](const ViewContext& c) {
        std::vector<std::pair<QString, QWidget*>> views;
        for (const std::string& name : s.views)
            if (const ViewEntry* e = m_window->views()->find(qs(name)))
                views.push_back({e->title, e->create(c, nullptr)});
        return views;
    };
    // The last slide's pair goes now, not when it is deleted: until then
    // its second run would stand in the heading, the figures and the
    // runs listed from elsewhere of a slide that compares nothing.
    if (m_pair) m_pair->deleteLater();
    m_pair = nullptr;
    m_compareFile.clear();
    if (s.compare.empty()) {
        m_stage->setViews(make(context), s.layout);
        return;
    }
    // A comparison: the second run in a model of its own, kept in lockstep.
    const Request other = resolve(s.compare);
    m_compareFile = other.file;
    auto* pair = new RunPair(m_window->model(), this);
    m_pair = pair;
    ViewContext right = context;
    right.model = pair->right();
    auto* table = new CompareTable;
    connect(pair, &RunPair::changed, table,
            [pair, table] { table->setRuns(pair->leftRun(), pair->rightRun()); });
    const Run* left = m_window->model()->run();
    const auto [otherExperiment, otherParams] = runOf(other);
    const QString rightTitle =
        !otherExperiment.empty()
            ? sideLabel(otherExperiment, otherParams, left ? left->params : ParamValues{})
            : (other.file.isEmpty() ? tr("compared") : QFileInfo(other.file).completeBaseName());
    m_stage->setComparison(
        make(context), make(right),
        left ? sideLabel(left->experiment, left->params, otherParams) : tr("this run"), rightTitle,
        table);
    if (!other.problem.isEmpty())
        showProblem(other.problem);
    else if (!other.file.isEmpty())
        pair->loadRight(other.file, [this](const QString& error) {
            if (!error.isEmpty()) showProblem(error);
            applyBeat();  // the second run follows the first's position
            // A screenshot or export of the slide waits for both runs.
            if (m_settleWhenLoaded) {
                m_settleWhenLoaded = false;
                settle();
            }
        });
    else
        showProblem(tr("A comparison needs a recorded run on both sides."));
    table->setRuns(pair->leftRun(), pair->rightRun());
}

double LessonController::timeOf(const lesson::Position& position) const {
    const PlaybackModel* model = m_window->model();
    const PreparedRun* run = model->prepared();
    if (!run) return 0;
    const auto index = [](double v, std::size_t size) {
        return std::size_t(std::clamp<double>(v, 0, double(size) - 1));
    };
    using lesson::PositionKind;
    switch (position.kind) {
        case PositionKind::Start:
            return 0;
        case PositionKind::End:
            return run->spanEnd;
        case PositionKind::TimeNs:
            return std::min(position.value, run->spanEnd);
        case PositionKind::Event:
            return run->steps.empty() ? 0 : run->steps[index(position.value, run->steps.size())];
        case PositionKind::Launch:
            return run->launches.empty()
                       ? 0
                       : run->launches[index(position.value, run->launches.size())].start;
        case PositionKind::Step: {
            // The step of the selected block, else of the first block that traced steps.
            BlockRef ref = model->selected();
            WarpStepTable table = ref.valid() ? WarpStepTable::build(*run, ref) : WarpStepTable{};
            for (int l = 0; !table.traced() && l < int(run->run->launches.size()); ++l) {
                const StepRecords& steps = run->run->launches[std::size_t(l)].steps;
                if (steps.size() == 0) continue;
                const BlockRef first = run->refOfBlock(l, steps.block.front());
                if (first.valid()) table = WarpStepTable::build(*run, first);
            }
            if (table.traced()) return table.stepTime[index(position.value, table.stepTime.size())];
            // Runs without reduction steps (a matrix product's k-phases, a
            // work queue's items) step through the playback bar's events.
            if (!run->steps.empty()) return run->steps[index(position.value, run->steps.size())];
            return run->spanEnd;
        }
    }
    return run->spanEnd;
}

void LessonController::applyBeat() {
    if (!m_lesson) return;
    const lesson::Slide& s = m_lesson->slides[std::size_t(m_slide)];
    const lesson::Beat beat = lesson::beatAt(s, m_fragment);
    m_stage->setHeading(m_slide + 1, slideCount(), qs(s.title), headingBadge());
    showCaption();
    const int steps = std::max<int>(1, int(s.fragments.size()) + 1);
    m_stage->setProgress((m_slide + double(m_fragment + 1) / steps) / slideCount());
    PlaybackModel* model = m_window->model();
    model->pause();
    // The highlight first: a step position is the highlighted block's step.
    Highlight h = beat.highlight ? toHighlight(*beat.highlight) : Highlight{};
    model->setHighlight(h);
    if (h.block >= 0 && model->prepared()) {
        const BlockRef ref =
            model->prepared()->refOfBlock(std::max(0, h.launch), std::uint32_t(h.block));
        if (ref.valid()) model->setSelected(ref);
    }
    if (m_animation) m_animation->stop();
    if (beat.animate) {
        auto* a = new QVariantAnimation(this);
        a->setStartValue(timeOf(beat.animate->from));
        a->setEndValue(timeOf(beat.animate->to));
        a->setDuration(int(beat.animate->seconds * 1000));
        connect(a, &QVariantAnimation::valueChanged, model,
                [model](const QVariant& v) { model->setTime(v.toDouble()); });
        m_animation = a;
        model->setTime(a->startValue().toDouble());
        a->start(QAbstractAnimation::DeleteWhenStopped);
    } else {
        model->setTime(timeOf(beat.at.value_or(lesson::Position{lesson::PositionKind::End, 0})));
    }
    if (m_pair) m_pair->follow();
}

QString LessonController::headingBadge() const {
    QStringList parts;
    if (!m_badge.isEmpty()) parts << m_badge;
    const Run* run = m_slidesRunShown ? m_window->model()->run() : nullptr;
    // A result that failed its check says so on the slide itself: the run
    // panel, where the verdict stands, is hidden in presentation mode.
    if (run && run->verification.checked && !run->verification.passed)
        parts << tr("✘ GPU result not verified");
    // Which GPU measured what the slide shows: a lesson recorded elsewhere
    // tells its audience so.
    auto gpu = [](const Run* r) {
        return r ? qs(lesson::shortGpuName(r->device.name)) : QString();
    };
    QStringList gpus;
    for (const Run* r : {run, m_pair ? m_pair->rightRun() : nullptr})
        if (const QString g = gpu(r); !g.isEmpty() && !gpus.contains(g)) gpus << g;
    if (!gpus.isEmpty()) parts << tr("measured on %1").arg(gpus.join(QStringLiteral(" and ")));
    return parts.join(QStringLiteral(" · "));
}

RunPair* LessonController::comparison() const { return m_pair; }

void LessonController::finishAnimation() {
    if (!m_animation) return;
    const double end = m_animation->endValue().toDouble();
    m_animation->stop();  // deletes it
    m_window->model()->setTime(end);
    if (m_pair) m_pair->follow();
}

QString LessonController::markedText(const std::string& text, bool namingRuns) const {
    const lesson::NarrationRuns runs = narrationRuns();
    const lesson::MarkedNarration marked = lesson::resolveNarrationMarked(text, runs);
    QString out = qs(marked.text);
    QStringList notes;
    for (const std::string& note : lesson::otherGpuNotes(marked, runs, namingRuns))
        notes << qs(note);
    if (notes.isEmpty()) return out;
    // At the end of the last paragraph, in italics: a line of its own took
    // a line's height from views already short on a projector.
    while (out.endsWith(QLatin1Char('\n')) || out.endsWith(QLatin1Char(' '))) out.chop(1);
    return out + QStringLiteral(" *") + notes.join(QStringLiteral("; ")) + QLatin1Char('*');
}

void LessonController::showCaption() {
    const lesson::Beat beat = lesson::beatAt(m_lesson->slides[std::size_t(m_slide)], m_fragment);
    // A figure of a run measured on another GPU is marked, and the mark
    // explained, on the audience's slide itself.
    m_stage->setCaption(markedText(beat.narration, false));
    emit figuresChanged();
}

void LessonController::loadNamedRuns() {
    const int generation = ++m_namedGeneration;
    m_named.clear();
    m_namedFiles.clear();
    m_namedProblems.clear();
    m_namedPending = 0;
    const lesson::Slide& s = m_lesson->slides[std::size_t(m_slide)];
    for (const auto& [name, choice] : s.figuresFrom) {
        lesson::RunChoice recorded = choice;
        recorded.live = false;  // figures in a caption come from a recording
        const Request r = resolve(recorded);
        if (!r.problem.isEmpty() || r.file.isEmpty()) {
            m_namedProblems << tr("figures_from '%1': %2")
                                   .arg(qs(name), r.problem.isEmpty() ? tr("no trace") : r.problem);
            continue;
        }
        ++m_namedPending;
        m_namedFiles[name] = r.file;
        const std::string path = r.file.toStdString();
        runInBackground<Result<Run>>(
            this, [path] { return loadTrace(path); },
            [this, generation, name = name](Result<Run> loaded) {
                if (generation != m_namedGeneration) return;  // the slide was left
                --m_namedPending;
                if (loaded)
                    m_named[name] = std::make_shared<const Run>(std::move(*loaded));
                else
                    m_namedProblems
                        << tr("figures_from '%1': %2").arg(qs(name), qs(loaded.error()));
                if (m_lesson) showCaption();
                if (m_namedPending == 0 && m_settleWhenLoaded) {
                    m_settleWhenLoaded = false;
                    settle();
                }
            });
    }
}

void LessonController::settle() {
    if ((m_pair && m_pair->loading()) || m_namedPending > 0) {
        m_settleWhenLoaded = true;  // the compared or a named run is still being read
        return;
    }
    m_settled = true;
    emit slideShown();
}

std::pair<std::string, ParamValues> LessonController::runOf(const Request& other) const {
    if (!other.experiment.isEmpty()) return {other.experiment.toStdString(), other.params};
    const QString path = QFileInfo(other.file).absoluteFilePath();
    for (const BundledTrace& t : m_window->source()->bundled().all())
        if (QFileInfo(t.file).absoluteFilePath() == path)
            return {t.experiment.toStdString(), t.params};
    return {};
}

QString LessonController::sideLabel(const std::string& experiment, const ParamValues& params,
                                    const ParamValues& otherParams) {
    // The variant when the two differ in it ("sequential"); else the settings
    // that tell them apart ("grid = 64"), so that two panels of one
    // experiment do not carry the same title.
    const auto v = params.find("variant");
    const auto ov = otherParams.find("variant");
    if (v != params.end() && (ov == otherParams.end() || ov->second != v->second))
        return qs(v->second);
    QStringList differing;
    for (const auto& [name, value] : params) {
        const auto o = otherParams.find(name);
        if (o == otherParams.end() || o->second != value)
            differing << QStringLiteral("%1 = %2").arg(qs(name), qs(value));
    }
    if (!differing.isEmpty()) return differing.join(QStringLiteral(", "));
    return qs(v != params.end() ? v->second : experiment);
}

lesson::NarrationRuns LessonController::narrationRuns() const {
    lesson::NarrationRuns runs{m_slidesRunShown ? m_window->model()->run() : nullptr,
                               m_pair ? m_pair->rightRun() : nullptr,
                               {}};
    for (const auto& [name, run] : m_named) runs.named[name] = run.get();
    return runs;
}

QString LessonController::resolvedNotes() const {
    if (!m_lesson) return {};
    return markedText(m_lesson->slides[std::size_t(m_slide)].notes, true);
}

QStringList LessonController::brokenExpectations() const {
    QStringList lines;
    if (!m_lesson) return lines;
    for (const lesson::ExpectationVerdict& v :
         lesson::judgeExpectations(m_lesson->slides[std::size_t(m_slide)], narrationRuns())) {
        if (!v.held)
            lines << tr("not judged yet: %1 (%2)").arg(qs(v.text), qs(v.why));
        else if (!*v.held)
            lines << tr("these runs break '%1': %2").arg(qs(v.text), qs(v.values));
    }
    return lines;
}

void LessonController::showProblem(const QString& message) {
    m_stageProblem = message;
    m_stage->setProblem(message);
}

QStringList LessonController::checkSlide() const {
    QStringList problems;
    if (!m_lesson) return problems;
    const lesson::Slide& s = m_lesson->slides[std::size_t(m_slide)];
    const QString place = qs(lesson::slidePlace(*m_lesson, m_slide));
    if (!m_stageProblem.isEmpty()) problems << place + QStringLiteral(": ") + m_stageProblem;
    for (const QString& p : m_namedProblems) problems << place + QStringLiteral(", field ") + p;
    for (const lesson::FieldProblem& p : lesson::figureProblems(s, narrationRuns()))
        problems << place + QStringLiteral(", field '%1': ").arg(qs(p.field)) + qs(p.message);
    for (const QString& broken : brokenExpectations())
        problems << place + QStringLiteral(", field 'expect': ") + broken;
    return problems;
}

QStringList LessonController::narrationLines() const {
    QStringList lines;
    if (!m_lesson) return lines;
    const lesson::Slide& s = m_lesson->slides[std::size_t(m_slide)];
    const lesson::NarrationRuns runs = narrationRuns();
    auto add = [&](const std::string& text) {
        if (text.empty()) return;
        const lesson::MarkedNarration marked = lesson::resolveNarrationMarked(text, runs);
        lines << qs(lesson::plainText(marked.text));
        for (const std::string& note : lesson::otherGpuNotes(marked, runs)) lines << qs(note);
    };
    add(s.opening.narration);
    for (const lesson::Beat& f : s.fragments) add(f.narration);
    return lines;
}

QString LessonController::place() const {
    return m_lesson ? qs(lesson::slidePlace(*m_lesson, m_slide)) : QString();
}

QStringList LessonController::runsFromElsewhere() const {
    QStringList lines;
    if (!m_lesson) return lines;
    const Run* own = m_slidesRunShown ? m_window->model()->run() : nullptr;
    std::vector<lesson::RunOrigin> origins;
    if (own) origins.push_back({"its run", m_runFile.toStdString(), own});
    if (m_pair && m_pair->rightRun())
        origins.push_back({"compare", m_compareFile.toStdString(), m_pair->rightRun()});
    for (const auto& [name, run] : m_named) {
        const auto file = m_namedFiles.find(name);
        origins.push_back({"figures_from '" + name + "'",
                           file == m_namedFiles.end() ? std::string() : file->second.toStdString(),
                           run.get()});
    }
    for (const std::string& line :
         lesson::runsFromElsewhere(origins, own, m_tracesDir.toStdString()))
        lines << qs(line);
    return lines;
}

}  // namespace ws
