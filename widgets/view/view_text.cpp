#include "widgets/view/view_text.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace ws {

namespace {

// ns in the unit that suits its size. Where `fixedDecimals` is -1, with the
// decimals its size needs, trailing zeros dropped; else with exactly those
// (ticks of one axis alike: "401.40 µs" beside "401.41 µs").
QString durationText(double ns, int fixedDecimals) {
    const double a = std::fabs(ns);
    auto fmt = [fixedDecimals](double v, const char* unit) {
        if (fixedDecimals >= 0)
            return QString::number(v, 'f', fixedDecimals) + QString::fromUtf8(unit);
        const int decimals = std::fabs(v) >= 100 ? 0 : (std::fabs(v) >= 10 ? 1 : 2);
        QString s = QString::number(v, 'f', decimals);
        if (s.contains('.')) {
            while (s.endsWith('0')) s.chop(1);
            if (s.endsWith('.')) s.chop(1);
        }
        return s + QString::fromUtf8(unit);
    };
    if (a < 1e3) return fmt(ns, " ns");
    if (a < 1e6) return fmt(ns / 1e3, " µs");
    if (a < 1e9) return fmt(ns / 1e6, " ms");
    return fmt(ns / 1e9, " s");
}

double unitOf(double ns) {
    const double a = std::fabs(ns);
    return a < 1e3 ? 1 : a < 1e6 ? 1e3 : a < 1e9 ? 1e6 : 1e9;
}

}  // namespace

QString formatDuration(double ns) { return durationText(ns, -1); }

QString formatTick(double ns, double step) {
    // The fewest decimals that write the step exactly: 0.25 needs 2, 0.5
    // one, a whole unit none.
    const double inUnit = step / unitOf(ns);
    int decimals = 0;
    for (double scaled = inUnit; decimals < 9 && inUnit > 0; scaled *= 10, ++decimals)
        if (std::fabs(scaled - std::round(scaled)) <= 1e-6 * std::max(1.0, scaled)) break;
    return durationText(ns, decimals);
}

double timeAxisStep(const QFontMetrics& fm, double nsPerPixel, double viewStart, double viewEnd,
                    int gap) {
    double step = niceStep(nsPerPixel * (fm.horizontalAdvance(QStringLiteral("000.00 µs")) + gap));
    // Finer steps need more decimals and wider labels, which may need a
    // coarser step: a few rounds settle it.
    for (int round = 0; round < 3; ++round) {
        int widest = 0;
        for (double t : {viewStart, viewEnd, viewStart + step, viewEnd - step})
            widest = std::max(widest, fm.horizontalAdvance(formatTick(t, step)));
        const double next = niceStep(nsPerPixel * (widest + gap));
        if (next <= step) break;
        step = next;
    }
    return step;
}

QString keepNumbersWithUnits(const QString& text) {
    static const QRegularExpression numberUnit(
        QStringLiteral("(\\d) (ns|µs|us|ms|s|[KMGT]?B/s|[GT]FLOP/s|[KMGT]i?B|B|%|×)(?![\\w/])"),
        QRegularExpression::UseUnicodePropertiesOption);
    static const QRegularExpression rate(QStringLiteral("(B|FLOP)/s(?!\\w)"));
    QString out = text;
    out.replace(numberUnit, QStringLiteral("\\1\u00a0\\2"));
    out.replace(rate, QStringLiteral("\\1/\u2060s"));
    return out;
}

QString groupDigits(long long value) {
    QString digits = QString::number(value < 0 ? -value : value);
    for (int i = digits.size() - 3; i > 0; i -= 3) digits.insert(i, ',');
    return value < 0 ? "-" + digits : digits;
}

QString formatExactNs(double ns) { return groupDigits((long long)std::llround(ns)) + " ns"; }

QString formatCount(double value) {
    if (value >= 1e6 && std::fmod(value, 1 << 20) == 0)
        return QString::number(value / (1 << 20)) + " Mi";
    if (value >= 1024 && std::fmod(value, 1024) == 0) return QString::number(value / 1024) + " Ki";
    return QString::number(value, 'g', 4);
}

std::vector<double> tickTimes(double viewStart, double viewEnd, double step) {
    std::vector<double> ticks;
    if (!(step > 0) || !(viewEnd >= viewStart)) return ticks;
    const double first = std::ceil(viewStart / step);
    for (int k = 0; k < kMaxTicks; ++k) {
        const double t = (first + k) * step;
        if (t > viewEnd) break;
        if (ticks.empty() || t > ticks.back()) ticks.push_back(t);
    }
    return ticks;
}

double niceStep(double minStep) {
    if (!(minStep > 0)) return 1;
    const double p = std::pow(10.0, std::floor(std::log10(minStep)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= minStep) return m * p;
    return 10 * p;
}

}  // namespace ws
