#include "app/gui/workbench/run_info_panel.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextDocument>
#include <QVBoxLayout>
#include <algorithm>

#include "app/gui/workbench/run_facts_html.h"
#include "core/catalog/catalog.h"
#include "core/common/counted.h"
#include "core/device/device_facts.h"
#include "core/figures/overhead_text.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {
QLabel* makeLabel(QWidget* parent) {
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextFormat(Qt::RichText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}
// The CPU doing the same work against the GPU with and without its copies.
QString cpuAgainstGpuText(const Timing& t) {
    if (t.cpuMs <= 0 && t.transferMs <= 0) return {};
    QString s = QObject::tr("<b>CPU against GPU</b>: GPU kernel %1 ms").arg(t.kernelMs, 0, 'g', 4);
    if (t.transferMs > 0)
        s += QObject::tr(", with the copies %1 ms").arg(t.kernelMs + t.transferMs, 0, 'g', 4);
    if (t.cpuMs > 0) s += QObject::tr("; CPU one thread %1 ms").arg(t.cpuMs, 0, 'g', 4);
    if (t.cpuParallelMs > 0)
        s += QObject::tr(", %1 threads %2 ms").arg(t.cpuThreads).arg(t.cpuParallelMs, 0, 'g', 4);
    const double best = t.cpuParallelMs > 0 ? std::min(t.cpuMs, t.cpuParallelMs) : t.cpuMs;
    const double gpu = t.kernelMs + t.transferMs;
    if (best > 0 && gpu > 0)
        s += best > gpu ? QObject::tr(
                              ". The GPU pays off here: %1× faster than the best CPU time, "
                              "copies included")
                              .arg(best / gpu, 0, 'f', 1)
                        : QObject::tr(
                              ". Here the CPU wins: the GPU with its copies takes %1× the "
                              "best CPU time")
                              .arg(gpu / best, 0, 'f', 1);
    return s + QStringLiteral("<br>");
}
QString plain(const QLabel* l) {
    QTextDocument d;
    d.setHtml(l->text());
    return d.toPlainText().remove(kWordBreak);
}
}  // namespace

RunInfoPanel::RunInfoPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_origin = makeLabel(this);
    m_badge = makeLabel(this);
    m_environment = makeLabel(this);
    m_facts = makeLabel(this);
    m_gpu = makeLabel(this);
    m_status = makeLabel(this);
    m_waiting = new QWidget(this);
    auto* waiting = new QHBoxLayout(m_waiting);
    waiting->setContentsMargins(0, 0, 0, 0);
    m_waitingText = makeLabel(m_waiting);
    m_stopWaiting = new QPushButton(tr("Stop waiting"), m_waiting);
    m_stopWaiting->setToolTip(tr("Give up this run's place in the GPU queue"));
    waiting->addWidget(m_waitingText, 1);
    waiting->addWidget(m_stopWaiting, 0, Qt::AlignTop);
    m_waiting->hide();
    connect(m_stopWaiting, &QPushButton::clicked, this, &RunInfoPanel::cancelWaitingRequested);
    layout->addWidget(m_waiting);
    layout->addWidget(m_origin);
    layout->addWidget(m_badge);
    layout->addWidget(m_environment);
    layout->addWidget(m_facts);
    layout->addWidget(m_gpu);
    layout->addWidget(m_status);
    layout->addStretch();
    m_origin->setText(tr("No run yet."));
}

void RunInfoPanel::setRun(const LoadedRun& loaded, const QString& noDeviceReason) {
    const Run& r = *loaded.prepared->run;
    const QString device = QString::fromStdString(r.device.name).toHtmlEscaped();
    const QString when = QString::fromStdString(r.recordedAt).replace('T', ' ');
    QString origin;
    switch (loaded.origin) {
        case RunOrigin::Live:
            origin = tr("<span style='background:#009E73;color:white'>&nbsp;LIVE&nbsp;</span> "
                        "measured just now on %1")
                         .arg(device);
            break;
        case RunOrigin::Recorded:
            origin = tr("<span style='background:#E69F00;color:black'>&nbsp;RECORDED&nbsp;</span> "
                        "on %1 at %2. No GPU here (%3), so this is a trace recorded earlier.")
                         .arg(device, when, noDeviceReason.toHtmlEscaped());
            break;
        case RunOrigin::File:
            origin = tr("<span style='background:#56B4E9;color:black'>&nbsp;FILE&nbsp;</span> %1, "
                        "recorded on %2 at %3")
                         .arg(breakLongWords(QFileInfo(loaded.file).fileName().toHtmlEscaped()),
                              device, when);
            break;
    }
    if (!loaded.note.isEmpty()) origin += "<br><i>" + loaded.note.toHtmlEscaped() + "</i>";
    m_origin->setText(origin);

    const auto& v = r.verification;
    // A variant that ran on the CPU (the matrix multiply's cpu-naive) has no
    // GPU result, kernel or recording: its own figures are said as such.
    const bool onCpu = measuredOnCpu(r);
    const ExperimentSpec* checkedSpec = findExperiment(r.experiment);
    const QString against = checkedSpec && !checkedSpec->checkedAgainst.empty()
                                ? QString::fromStdString(checkedSpec->checkedAgainst)
                                : tr("the CPU reference");
    if (!v.checked) {
        // Unchecked: said as such, with why where the run says (a traced
        // program's launch, which the program itself checks).
        m_badge->setText(
            v.note.empty()
                ? tr("<span style='background:#DDDDDD'>&nbsp;not verified&nbsp;</span>")
                : tr("<span style='background:#DDDDDD'>&nbsp;not checked&nbsp;</span> %1")
                      .arg(QString::fromStdString(v.note).toHtmlEscaped()));
    } else if (v.passed) {
        // A check with one result shows it; an exact check of a whole
        // buffer (the transposes) has none, and says what it compared.
        const std::string& detail = v.actual.empty() ? v.note : v.actual;
        const QString badge =
            onCpu ? tr("<span style='background:#0072B2;color:white'>&nbsp;✔ verified&nbsp;</span>"
                       " result matches the reference")
                  : tr("<span style='background:#0072B2;color:white'>&nbsp;✔ verified&nbsp;</span>"
                       " GPU result matches %1")
                        .arg(against.toHtmlEscaped());
        m_badge->setText(detail.empty()
                             ? badge
                             : badge + QStringLiteral(" (%1)").arg(
                                           QString::fromStdString(detail).toHtmlEscaped()));
    } else {
        m_badge->setText(
            tr("<span style='background:#D55E00;color:white'>&nbsp;✘ FAILED&nbsp;</span>"
               " expected %1, %2 gave %3. %4")
                .arg(QString::fromStdString(v.expected).toHtmlEscaped(),
                     onCpu ? tr("the CPU variant") : tr("the GPU"),
                     QString::fromStdString(v.actual).toHtmlEscaped(),
                     QString::fromStdString(v.note).toHtmlEscaped()));
    }

    const ExperimentSpec* spec = findExperiment(r.experiment);
    QStringList params;
    // Parameters the run's other values left unused are named apart, so that
    // no one reads "block = 256" beside a launch of <<<2, 4>>>.
    const std::vector<std::string> unused =
        spec ? unusedParams(*spec, r.params) : std::vector<std::string>{};
    for (const auto& [k, val] : r.params) {
        if (std::find(unused.begin(), unused.end(), k) != unused.end()) continue;
        QString unit;
        if (spec)
            if (const ParamSpec* p = spec->param(k))
                unit = QString::fromStdString(unitAfter(val, p->unit));
        QString text = QStringLiteral("%1 = %2 %3")
                           .arg(QString::fromStdString(k), QString::fromStdString(val), unit)
                           .trimmed();
        // "grid = 0" asks for the grid the size needs: say which it was, or
        // it reads against the timeline's "11 blocks of 96".
        if (k == "grid" && val == "0" && !r.launches.empty())
            text +=
                tr(" (launched %1)").arg(groupDigits((long long)r.launches.front().grid.count()));
        // Blocks spread evenly from first to last may come one short of the
        // number asked ("traced_blocks = 16" beside the warp view's "15 of 196").
        if (const auto it = r.figures.find("tracedBlocks");
            k == "traced_blocks" && it != r.figures.end() &&
            std::to_string((long long)it->second) != val)
            text += tr(" (%1 traced)").arg((long long)it->second);
        params << text;
    }
    const auto& t = r.timing;
    const double peak = r.device.memBandwidthGBs;
    QString facts;
    facts += tr("<b>%1</b><br>%2<br>")
                 .arg(spec ? QString::fromStdString(spec->title).toHtmlEscaped()
                           : QString::fromStdString(r.experiment),
                      params.join(QStringLiteral(" · ")).toHtmlEscaped());
    if (!unused.empty()) {
        QStringList names;
        for (const auto& n : unused) names << QString::fromStdString(n);
        facts += tr("<span style='color:gray'>Not used with these settings: %1</span><br>")
                     .arg(names.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    facts += tr("Device: %1, compute capability %2.%3, %4 SMs, %5 GB/s peak<br>")
                 .arg(device)
                 .arg(r.device.ccMajor)
                 .arg(r.device.ccMinor)
                 .arg(r.device.smCount)
                 .arg(peak, 0, 'f', 0);
    facts += tr("Timer tick: %1 (shorter bars are not resolved)<br>")
                 .arg(formatExactNs(double(r.device.timerTickNs)));
    // Copies, a vendor library or the CPU: no kernel of the run's own, so
    // no records whose cost to give.
    const bool ownKernel = !(spec && spec->launchesNoKernel && spec->launchesNoKernel(r.params));
    facts +=
        kernelTimeHtml(t, onCpu, spec ? QString::fromStdString(spec->timedAs) : QString()) + "<br>";
    // The device's memory peak is the GPU's: no share of it for a CPU run.
    // Copies over PCIe are a share of the link's.
    const Yardstick yardstick = throughputYardstick(r);
    if (t.gbPerS() > 0)
        facts += tr("Throughput: <b>%1 GB/s</b>%2<br>")
                     .arg(t.gbPerS() < 1 ? QString::number(t.gbPerS(), 'g', 3)
                                         : QString::number(t.gbPerS(), 'f', 1))
                     .arg(yardstick.gbs > 0 && !onCpu
                              ? tr(" (%1 % of %2 %3 GB/s)")
                                    .arg(100 * t.gbPerS() / yardstick.gbs, 0, 'g', 2)
                                    .arg(QString::fromStdString(yardstick.name))
                                    .arg(yardstick.gbs, 0, 'f', yardstick.gbs < 100 ? 1 : 0)
                              : QString());
    if (t.gflopPerS() > 0)
        facts += tr("Arithmetic: <b>%1 GFLOP/s</b><br>").arg(t.gflopPerS(), 0, 'f', 1);
    if (t.cpuThreads > 0) facts += tr("On the CPU: %1 thread(s)<br>").arg(t.cpuThreads);
    if (ownKernel)
        facts += tr("Recording overhead: %1<br>")
                     .arg(QString::fromStdString(recordingOverheadText(t)).toHtmlEscaped());
    facts += profileFactsHtml(r.profile);
    // A vendor library's kernel stands against the CPU too; copies and CPU
    // variants do not.
    if (!onCpu && (!spec || spec->timedAs.empty())) facts += cpuAgainstGpuText(t);
    std::size_t blocks = 0;
    for (const auto& l : r.launches) blocks += l.blocks.size();
    facts += (r.launches.size() == 1 ? tr("1 launch") : tr("%1 launches").arg(r.launches.size())) +
             tr(", %1 block records, spanning %2")
                 .arg(groupDigits((long long)blocks))
                 .arg(formatDuration(loaded.prepared->spanEnd));
    m_facts->setText(facts);
    m_environment->setText(environmentBadgesHtml(r));
    m_environment->setVisible(!m_environment->text().isEmpty());
    m_gpu->setText(environmentFactsHtml(r.environment));
    m_gpu->setVisible(!m_gpu->text().isEmpty());
}

void RunInfoPanel::setWaiting(int runsAhead) {
    m_waitingText->setText(
        tr("<span style='background:#56B4E9;color:black'>&nbsp;waiting for the GPU: %1&nbsp;"
           "</span><br><small>Runs of other users measure first, one at a time, so no run "
           "disturbs another's timings. A new parameter value keeps this place.</small>")
            .arg(runsAhead == 1 ? tr("1 run ahead") : tr("%1 runs ahead").arg(runsAhead)));
    m_waiting->show();
}

void RunInfoPanel::clearWaiting() { m_waiting->hide(); }

bool RunInfoPanel::isWaiting() const { return !m_waiting->isHidden(); }

void RunInfoPanel::setStatus(const QString& text, bool isError) {
    m_status->setText(text.isEmpty()
                          ? QString()
                          : QStringLiteral("<span style='color:%1'>%2</span>")
                                .arg(isError ? "#B00020" : "#333333", text.toHtmlEscaped()));
}

QString RunInfoPanel::text() const {
    QString waiting = isWaiting() ? plain(m_waitingText) + "\n" : QString();
    return waiting + plain(m_origin) + "\n" + plain(m_badge) + "\n" + plain(m_environment) + "\n" +
           plain(m_facts) + "\n" + plain(m_gpu) + "\n" + plain(m_status);
}

QString RunInfoPanel::environmentText() const { return plain(m_environment); }

QString RunInfoPanel::badgeText() const { return plain(m_badge); }

}  // namespace ws
