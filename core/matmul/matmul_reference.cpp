#include "core/matmul/matmul_reference.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <queue>

#include "core/common/digit_groups.h"
#include "core/common/parallel_for.h"

namespace ws {

namespace {

// splitmix64: a cheap, well-mixed hash of (seed, matrix, index).
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", v);
    return text;
}

}  // namespace

float matmulInputElement(std::uint64_t seed, MatmulOperand m, std::uint64_t index) {
    const std::uint64_t h = mix(mix(seed * 2 + std::uint64_t(m)) ^ index);
    const int quarters = 1 + int(h & 7);  // 1 .. 8: 0.25 .. 2
    return (h >> 3 & 1) ? -0.25f * float(quarters) : 0.25f * float(quarters);
}

std::vector<float> makeMatmulInput(std::uint32_t n, std::uint64_t seed, MatmulOperand m) {
    std::vector<float> out(std::size_t(n) * n);
    parallelFor(
        out.size(),
        [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) out[i] = matmulInputElement(seed, m, i);
        },
        0, 1 << 16);
    return out;
}

MatmulTolerance matmulTolerance(std::uint32_t n) {
    MatmulTolerance t;
    const double largestSum = 4.0 * double(n);  // n products of at most 2 x 2
    t.exact = largestSum <= double(1 << 20);
    if (t.exact) {
        t.note =
            "exact: inputs are +-k/4 (k = 1..8), so each product is a multiple of 1/16 of "
            "at most 4 and every partial sum of the " +
            std::to_string(n) + " products a multiple of 1/16 of at most " + number(largestSum) +
            " < 2^20, which floats hold exactly in any order of summation: the result "
            "must equal the double reference bit for bit, and one dropped or repeated "
            "product (at least 1/16) shows. (With general inputs the rounding bound "
            "gamma_n * sum|a||b|, gamma_n = n 2^-24 / (1 - n 2^-24), would be " +
            number(double(n) * 0x1p-24 / (1 - double(n) * 0x1p-24) * largestSum) + " here.)";
        return t;
    }
    const double u = 0x1p-24;
    const double gamma = double(n) * u / (1 - double(n) * u);
    t.bound = gamma * largestSum;
    t.note = "rounding bound gamma_n * sum|a||b| <= " + number(t.bound) +
             " with gamma_n = n u / (1 - n u), u = 2^-24, n = " + std::to_string(n) +
             " (Higham, Accuracy and Stability, eq. 3.5)";
    return t;
}

std::vector<std::uint32_t> matmulEdgeIndices(std::uint32_t n) {
    std::vector<std::uint32_t> e;
    if (n == 0) return e;
    e.push_back(0);
    e.push_back(n - 1);
    for (std::uint32_t tile = 8; tile <= 256; tile *= 2) {
        if (n <= tile) continue;
        const std::uint32_t last = (n - 1) / tile * tile;  // first index of the last tile
        e.push_back(last);
        e.push_back(last - 1);
    }
    std::sort(e.begin(), e.end());
    e.erase(std::unique(e.begin(), e.end()), e.end());
    return e;
}

MatmulSample matmulSample(std::uint32_t n, std::uint64_t seed) {
    MatmulSample s;
    s.n = n;
    s.complete = n <= kMatmulCompleteCheckMax;
    if (s.complete) return s;
    const std::vector<std::uint32_t> edges = matmulEdgeIndices(n);
    std::vector<std::uint32_t> randomRows, randomCols;
    for (std::uint64_t i = 0; i < 64; ++i) {
        randomRows.push_back(std::uint32_t(mix(seed ^ (0xa0 + i)) % n));
        randomCols.push_back(std::uint32_t(mix(seed ^ (0xc0 + i)) % n));
    }
    auto& e = s.entries;
    for (std::uint32_t k = 0; k < n; ++k)
        for (std::uint32_t fixed : {0u, n - 1}) {
            e.push_back({fixed, k});
            e.push_back({k, fixed});
        }
    for (std::uint32_t r : edges) {
        for (std::uint32_t c : edges) e.push_back({r, c});
        for (std::uint32_t c : randomCols) e.push_back({r, c});
        for (std::uint32_t q : randomRows) e.push_back({q, r});
    }
    for (std::uint64_t i = 0; i < 4096; ++i)
        e.push_back({std::uint32_t(mix(seed ^ (0x1000 + 2 * i)) % n),
                     randomCols[mix(seed ^ (0x1001 + 2 * i)) % randomCols.size()]});
    std::sort(e.begin(), e.end());
    e.erase(std::unique(e.begin(), e.end()), e.end());
    return s;
}

std::string MatmulSample::describe() const {
    const std::uint64_t all = std::uint64_t(n) * n;
    if (complete) return "every one of the " + groupedDigits(all) + " entries";
    return groupedDigits(size()) + " of " + groupedDigits(all) +
           " entries: rows and columns 0 and n-1 entirely, the edge rows and columns of "
           "every tile size from 8 to 256 against each other and against 64 random columns "
           "and rows, and 4096 random entries";
}

MatmulReference MatmulReference::compute(const std::vector<float>& a, const std::vector<float>& b,
                                         std::uint32_t n, MatmulSample sample) {
    MatmulReference ref;
    ref.m_sample = std::move(sample);
    const std::size_t nn = n;
    // A row of C at once, accumulated along contiguous rows of B.
    auto fullRow = [&](std::uint32_t row, double* out) {
        std::fill(out, out + nn, 0.0);
        for (std::size_t k = 0; k < nn; ++k) {
            const double aik = a[row * nn + k];
            const float* bk = &b[k * nn];
            for (std::size_t j = 0; j < nn; ++j) out[j] += aik * double(bk[j]);
        }
    };
    if (ref.m_sample.complete) {
        ref.m_expected.resize(nn * nn);
        parallelFor(nn, [&](std::size_t begin, std::size_t end) {
            for (std::size_t r = begin; r < end; ++r)
                fullRow(std::uint32_t(r), &ref.m_expected[r * nn]);
        });
        return ref;
    }
    const auto& entries = ref.m_sample.entries;
    ref.m_expected.assign(entries.size(), 0.0);
    // Entries of the fully checked rows come from whole rows; the others from
    // dot products with their column of B gathered once.
    std::map<std::uint32_t, std::vector<std::size_t>> byColumn;
    std::map<std::uint32_t, std::vector<std::size_t>> byFullRow;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        if (e.row == 0 || e.row == n - 1)
            byFullRow[e.row].push_back(i);
        else
            byColumn[e.col].push_back(i);
    }
    std::vector<std::pair<std::uint32_t, const std::vector<std::size_t>*>> tasks;
    for (const auto& [row, list] : byFullRow) tasks.push_back({row, &list});
    const std::size_t rowTasks = tasks.size();
    for (const auto& [col, list] : byColumn) tasks.push_back({col, &list});
    parallelFor(tasks.size(), [&](std::size_t begin, std::size_t end) {
        std::vector<double> scratch(nn);
        for (std::size_t t = begin; t < end; ++t) {
            const auto [index, list] = tasks[t];
            if (t < rowTasks) {
                fullRow(index, scratch.data());
                for (std::size_t i : *list) ref.m_expected[i] = scratch[entries[i].col];
                continue;
            }
            for (std::size_t k = 0; k < nn; ++k) scratch[k] = b[k * nn + index];
            for (std::size_t i : *list) {
                const float* row = &a[entries[i].row * nn];
                double sum = 0;
                for (std::size_t k = 0; k < nn; ++k) sum += double(row[k]) * scratch[k];
                ref.m_expected[i] = sum;
            }
        }
    });
    return ref;
}

MatmulCheck MatmulReference::check(const float* c, double tolerance, double relative) const {
    MatmulCheck out;
    const std::size_t n = m_sample.n;
    const std::size_t count = m_sample.complete ? n * n : m_sample.entries.size();
    auto entry = [&](std::size_t i) {
        return m_sample.complete ? MatmulEntry{std::uint32_t(i / n), std::uint32_t(i % n)}
                                 : m_sample.entries[i];
    };
    out.checked = count;
    // The first wrong entry, and a sample of the others chosen by a hash of
    // their place: scattered like a random sample (a view crosses them all
    // over C, with no pattern of its own), the same from run to run.
    using Scored = std::pair<std::uint64_t, MatmulMismatch>;
    auto later = [](const Scored& x, const Scored& y) { return x.first < y.first; };
    std::priority_queue<Scored, std::vector<Scored>, decltype(later)> sample(later);
    for (std::size_t i = 0; i < count; ++i) {
        const MatmulEntry e = entry(i);
        const float got = c[std::size_t(e.row) * n + e.col];
        const double err = std::fabs(double(got) - m_expected[i]);
        if (!(err <= tolerance + relative * std::fabs(m_expected[i]))) {  // NaN counts as wrong
            const MatmulMismatch m{e.row, e.col, m_expected[i], got};
            if (out.wrong++ == 0) {
                out.mismatches.push_back(m);
            } else {
                sample.push({mix(std::uint64_t(e.row) * n + e.col), m});
                if (sample.size() >= kMatmulMismatchesKept) sample.pop();
            }
        }
        if (!(err <= out.maxAbsError)) out.maxAbsError = std::isnan(err) ? INFINITY : err;
    }
    std::vector<MatmulMismatch> rest;
    for (; !sample.empty(); sample.pop()) rest.push_back(sample.top().second);
    std::sort(rest.begin(), rest.end(), [](const auto& x, const auto& y) {
        return x.row != y.row ? x.row < y.row : x.col < y.col;
    });
    out.mismatches.insert(out.mismatches.end(), rest.begin(), rest.end());
    return out;
}

Verification matmulVerification(const MatmulCheck& check, const MatmulReference& reference,
                                const MatmulTolerance& tolerance) {
    Verification v;
    v.checked = true;
    v.passed = check.wrong == 0 && check.checked > 0;
    v.absError = check.maxAbsError;
    v.tolerance = tolerance.bound;
    const std::string sample = "checked " + reference.sample().describe();
    if (!check.mismatches.empty()) {
        const MatmulMismatch& m = check.mismatches.front();
        const std::string at = "C[" + std::to_string(m.row) + "][" + std::to_string(m.col) + "]";
        v.expected = at + " = " + number(m.expected);
        v.actual = at + " = " + number(m.actual);
        v.note = groupedDigits(check.wrong) + " of the checked entries are wrong, the first at " +
                 at + "; " + sample + "; " + tolerance.note;
    } else {
        v.expected = "every checked entry of A x B (double precision)";
        // Said as the tolerance was: with a bound of 0 the entries are equal
        // bit for bit, and the note's "must equal ... bit for bit" agrees.
        v.actual = !v.passed         ? "nothing checked"
                   : tolerance.exact ? "equal, bit for bit"
                                     : "equal within the tolerance";
        v.note = sample + "; " + tolerance.note;
    }
    return v;
}

void storeMatmulCheck(Run& run, const MatmulCheck& check) {
    std::vector<std::uint32_t> row, col;
    std::vector<double> expected;
    std::vector<float> actual;
    for (const auto& m : check.mismatches) {
        row.push_back(m.row);
        col.push_back(m.col);
        expected.push_back(m.expected);
        actual.push_back(m.actual);
    }
    // Columns filled after they are all added: adding one moves the others.
    RecordTable& t = addTable(run.tables, "mismatches");
    t.add<std::uint32_t>("row") = std::move(row);
    t.add<std::uint32_t>("col") = std::move(col);
    t.add<double>("expected") = std::move(expected);
    t.add<float>("actual") = std::move(actual);
    run.figures["checkedEntries"] = double(check.checked);
    run.figures["wrongEntries"] = double(check.wrong);
}

}  // namespace ws
