#include "app/gui/workbench/run_facts_html.h"

#include <QCoreApplication>
#include <QStringList>

#include "core/device/environment_badges.h"

namespace ws {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("RunInfoPanel", text); }
QString html(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }
}  // namespace

QString kernelTimeHtml(const Timing& t, bool onCpu, const QString& timedAs) {
    if (onCpu)  // a CPU variant: its runs, no kernel and nothing recorded
        return tr("Time on the CPU: <b>%1 ms</b> (median of %2 runs)")
            .arg(t.kernelMs, 0, 'f', 4)
            .arg(t.repetitions);
    const QString what = timedAs.isEmpty() ? tr("Kernel time") : timedAs;
    if (t.untimed())  // a traced program's whole timeline
        return tr("%1: none of one launch; the operations view times each kernel and copy")
            .arg(what);
    if (t.kernelSamplesMs.empty())  // recorded before the spread was kept
        return tr("%1: %2 ms (median of %3, without recording)")
            .arg(what)
            .arg(t.kernelMs, 0, 'f', 4)
            .arg(t.repetitions);
    return tr("%1: <b>%2 ms ± %3 %</b> (median ± coefficient of variation of %4 "
              "%5, %6 to %7 ms)")
        .arg(what)
        .arg(t.kernelMs, 0, 'f', 4)
        .arg(t.kernelCvPercent, 0, 'f', 1)
        .arg(t.kernelSamplesMs.size())
        .arg(timedAs.isEmpty() ? tr("launches without recording") : tr("repetitions"))
        .arg(t.kernelMinMs, 0, 'f', 4)
        .arg(t.kernelMaxMs, 0, 'f', 4);
}

QString environmentBadgesHtml(const Run& run) {
    QStringList parts;
    for (const EnvironmentBadge& b : environmentBadges(run)) {
        // A warning sign beside the colour: the badge reads without colour too.
        parts << QStringLiteral(
                     "<span style='background:#E69F00;color:black'>&nbsp;⚠ %1&nbsp;</span>"
                     " <small>%2</small>")
                     .arg(html(b.text), html(b.detail));
    }
    return parts.join(QStringLiteral("<br>"));
}

QString profileFactsHtml(const RunProfile& p) {
    if (!p.requested) return {};
    QString out;
    if (p.hasStalls())
        out += tr("Why: %1 warp stall samples over %2 untimed launches; sampling made them "
                  "%3 % slower (%4 against %5 ms)<br>")
                   .arg(QString::number(p.totalSamples))
                   .arg(p.sampledLaunches)
                   .arg(p.samplingOverheadPercent(), 0, 'f', 1)
                   .arg(p.sampledKernelMs, 0, 'f', 4)
                   .arg(p.unsampledKernelMs, 0, 'f', 4);
    else if (!p.stallsUnavailable.empty())
        out += tr("Why: %1<br>").arg(breakLongWords(html(p.stallsUnavailable)));
    if (p.hasCounters())
        out += tr("Hardware counters: %1, from one more launch replayed in %2 passes<br>")
                   .arg(p.counters.size())
                   .arg(p.counterPasses);
    else if (!p.countersUnavailable.empty())
        out += tr("%1<br>").arg(breakLongWords(html(p.countersUnavailable)));
    return out;
}

QString environmentFactsHtml(const GpuEnvironment& e) {
    if (!e.queried && e.unavailableReason.empty() && e.lockWaitMs == 0) return {};
    QStringList lines;
    for (const std::string& line : environmentFacts(e)) lines << breakLongWords(html(line));
    return tr("<b>The GPU during the run</b><br>") + lines.join(QStringLiteral("<br>"));
}

QString breakLongWords(const QString& text) {
    constexpr int kLong = 20;  // characters: shorter words wrap as they are
    QStringList words = text.split(QLatin1Char(' '));
    for (QString& w : words) {
        if (w.size() <= kLong) continue;
        w.replace(QStringLiteral("__"), QStringLiteral("__") + kWordBreak);
        QString broken;
        for (qsizetype i = 0; i < w.size(); ++i) {
            broken += w[i];
            if (w[i] == QLatin1Char('-') && i + 1 < w.size()) broken += kWordBreak;
        }
        w = broken;
    }
    return words.join(QLatin1Char(' '));
}

}  // namespace ws
