#include "core/lesson/lesson_parse.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/catalog/catalog.h"
#include "core/common/yaml_nesting_guard.h"
#include "core/kernelfile/kernel_description.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/kernelfile/kernel_file_text.h"
#include "core/lesson/narration.h"

namespace ws::lesson {

namespace {

std::string quoted(const std::string& s) {
    constexpr std::size_t kShown = 60;
    return "'" + (s.size() > kShown ? s.substr(0, kShown) + "…" : s) + "'";
}

// What the file holds at `node`, for "found ..." in messages.
std::string describe(const YAML::Node& node) {
    if (!node.IsDefined() || node.IsNull()) return "nothing";
    if (node.IsScalar()) return quoted(node.Scalar());
    if (node.IsSequence()) return "a list of " + std::to_string(node.size());
    return "a map";
}

std::string lineOf(const YAML::Node& node) {
    const YAML::Mark mark = node.Mark();
    return mark.line >= 0 ? " (line " + std::to_string(mark.line + 1) + ")" : "";
}

// Reads one lesson, keeping where it is for messages.
class Parser {
public:
    explicit Parser(std::string file) : m_file(std::move(file)) {}

    Result<Lesson> lesson(const YAML::Node& root) {
        Lesson out;
        out.file = m_file;
        if (!root.IsMap())
            return makeError(m_file + ": a lesson is a map with 'title' and 'slides'; found " +
                             describe(root) + lineOf(root));
        if (Status s = onlyKnown(root, {"title", "summary", "slides"}); !s)
            return makeError(s.error());
        auto title = text(root, "title", true);
        if (!title) return makeError(title.error());
        out.title = *title;
        auto summary = text(root, "summary", false);
        if (!summary) return makeError(summary.error());
        out.summary = *summary;
        const YAML::Node slides = root["slides"];
        if (!slides.IsDefined() || !slides.IsSequence() || slides.size() == 0)
            return fieldError(root, "slides", "expected a list of slides, at least one", slides);
        for (std::size_t i = 0; i < slides.size(); ++i) {
            m_slide = int(i);
            m_title.clear();
            auto slide = readSlide(slides[i]);
            if (!slide) return makeError(slide.error());
            out.slides.push_back(std::move(*slide));
        }
        if (out.slides.front().run.empty()) {
            m_slide = 0;
            m_title = out.slides.front().title;
            return fieldError(
                slides[0], "trace",
                "the first slide must name a run: give 'trace', 'experiment' or 'kernel'",
                slides[0]["trace"]);
        }
        return out;
    }

private:
    std::string place() const {
        if (m_slide < 0) return m_file;
        std::string p = m_file + ": slide " + std::to_string(m_slide + 1);
        if (!m_title.empty()) p += " (" + m_title + ")";
        if (m_fragment >= 0) p += ", fragment " + std::to_string(m_fragment + 1);
        return p;
    }

    Error fieldError(const YAML::Node& at, const std::string& field, const std::string& problem,
                     const YAML::Node& found) const {
        const YAML::Node& where = found.IsDefined() ? found : at;
        return makeError(place() + ", field '" + field + "': " + problem + "; found " +
                         describe(found) + lineOf(where));
    }

    Status onlyKnown(const YAML::Node& map, std::initializer_list<const char*> known) const {
        const std::set<std::string> names(known.begin(), known.end());
        for (const auto& entry : map) {
            const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : "";
            if (!names.count(key)) {
                std::string list;
                for (const char* k : known) list += (list.empty() ? "" : ", ") + std::string(k);
                return makeError(place() + ": unknown field " + describe(entry.first) +
                                 lineOf(entry.first) + "; the fields here are " + list);
            }
        }
        return {};
    }

    Result<std::string> text(const YAML::Node& map, const char* field, bool required) const {
        const YAML::Node node = map[field];
        if (!node.IsDefined() || node.IsNull()) {
            if (!required) return std::string();
            return makeError(place() + ": the field '" + field + "' is missing" + lineOf(map));
        }
        if (!node.IsScalar()) return fieldError(map, field, "expected text", node);
        return node.Scalar();
    }

    Result<double> number(const YAML::Node& map, const std::string& field, const YAML::Node& node,
                          double min, double max, bool integer) const {
        double value = 0;
        bool ok = node.IsScalar();
        if (ok) {
            try {
                value = node.as<double>();
            } catch (const YAML::Exception&) {
                ok = false;
            }
        }
        if (!ok || !std::isfinite(value))
            return fieldError(map, field, integer ? "expected a whole number" : "expected a number",
                              node);
        if (integer && value != std::floor(value))
            return fieldError(map, field, "expected a whole number", node);
        if (value < min || value > max) {
            std::ostringstream range;
            range << "expected a number from " << min << " to " << max;
            return fieldError(map, field, range.str(), node);
        }
        return value;
    }

    Result<bool> flag(const YAML::Node& map, const char* field) const {
        const YAML::Node node = map[field];
        if (!node.IsDefined() || node.IsNull()) return false;
        if (node.IsScalar()) {
            const std::string& s = node.Scalar();
            if (s == "true" || s == "yes" || s == "on") return true;
            if (s == "false" || s == "no" || s == "off") return false;
        }
        return fieldError(map, field, "expected true or false", node);
    }

    Result<Position> position(const YAML::Node& map, const std::string& field,
                              const YAML::Node& node) const {
        if (node.IsScalar()) {
            if (node.Scalar() == "start") return Position{PositionKind::Start, 0};
            if (node.Scalar() == "end") return Position{PositionKind::End, 0};
        }
        const char* expected =
            "expected start, end, or a map with one of event, time_ns, time_us, step, launch";
        if (!node.IsMap() || node.size() != 1) return fieldError(map, field, expected, node);
        const auto entry = *node.begin();
        const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : "";
        static const std::pair<const char*, PositionKind> kinds[] = {
            {"event", PositionKind::Event},
            {"time_ns", PositionKind::TimeNs},
            {"time_us", PositionKind::TimeNs},
            {"step", PositionKind::Step},
            {"launch", PositionKind::Launch}};
        for (const auto& [name, kind] : kinds) {
            if (key != name) continue;
            const bool integer = kind != PositionKind::TimeNs;
            auto v = number(node, field + "." + key, entry.second, 0, 1e15, integer);
            if (!v) return makeError(v.error());
            return Position{kind, key == "time_us" ? *v * 1000 : *v};
        }
        return fieldError(map, field, expected, node);
    }

    Result<Animation> animation(const YAML::Node& map, const YAML::Node& node) const {
        if (!node.IsMap())
            return fieldError(map, "animate", "expected a map with from, to and seconds", node);
        if (Status s = onlyKnown(node, {"from", "to", "seconds"}); !s) return makeError(s.error());
        Animation a{{PositionKind::Start, 0}, {PositionKind::End, 0}, 4};
        if (node["from"].IsDefined()) {
            auto p = position(node, "animate.from", node["from"]);
            if (!p) return makeError(p.error());
            a.from = *p;
        }
        if (node["to"].IsDefined()) {
            auto p = position(node, "animate.to", node["to"]);
            if (!p) return makeError(p.error());
            a.to = *p;
        }
        if (node["seconds"].IsDefined()) {
            auto s = number(node, "animate.seconds", node["seconds"], 0.1, 600, false);
            if (!s) return makeError(s.error());
            a.seconds = *s;
        }
        return a;
    }

    Result<Highlight> highlight(const YAML::Node& map, const YAML::Node& node) const {
        if (!node.IsMap())
            return fieldError(map, "highlight",
                              "expected a map of block, warp, lane, bank, tile, step, launch, "
                              "item, access, line",
                              node);
        if (Status s = onlyKnown(node, {"launch", "block", "warp", "lane", "bank", "tile", "step",
                                        "item", "access", "line"});
            !s)
            return makeError(s.error());
        Highlight h;
        auto whole = [&](const char* key, double max) -> Result<std::optional<long long>> {
            const YAML::Node v = node[key];
            if (!v.IsDefined()) return std::optional<long long>();
            auto n = number(node, std::string("highlight.") + key, v, 0, max, true);
            if (!n) return makeError(n.error());
            return std::optional<long long>((long long)*n);
        };
        constexpr double kMany = 1e12;
        struct Small {
            const char* key;
            std::optional<int>* into;
            double max;
        };
        for (const Small& f : {Small{"launch", &h.launch, 1e6}, Small{"warp", &h.warp, 1e6},
                               Small{"lane", &h.lane, kWarpSize - 1}, Small{"bank", &h.bank, 31},
                               Small{"step", &h.step, 1e6}, Small{"access", &h.access, 1e6},
                               Small{"line", &h.line, 1e7}}) {
            auto v = whole(f.key, f.max);
            if (!v) return makeError(v.error());
            if (*v) *f.into = int(**v);
        }
        auto block = whole("block", kMany);
        if (!block) return makeError(block.error());
        h.block = *block;
        auto item = whole("item", kMany);
        if (!item) return makeError(item.error());
        h.item = *item;
        if (const YAML::Node tile = node["tile"]; tile.IsDefined()) {
            if (!tile.IsSequence() || tile.size() != 2)
                return fieldError(node, "highlight.tile", "expected [column, row]", tile);
            auto col = number(node, "highlight.tile", tile[0], 0, 1e6, true);
            if (!col) return makeError(col.error());
            auto row = number(node, "highlight.tile", tile[1], 0, 1e6, true);
            if (!row) return makeError(row.error());
            h.tile = std::pair(int(*col), int(*row));
        }
        return h;
    }

    // The fields a slide and a fragment share.
    Result<Beat> beat(const YAML::Node& node) const {
        Beat b;
        if (node["at"].IsDefined()) {
            auto p = position(node, "at", node["at"]);
            if (!p) return makeError(p.error());
            b.at = *p;
        }
        if (node["animate"].IsDefined()) {
            if (b.at)
                return fieldError(node, "animate", "give either 'at' or 'animate', not both",
                                  node["animate"]);
            auto a = animation(node, node["animate"]);
            if (!a) return makeError(a.error());
            b.animate = *a;
        }
        if (node["highlight"].IsDefined()) {
            auto h = highlight(node, node["highlight"]);
            if (!h) return makeError(h.error());
            b.highlight = *h;
        }
        auto narration = text(node, "narration", false);
        if (!narration) return makeError(narration.error());
        b.narration = *narration;
        return b;
    }

    Result<RunChoice> run(const YAML::Node& node, const std::string& prefix) const {
        RunChoice r;
        auto trace = text(node, "trace", false);
        if (!trace) return makeError(trace.error());
        auto experiment = text(node, "experiment", false);
        if (!experiment) return makeError(experiment.error());
        auto kernel = text(node, "kernel", false);
        if (!kernel) return makeError(kernel.error());
        r.trace = *trace;
        r.experiment = *experiment;
        r.kernel = *kernel;
        if (int(!r.trace.empty()) + int(!r.experiment.empty()) + int(!r.kernel.empty()) > 1)
            return fieldError(node, prefix + (r.kernel.empty() ? "experiment" : "kernel"),
                              "give one of 'trace', 'experiment' or 'kernel', not two",
                              node[r.kernel.empty() ? "experiment" : "kernel"]);
        if (!r.kernel.empty() && std::filesystem::path(r.kernel).extension() != ".cu")
            return fieldError(node, prefix + "kernel",
                              "expected a kernel file (.cu) beside the lesson", node["kernel"]);
        if (const YAML::Node params = node["params"]; params.IsDefined()) {
            if (r.experiment.empty() && r.kernel.empty())
                return fieldError(node, prefix + "params",
                                  "parameters belong to an 'experiment' or a 'kernel'", params);
            if (!params.IsMap())
                return fieldError(node, prefix + "params", "expected a map of name: value", params);
            for (const auto& p : params) {
                if (!p.first.IsScalar() || !p.second.IsScalar())
                    return fieldError(params, prefix + "params", "expected name: value", p.second);
                r.params.emplace_back(p.first.Scalar(), p.second.Scalar());
            }
        }
        auto live = flag(node, "live");
        if (!live) return makeError(live.error());
        r.live = *live;
        if (r.live && r.experiment.empty())
            return fieldError(node, prefix + "live",
                              "only an 'experiment' can run live (a kernel file is recorded by "
                              "warpscope-record record-lesson)",
                              node["live"]);
        return r;
    }

    // figures_from: {copy: a-trace.wstrace, next: {experiment: ..., params: ...}}
    Result<std::vector<std::pair<std::string, RunChoice>>> figuresFrom(
        const YAML::Node& node, const YAML::Node& from) const {
        if (!from.IsMap() || from.size() == 0)
            return fieldError(node, "figures_from",
                              "expected a map of name: trace file (or a map with 'trace', "
                              "'experiment' or 'kernel')",
                              from);
        std::vector<std::pair<std::string, RunChoice>> out;
        for (const auto& entry : from) {
            const std::string name = entry.first.IsScalar() ? entry.first.Scalar() : "";
            const std::string field = "figures_from." + name;
            bool plain = !name.empty();
            for (char c : name)
                plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
            if (!plain)
                return fieldError(node, "figures_from", "a run's name has letters, digits and _",
                                  entry.first);
            if (name == "compare" || name == "ratio")
                return fieldError(node, field, "'" + name + "' is taken: it names the compared run",
                                  entry.first);
            RunChoice r;
            if (entry.second.IsScalar()) {
                r.trace = entry.second.Scalar();
            } else if (entry.second.IsMap()) {
                if (Status st =
                        onlyKnown(entry.second, {"trace", "experiment", "kernel", "params"});
                    !st)
                    return makeError(st.error());
                auto c = run(entry.second, field + ".");
                if (!c) return makeError(c.error());
                r = *c;
            }
            if (r.empty())
                return fieldError(node, field,
                                  "name a trace file, or give 'trace', 'experiment' or 'kernel'",
                                  entry.second);
            out.emplace_back(name, std::move(r));
        }
        return out;
    }

    Result<Slide> readSlide(const YAML::Node& node) {
        Slide s;
        s.line = node.Mark().line + 1;
        if (!node.IsMap())
            return makeError(place() + ": expected a map of fields; found " + describe(node) +
                             lineOf(node));
        if (node["title"].IsDefined() && node["title"].IsScalar()) m_title = node["title"].Scalar();
        if (Status st =
                onlyKnown(node, {"title", "trace", "experiment", "kernel", "params", "live",
                                 "compare", "views", "layout", "at", "animate", "highlight",
                                 "narration", "notes", "fragments", "expect", "figures_from"});
            !st)
            return makeError(st.error());
        auto title = text(node, "title", true);
        if (!title) return makeError(title.error());
        s.title = *title;
        auto r = run(node, "");
        if (!r) return makeError(r.error());
        s.run = *r;
        if (const YAML::Node compare = node["compare"]; compare.IsDefined()) {
            if (!compare.IsMap())
                return fieldError(node, "compare",
                                  "expected a map with 'trace', 'experiment' or 'kernel'", compare);
            if (Status st = onlyKnown(compare, {"trace", "experiment", "kernel", "params", "live"});
                !st)
                return makeError(st.error());
            auto c = run(compare, "compare.");
            if (!c) return makeError(c.error());
            if (c->empty())
                return fieldError(node, "compare",
                                  "name the second run: 'trace', 'experiment' or 'kernel'",
                                  compare);
            s.compare = *c;
        }
        if (const YAML::Node from = node["figures_from"]; from.IsDefined()) {
            auto named = figuresFrom(node, from);
            if (!named) return makeError(named.error());
            s.figuresFrom = std::move(*named);
        }
        // Asking a missing node its type throws in yaml-cpp: IsDefined first.
        const YAML::Node views = node["views"];
        if (!views.IsDefined()) {
        } else if (views.IsScalar()) {
            s.views.push_back(views.Scalar());
        } else if (views.IsSequence()) {
            for (const auto& v : views) {
                if (!v.IsScalar()) return fieldError(node, "views", "expected view names", v);
                s.views.push_back(v.Scalar());
            }
        }
        if (s.views.empty() || s.views.size() > 3)
            return fieldError(node, "views",
                              "expected one to three view names (docs/lessons.md lists them)",
                              views);
        if (const YAML::Node layout = node["layout"]; layout.IsDefined()) {
            bool known = false;
            for (Layout l :
                 {Layout::SideBySide, Layout::Stacked, Layout::MainLeft, Layout::MainTop})
                if (layout.IsScalar() && layout.Scalar() == layoutName(l)) {
                    s.layout = l;
                    known = true;
                }
            if (!known)
                return fieldError(node, "layout",
                                  "expected side-by-side, stacked, main-left or main-top", layout);
        }
        auto opening = beat(node);
        if (!opening) return makeError(opening.error());
        s.opening = *opening;
        auto notes = text(node, "notes", false);
        if (!notes) return makeError(notes.error());
        s.notes = *notes;
        if (const YAML::Node fragments = node["fragments"]; fragments.IsDefined()) {
            if (!fragments.IsSequence())
                return fieldError(node, "fragments", "expected a list of fragments", fragments);
            for (std::size_t i = 0; i < fragments.size(); ++i) {
                m_fragment = int(i);
                const YAML::Node f = fragments[i];
                if (!f.IsMap())
                    return makeError(
                        place() + ": expected a map of at, animate, highlight, narration; found " +
                        describe(f) + lineOf(f));
                if (Status st = onlyKnown(f, {"at", "animate", "highlight", "narration"}); !st)
                    return makeError(st.error());
                auto b = beat(f);
                if (!b) return makeError(b.error());
                if (*b == Beat{})
                    return makeError(
                        place() +
                        ": a fragment changes something: give at, animate, highlight or narration" +
                        lineOf(f));
                s.fragments.push_back(std::move(*b));
            }
            m_fragment = -1;
        }
        if (const YAML::Node expect = node["expect"]; expect.IsDefined()) {
            std::vector<YAML::Node> items;
            if (expect.IsScalar()) items.push_back(expect);
            if (expect.IsSequence())
                for (const auto& e : expect) items.push_back(e);
            if (items.empty())
                return fieldError(node, "expect", "expected a comparison or a list of them",
                                  expect);
            for (const YAML::Node& e : items) {
                if (!e.IsScalar())
                    return fieldError(node, "expect",
                                      "expected a comparison such as "
                                      "'{kernel_ms} < {compare.kernel_ms}'",
                                      e);
                if (auto parsed = parseExpectation(e.Scalar()); !parsed)
                    return fieldError(node, "expect", parsed.error(), e);
                s.expect.push_back(e.Scalar());
            }
        }
        if (Status st = checkFigures(node, s); !st) return makeError(st.error());
        return s;
    }

    // Every placeholder is well formed, and names another run only where the
    // slide compares two; whether the runs have the figure is known once
    // they load (checkLesson, the notes window).
    Status checkFigures(const YAML::Node& node, const Slide& s) const {
        auto check = [&](const std::string& field, const std::string& text,
                         const YAML::Node& at) -> Status {
            auto ps = placeholdersIn(text);
            if (!ps) return fieldError(node, field, ps.error(), at);
            for (const Placeholder& p : *ps)
                for (const std::string& run : {p.run, p.overRun}) {
                    if ((run == "compare" || run == "ratio") && s.compare.empty())
                        return fieldError(node, field,
                                          "'" + p.text +
                                              "' names the compared run, and the "
                                              "slide compares none (give 'compare')",
                                          at);
                    const bool named = std::any_of(s.figuresFrom.begin(), s.figuresFrom.end(),
                                                   [&](const auto& f) { return f.first == run; });
                    if (!run.empty() && run != "compare" && run != "ratio" && !named)
                        return fieldError(node, field,
                                          "'" + p.text + "' names the run '" + run +
                                              "', and the slide's figures_from has no such name",
                                          at);
                }
            return {};
        };
        if (Status st = check("narration", s.opening.narration, node["narration"]); !st) return st;
        if (Status st = check("notes", s.notes, node["notes"]); !st) return st;
        for (std::size_t i = 0; i < s.fragments.size(); ++i)
            if (Status st = check("fragments[" + std::to_string(i + 1) + "].narration",
                                  s.fragments[i].narration, node["fragments"][i]["narration"]);
                !st)
                return st;
        for (const std::string& e : s.expect)
            if (Status st = check("expect", e, node["expect"]); !st) return st;
        return {};
    }

    std::string m_file;
    int m_slide = -1;
    int m_fragment = -1;
    std::string m_title;
};

}  // namespace

const char* layoutName(Layout layout) {
    switch (layout) {
        case Layout::SideBySide:
            return "side-by-side";
        case Layout::Stacked:
            return "stacked";
        case Layout::MainLeft:
            return "main-left";
        case Layout::MainTop:
            return "main-top";
    }
    return "side-by-side";
}

const char* positionKindName(PositionKind kind) {
    switch (kind) {
        case PositionKind::Start:
            return "start";
        case PositionKind::End:
            return "end";
        case PositionKind::Event:
            return "event";
        case PositionKind::TimeNs:
            return "time_ns";
        case PositionKind::Step:
            return "step";
        case PositionKind::Launch:
            return "launch";
    }
    return "end";
}

Beat beatAt(const Slide& slide, int fragment) {
    Beat b = slide.opening;
    const int last = std::min<int>(fragment, int(slide.fragments.size()));
    for (int i = 0; i < last; ++i) {
        const Beat& f = slide.fragments[std::size_t(i)];
        // A position and an animation both say where the playback goes: a
        // fragment that names either replaces both.
        if (f.at || f.animate) {
            b.at = f.at;
            b.animate = f.animate;
        }
        if (f.highlight) b.highlight = f.highlight;
        if (!f.narration.empty()) b.narration = f.narration;
    }
    return b;
}

std::string lessonNameOf(const std::string& fileStem) {
    std::size_t digits = 0;
    while (digits < fileStem.size() && std::isdigit(static_cast<unsigned char>(fileStem[digits])))
        ++digits;
    if (digits > 0 && digits + 1 < fileStem.size() && fileStem[digits] == '-')
        return fileStem.substr(digits + 1);
    return fileStem;
}

std::string recordedTraceName(const RunChoice& choice) {
    if (!choice.trace.empty()) return std::filesystem::path(choice.trace).filename().string();
    // File names keep letters, digits, '-' and '.'; anything else becomes '_'.
    auto safe = [](const std::string& text) {
        std::string s;
        for (char c : text)
            s += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.') ? c : '_';
        return s;
    };
    std::string name =
        choice.kernel.empty()
            ? safe(choice.experiment)
            // The path beside the lesson, without .cu: two files of one
            // name in two folders are two runs.
            : "kernel-file__" +
                  safe(std::filesystem::path(choice.kernel).replace_extension().string());
    for (const auto& [param, value] : choice.params) name += "__" + safe(param + "-" + value);
    return name + ".wstrace";
}

const RunChoice* runOf(const Lesson& lesson, int slide) {
    for (int i = std::min<int>(slide, int(lesson.slides.size()) - 1); i >= 0; --i)
        if (!lesson.slides[std::size_t(i)].run.empty()) return &lesson.slides[std::size_t(i)].run;
    return nullptr;
}

std::string slidePlace(const Lesson& lesson, int slide) {
    std::string p = lesson.file + ": slide " + std::to_string(slide + 1);
    if (slide >= 0 && slide < int(lesson.slides.size()) &&
        !lesson.slides[std::size_t(slide)].title.empty())
        p += " (" + lesson.slides[std::size_t(slide)].title + ")";
    return p;
}

Result<Lesson> parseLesson(std::string_view text, const std::string& fileName) {
    if (text.size() > kMaxLessonBytes)
        return makeError(fileName + ": " + std::to_string(text.size()) +
                         " bytes; a lesson file is at most " + std::to_string(kMaxLessonBytes) +
                         " bytes");
    if (Status s = yamlNestingGuard(text, fileName, "a lesson"); !s) return makeError(s.error());
    try {
        const YAML::Node root = YAML::Load(std::string(text));
        return Parser(fileName).lesson(root);
    } catch (const YAML::Exception& e) {
        std::string where;
        if (e.mark.line >= 0)
            where = ": line " + std::to_string(e.mark.line + 1) + ", column " +
                    std::to_string(e.mark.column + 1);
        return makeError(fileName + where + ": not valid YAML (" + e.msg + ")");
    }
}

namespace {

KernelFileText readKernelFile(const std::filesystem::path& path) {
    auto text = kernelfile::readKernelFileText(path);
    if (!text) return {{}, text.error()};
    return {std::move(*text), {}};
}

}  // namespace

Result<Lesson> loadLesson(const std::filesystem::path& path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return makeError(path.string() + ": cannot read the lesson (" + ec.message() + ")");
    if (size > kMaxLessonBytes)
        return makeError(path.string() + ": " + std::to_string(size) +
                         " bytes; a lesson file is at most " + std::to_string(kMaxLessonBytes) +
                         " bytes");
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError(path.string() + ": cannot open the lesson");
    std::ostringstream text;
    text << in.rdbuf();
    auto lesson = parseLesson(text.str(), path.string());
    if (!lesson) return lesson;
    for (const Slide& s : lesson->slides) {
        std::vector<const RunChoice*> choices = {&s.run, &s.compare};
        for (const auto& named : s.figuresFrom) choices.push_back(&named.second);
        for (const RunChoice* c : choices)
            if (!c->kernel.empty() && !lesson->kernelFiles.count(c->kernel))
                lesson->kernelFiles[c->kernel] = readKernelFile(path.parent_path() / c->kernel);
    }
    return lesson;
}

Status checkViews(const Lesson& lesson, const std::vector<std::string>& knownViews) {
    const std::set<std::string> known(knownViews.begin(), knownViews.end());
    for (std::size_t i = 0; i < lesson.slides.size(); ++i)
        for (const std::string& v : lesson.slides[i].views)
            if (!known.count(v)) {
                std::string list;
                for (const auto& k : knownViews) list += (list.empty() ? "" : ", ") + k;
                return makeError(slidePlace(lesson, int(i)) + ", field 'views': unknown view '" +
                                 v + "' (line " + std::to_string(lesson.slides[i].line) +
                                 "); the views are " + list);
            }
    return {};
}

std::string kernelFileProblem(const Lesson& lesson, const RunChoice& choice) {
    const auto read = lesson.kernelFiles.find(choice.kernel);
    if (read == lesson.kernelFiles.end())
        return "the kernel file " + choice.kernel + " was not read (the lesson came as text)";
    if (!read->second.error.empty()) return read->second.error;
    auto description = kernelfile::parseKernelDescription(
        read->second.text, std::filesystem::path(choice.kernel).filename().string());
    if (!description) return description.error();
    std::vector<std::string> assignments;
    for (const auto& [name, value] : choice.params) assignments.push_back(name + "=" + value);
    if (auto resolved = resolveParams(kernelfile::kernelFileSpec(*description), assignments);
        !resolved)
        return choice.kernel + ": " + resolved.error();
    return {};
}

std::vector<SlideProblem> checkExperiments(const Lesson& lesson) {
    std::vector<SlideProblem> problems;
    for (std::size_t i = 0; i < lesson.slides.size(); ++i) {
        const Slide& s = lesson.slides[i];
        std::vector<const RunChoice*> runs = {&s.run, &s.compare};
        for (const auto& named : s.figuresFrom) runs.push_back(&named.second);
        for (const RunChoice* r : runs) {
            if (!r->kernel.empty()) {
                if (std::string problem = kernelFileProblem(lesson, *r); !problem.empty())
                    problems.push_back({int(i), problem});
                continue;
            }
            if (r->experiment.empty()) continue;
            const ExperimentSpec* spec = findExperiment(r->experiment);
            if (!spec) {
                problems.push_back({int(i), "unknown experiment '" + r->experiment + "'"});
                continue;
            }
            std::vector<std::string> assignments;
            for (const auto& [name, value] : r->params) assignments.push_back(name + "=" + value);
            if (auto resolved = resolveParams(*spec, assignments); !resolved)
                problems.push_back({int(i), r->experiment + ": " + resolved.error()});
        }
    }
    return problems;
}

}  // namespace ws::lesson
