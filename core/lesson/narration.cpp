#include "core/lesson/narration.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>

#include "core/lesson/run_figures.h"

namespace ws::lesson {

namespace {

bool nameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string trimmed(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\n");
    if (a == std::string::npos) return {};
    return s.substr(a, s.find_last_not_of(" \t\n") - a + 1);
}

// "[run.]name" into the run's name and the figure's, or what is wrong.
Status runAndName(std::string body, const std::string& whole, std::string& run, std::string& name) {
    if (const auto dot = body.find('.'); dot != std::string::npos) {
        run = body.substr(0, dot);
        body = body.substr(dot + 1);
        if (run.empty()) return makeError("'" + whole + "': no run named before the '.'");
        for (char c : run)
            if (!nameChar(c))
                return makeError("'" + whole +
                                 "': a figure of another run starts with 'compare.', 'ratio.' "
                                 "or a name from the slide's figures_from");
    }
    if (body.empty()) return makeError("'" + whole + "': no figure named");
    for (char c : body)
        if (!nameChar(c))
            return makeError("'" + whole + "': a figure's name has letters, digits and _");
    name = body;
    return {};
}

Result<Placeholder> parseOne(const std::string& inner, const std::string& whole) {
    Placeholder p;
    p.text = whole;
    std::string body = inner;
    if (const auto colon = body.find(':'); colon != std::string::npos) {
        const std::string digits = body.substr(colon + 1);
        body = body.substr(0, colon);
        if (digits == "%") {
            p.percent = true;
        } else if (digits.empty() || digits.size() > 1 ||
                   !std::isdigit(static_cast<unsigned char>(digits[0]))) {
            return makeError("'" + whole + "': after ':' give the decimals, 0 to 9, or %");
        } else {
            p.decimals = digits[0] - '0';
        }
    }
    if (const auto slash = body.find('/'); slash != std::string::npos) {
        p.divided = true;
        if (Status st = runAndName(trimmed(body.substr(slash + 1)), whole, p.overRun, p.overName);
            !st)
            return makeError(st.error());
        body = body.substr(0, slash);
    } else if (p.percent) {
        return makeError("'" + whole + "': ':%' belongs to a quotient such as {a / b.a:%}");
    }
    if (Status st = runAndName(trimmed(body), whole, p.run, p.name); !st)
        return makeError(st.error());
    if (p.divided && p.run == "ratio")
        return makeError("'" + whole + "': a quotient names two figures, not 'ratio.'");
    return p;
}

struct Piece {
    std::string literal;  // text before the placeholder
    std::optional<Placeholder> hole;
};

Result<std::vector<Piece>> pieces(const std::string& text) {
    std::vector<Piece> out;
    std::string literal;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '{' && i + 1 < text.size() && text[i + 1] == '{') {
            literal += '{';
            ++i;
        } else if (c == '}' && i + 1 < text.size() && text[i + 1] == '}') {
            literal += '}';
            ++i;
        } else if (c == '{') {
            const auto end = text.find('}', i);
            if (end == std::string::npos)
                return makeError("a '{' is never closed (write '{{' for a brace)");
            const std::string whole = text.substr(i, end - i + 1);
            auto p = parseOne(text.substr(i + 1, end - i - 1), whole);
            if (!p) return makeError(p.error());
            out.push_back({std::move(literal), *p});
            literal.clear();
            i = end;
        } else if (c == '}') {
            return makeError("a '}' closes nothing (write '}}' for a brace)");
        } else {
            literal += c;
        }
    }
    out.push_back({std::move(literal), std::nullopt});
    return out;
}

// Each run's figures, computed once for a whole text or expectation: some
// walk every block record (waves, blocks per SM, block 0's steps), and a
// caption names several.
class FigureTables {
public:
    explicit FigureTables(const NarrationRuns& runs) : m_runs(runs) {}
    const NarrationRuns& runs() const { return m_runs; }
    const std::map<std::string, RunFigure>& of(const Run* run) {
        auto& table = m_tables[run];
        if (!table) table = runFigures(*run);
        return *table;
    }

private:
    const NarrationRuns& m_runs;
    std::map<const Run*, std::optional<std::map<std::string, RunFigure>>> m_tables;
};

// The run a placeholder's prefix names, or why there is none.
Result<const Run*> runNamed(const Placeholder& p, const NarrationRuns& runs) {
    if (p.run.empty()) {
        if (!runs.run) return makeError("'" + p.text + "': the slide's run is not loaded");
        return runs.run;
    }
    if (p.run == "compare" || p.run == "ratio") {
        if (!runs.compare) return makeError("'" + p.text + "': the slide compares no second run");
        return runs.compare;
    }
    const auto it = runs.named.find(p.run);
    if (it == runs.named.end() || !it->second)
        return makeError("'" + p.text + "': the run '" + p.run + "' is not loaded");
    return it->second;
}

Result<RunFigure> plainFigureOf(const Placeholder& p, FigureTables& tables);

Result<RunFigure> figureOf(const Placeholder& p, FigureTables& tables) {
    if (!p.divided) return plainFigureOf(p, tables);
    Placeholder top = p, bottom = p;
    top.divided = bottom.divided = false;
    bottom.run = p.overRun;
    bottom.name = p.overName;
    auto a = plainFigureOf(top, tables);
    if (!a) return makeError(a.error());
    auto b = plainFigureOf(bottom, tables);
    if (!b) return makeError(b.error());
    if (b->value == 0) return makeError("'" + p.text + "': the figure below the '/' is 0");
    const double q = a->value / b->value;
    return p.percent ? RunFigure{q * 100, "%"} : RunFigure{q, "×"};
}

Result<RunFigure> plainFigureOf(const Placeholder& p, FigureTables& tables) {
    const NarrationRuns& runs = tables.runs();
    auto named = runNamed(p, runs);
    if (!named) return makeError(named.error());
    const Run* run = *named;
    const auto& figures = tables.of(run);
    const auto it = figures.find(p.name);
    if (it == figures.end())
        return makeError("'" + p.text + "': the " + run->experiment + " run has no figure '" +
                         p.name + "'");
    if (p.run != "ratio") return it->second;
    if (!runs.run) return makeError("'" + p.text + "': the slide's run is not loaded");
    const auto& base = tables.of(runs.run);
    const auto b = base.find(p.name);
    if (b == base.end() || b->second.value == 0)
        return makeError("'" + p.text + "': the slide's run has no figure '" + p.name +
                         "' to divide by");
    return RunFigure{it->second.value / b->second.value, "×"};
}

// The runs a placeholder's figure comes from, by the name the text gives
// each: a ratio and a quotient come from two.
std::vector<std::pair<std::string, const Run*>> runsUsed(const Placeholder& p,
                                                         const NarrationRuns& runs) {
    std::vector<std::pair<std::string, const Run*>> out;
    auto add = [&](const std::string& prefix) {
        Placeholder q;
        q.run = prefix;
        if (auto r = runNamed(q, runs)) out.push_back({prefix == "ratio" ? "compare" : prefix, *r});
    };
    add(p.run);
    if (p.run == "ratio") add("");
    if (p.divided) add(p.overRun);
    return out;
}

std::string markOf(std::size_t index) {
    static const char* const kMarks[] = {"†", "‡", "§", "¶"};
    std::string mark;
    for (std::size_t i = 0; i <= index / 4; ++i) mark += kMarks[index % 4];
    return mark;
}

// The marks of the other GPUs a placeholder's runs were measured on,
// registering each GPU (and the run) the first time it is seen.
std::string marksFor(const Placeholder& p, const NarrationRuns& runs,
                     std::vector<OtherGpu>& others) {
    if (!runs.run || runs.run->device.name.empty()) return {};
    std::string marks;
    for (const auto& [name, run] : runsUsed(p, runs)) {
        const std::string& gpu = run->device.name;
        if (gpu.empty() || gpu == runs.run->device.name) continue;
        auto it = std::find_if(others.begin(), others.end(),
                               [&](const OtherGpu& o) { return o.gpu == gpu; });
        if (it == others.end())
            it = others.insert(others.end(), OtherGpu{markOf(others.size()), gpu, {}});
        if (std::find(it->runs.begin(), it->runs.end(), name) == it->runs.end())
            it->runs.push_back(name);
        if (marks.find(it->mark) == std::string::npos) marks += it->mark;
    }
    return marks;
}

Result<std::string> resolve(const std::string& text, const NarrationRuns& runs, bool ellipsis,
                            std::vector<OtherGpu>* others = nullptr) {
    auto parts = pieces(text);
    if (!parts) return makeError(parts.error());
    FigureTables tables(runs);
    std::string out;
    for (const Piece& piece : *parts) {
        out += piece.literal;
        if (!piece.hole) continue;
        auto f = figureOf(*piece.hole, tables);
        if (!f) {
            if (!ellipsis) return makeError(f.error());
            out += "…";
            continue;
        }
        const Placeholder& h = *piece.hole;
        std::optional<int> decimals = h.decimals;
        // Percentages as the views print them: "8.6 %", "45 %".
        if (!decimals && h.percent) decimals = std::fabs(f->value) < 10 ? 1 : 0;
        // A ratio keeps three significant digits like any figure: 8.56 µs
        // against 663 µs is 0.0129×, which two decimals printed as 0.01×.
        out += formatFigure(*f, decimals);
        if (others) out += marksFor(h, runs, *others);
    }
    return out;
}

Result<double> sideValue(const std::string& side, FigureTables& tables) {
    if (!side.empty() && side.front() == '{') {
        auto ps = placeholdersIn(side);
        if (!ps) return makeError(ps.error());
        if (ps->size() != 1) return makeError("'" + side + "': one figure per side");
        auto f = figureOf(ps->front(), tables);
        if (!f) return makeError(f.error());
        return f->value;
    }
    char* end = nullptr;
    const double v = std::strtod(side.c_str(), &end);
    if (side.empty() || *end != '\0')
        return makeError("'" + side + "' is neither a figure nor a number");
    return v;
}

}  // namespace

Result<std::vector<Placeholder>> placeholdersIn(const std::string& text) {
    auto parts = pieces(text);
    if (!parts) return makeError(parts.error());
    std::vector<Placeholder> out;
    for (const Piece& p : *parts)
        if (p.hole) out.push_back(*p.hole);
    return out;
}

Result<std::string> resolveNarration(const std::string& text, const NarrationRuns& runs) {
    return resolve(text, runs, false);
}

std::string resolveNarrationOrEllipsis(const std::string& text, const NarrationRuns& runs) {
    auto r = resolve(text, runs, true);
    return r ? *r : text;
}

MarkedNarration resolveNarrationMarked(const std::string& text, const NarrationRuns& runs) {
    MarkedNarration marked;
    auto r = resolve(text, runs, true, &marked.otherGpus);
    marked.text = r ? *r : text;
    if (!r) marked.otherGpus.clear();
    return marked;
}

std::vector<std::string> otherGpuNotes(const MarkedNarration& marked, const NarrationRuns& runs,
                                       bool namingRuns) {
    std::vector<std::string> notes;
    if (!runs.run) return notes;
    for (const OtherGpu& o : marked.otherGpus) {
        std::string named;
        for (const std::string& run : o.runs) named += (named.empty() ? "" : ", ") + run;
        notes.push_back(o.mark + " " + (namingRuns ? named + " " : "") + "measured on " +
                        shortGpuName(o.gpu) + ", not on this slide's " +
                        shortGpuName(runs.run->device.name));
    }
    return notes;
}

std::string shortGpuName(const std::string& device) {
    const std::string vendor = "NVIDIA ";
    return device.rfind(vendor, 0) == 0 ? device.substr(vendor.size()) : device;
}

Result<Expectation> parseExpectation(const std::string& text) {
    for (const char* op : {"<=", ">=", "<", ">"}) {
        const auto at = text.find(op);
        if (at == std::string::npos) continue;
        Expectation e{text, trimmed(text.substr(0, at)), op,
                      trimmed(text.substr(at + std::string(op).size()))};
        if (e.left.empty() || e.right.empty())
            return makeError("'" + text + "': a figure or a number on each side of " + op);
        for (const std::string& side : {e.left, e.right}) {
            if (side.front() != '{') continue;
            auto ps = placeholdersIn(side);
            if (!ps) return makeError(ps.error());
            if (ps->size() != 1 || side.back() != '}')
                return makeError("'" + text + "': one figure per side");
        }
        return e;
    }
    return makeError("'" + text + "': expected two figures compared by <, <=, > or >=");
}

Result<bool> expectationHolds(const Expectation& e, const NarrationRuns& runs) {
    FigureTables tables(runs);
    auto l = sideValue(e.left, tables);
    if (!l) return makeError(l.error());
    auto r = sideValue(e.right, tables);
    if (!r) return makeError(r.error());
    if (e.op == "<") return *l < *r;
    if (e.op == "<=") return *l <= *r;
    if (e.op == ">") return *l > *r;
    return *l >= *r;
}

std::string plainText(const std::string& markdown) {
    std::string out;
    for (std::size_t i = 0; i < markdown.size(); ++i) {
        if (markdown[i] == '`') continue;
        if (markdown.compare(i, 2, "**") == 0) {
            ++i;
            continue;
        }
        out += markdown[i];
    }
    return out;
}

}  // namespace ws::lesson
