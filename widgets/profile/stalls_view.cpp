#include "widgets/profile/stalls_view.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolButton>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>

#include "core/profile/kernel_name.h"
#include "core/profile/stall_reasons.h"
#include "widgets/profile/profile_messages.h"
#include "widgets/profile/stall_bar.h"
#include "widgets/profile/stall_colours.h"
#include "widgets/profile/stall_text.h"
#include "widgets/view/whole_lines.h"
#include "widgets/view/palette.h"
#include "widgets/view/ui_scale.h"
#include "widgets/view/view_painting.h"
#include "widgets/view/view_text.h"

namespace ws {

// The columns of a line's row: its number, its source, its bar, its share.
struct StallsView::LineColumns {
    int numberLeft = 0, numberWidth = 0;
    int textLeft = 0, textWidth = 0;
    int barLeft = 0, barWidth = 0;
    int shareLeft = 0, shareWidth = 0;
};

using stall_text::countedText;
using stall_text::percent;
using stall_text::samplesText;
using stall_text::shareOf;

namespace {

QString lineName(int line) { return QString::fromStdString(lineLabel(line)); }

QString words(const RunProfile& profile, std::uint32_t reason) {
    return QString::fromStdString(stallReasonWords(profile.stallReasons[reason]));
}

// What the run's sampling was, in a sentence or two under the lines; what
// the profile did not record is left out.
QString footnoteOf(const RunProfile& p) {
    QStringList sentences;
    if (p.samplingPeriodLog2 > 0) {
        QString period =
            QObject::tr("One sample every %1 cycles on each SM")
                .arg(samplesText(std::uint64_t(1) << std::min(p.samplingPeriodLog2, 40)));
        if (p.sampledLaunches > 0)
            period +=
                QObject::tr(", over %1").arg(countedText(p.sampledLaunches, "launch", "launches"));
        sentences << period + QLatin1Char('.');
    }
    // Digits grouped: "22065483 samples" was read off a projected slide as
    // two million.
    if (p.droppedSamples > 0)
        sentences << (p.droppedSamples == 1
                          ? QObject::tr("1 sample was dropped.")
                          : QObject::tr("%1 samples were dropped.")
                                .arg(samplesText(std::uint64_t(p.droppedSamples))));
    // Below half a percent (or faster, by chance) the difference is the
    // launches' own spread: "-0.6 % slower" read like a glitch.
    if (const double cost = p.samplingOverheadPercent(); cost >= 0.5)
        sentences << QObject::tr("Sampling made the kernel %1 % slower.").arg(cost, 0, 'f', 1);
    else if (cost != 0)
        sentences << QObject::tr("Sampling made the kernel no slower, within noise.");
    return sentences.join(QLatin1Char(' '));
}

// The kernel's main reasons with their shares, most first: at most six, each
// at least 2 % of the samples, and the rest in one entry. All eighteen
// reasons took a projected slide's whole height and left no room for the
// lines; a bar's tooltip still names every reason.
std::vector<LegendItem> legendOf(const RunProfile& profile, const StallCounts& counts) {
    constexpr std::size_t kMostShown = 6;
    constexpr double kLeastShare = 0.02;
    std::vector<LegendItem> items;
    std::size_t rest = 0;
    double restShare = 0;
    for (const ReasonSamples& r : counts.reasons) {
        const double share = shareOf(r.samples, counts.samples);
        if (items.size() < kMostShown && (share >= kLeastShare || items.empty())) {
            items.push_back({stallReasonColour(profile.stallReasons[r.reason]),
                             words(profile, r.reason) + QLatin1Char(' ') + percent(share)});
        } else {
            ++rest;
            restShare += share;
        }
    }
    if (rest > 0)
        items.push_back({palette::mutedText(),
                         QCoreApplication::translate("StallsView", "%1 more reasons, %2 together")
                             .arg(rest)
                             .arg(percent(restShare))});
    return items;
}

}  // namespace

StallsView::StallsView(PlaybackModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_functionChooser(new QComboBox(this)),
      m_hottestButton(new QToolButton(this)),
      m_fileButton(new QToolButton(this)) {
    setMouseTracking(true);
    // Sized by its items even before the view is first shown: an export
    // paints views that never were.
    m_functionChooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_functionChooser->setToolTip(tr("The kernel whose samples are shown"));
    m_hottestButton->setText(tr("Hottest first"));
    m_fileButton->setText(tr("In file order"));
    for (QToolButton* b : {m_hottestButton, m_fileButton}) {
        b->setCheckable(true);
        b->setAutoExclusive(true);
    }
    m_hottestButton->setChecked(true);
    connect(m_hottestButton, &QToolButton::clicked, this, [this] { setOrder(Order::Hottest); });
    connect(m_fileButton, &QToolButton::clicked, this, [this] { setOrder(Order::File); });
    connect(m_functionChooser, &QComboBox::activated, this, [this](int i) {
        if (i >= 0 && std::size_t(i) < m_functions.size()) setFunction(m_functions[std::size_t(i)]);
    });
    connect(model, &PlaybackModel::runChanged, this, &StallsView::rebuild);
    // A lesson's `highlight: {line: N}` marks that line of the kernel's file.
    connect(model, &PlaybackModel::highlightChanged, this, [this] {
        if (const int line = m_model->highlight().line; line >= 0) highlightLine(line);
    });
    rebuild();
    if (const int line = m_model->highlight().line; line >= 0) highlightLine(line);
}

void StallsView::rebuild() {
    const Run* run = m_model->run();
    m_unavailable = stallsUnavailableText(run);
    m_functions.clear();
    m_footnote.clear();
    if (m_unavailable.isEmpty()) {
        m_functions = sampledFunctions(run->profile);
        if (m_functions.empty())
            m_unavailable = tr("The profile's stall samples name no kernel it lists.");
        else
            m_footnote = footnoteOf(run->profile);
    }
    m_hottestButton->setHidden(!m_unavailable.isEmpty());
    m_fileButton->setHidden(!m_unavailable.isEmpty());
    m_functionChooser->clear();
    for (const std::size_t f : m_functions) {
        m_functionChooser->addItem(
            tr("%1: %2 samples")
                .arg(kernelName(f))
                .arg(samplesText(stallsOfFunction(run->profile, f).counts.samples)));
        // The whole signature (namespaces, template arguments) where it is asked for.
        m_functionChooser->setItemData(
            m_functionChooser->count() - 1,
            QString::fromStdString(run->profile.functions[f].displayName), Qt::ToolTipRole);
    }
    // One kernel needs no chooser; several (a reduction's two passes) do.
    m_functionChooser->setHidden(m_functions.size() < 2);
    placeControls();
    showFunction(m_functions.empty() ? 0 : m_functions.front());
}

QString StallsView::kernelName(std::size_t function) const {
    const Run* run = m_model->run();
    if (!run || function >= run->profile.functions.size()) return {};
    return QString::fromStdString(shortKernelName(run->profile.functions[function].displayName));
}

void StallsView::setFunction(std::size_t function) {
    if (std::find(m_functions.begin(), m_functions.end(), function) == m_functions.end()) return;
    showFunction(function);
}

void StallsView::showFunction(std::size_t function) {
    m_stalls = {};
    m_source.clear();
    m_shown.clear();
    m_instructions.clear();
    m_inlined.clear();
    m_selected = {0, kNone};
    m_firstRow = 0;
    const Run* run = m_model->run();
    if (!m_unavailable.isEmpty() || !run) {
        update();
        return;
    }
    const RunProfile& profile = run->profile;
    m_stalls = stallsOfFunction(profile, function);
    m_footnote = footnoteOf(profile);
    // A library's kernel (cuBLAS's) ships without line information: its
    // samples are all "(no line)", and the view says why before the SASS.
    if (std::none_of(m_stalls.lines.begin(), m_stalls.lines.end(),
                     [](const StallLine& l) { return l.line != kNoLine; }))
        m_footnote = tr("This kernel's code carries no line information (a library's kernel, or "
                        "one built without -lineinfo): its stalls are shown by SASS instruction "
                        "only.") +
                     (m_footnote.isEmpty() ? QString() : QStringLiteral(" ") + m_footnote);
    const auto chosen = std::find(m_functions.begin(), m_functions.end(), function);
    m_functionChooser->setCurrentIndex(int(chosen - m_functions.begin()));
    const ProfiledFunction& f = profile.functions[function];
    m_functionChooser->setToolTip(
        tr("The kernel whose samples are shown: %1").arg(QString::fromStdString(f.displayName)));
    // Every file of the function: the kernel's lines, and the helpers'
    // inlined into them that the pane beside shows.
    for (std::uint32_t file = 0; file < std::max<std::size_t>(f.files.size(), 1); ++file) {
        auto& lines = m_source[file];
        if (const auto text = profile.sources.find(filePathOf(f, file));
            text != profile.sources.end())
            for (const QString& line :
                 QString::fromStdString(text->second).split(QLatin1Char('\n')))
                lines.push_back(QString(line).replace(QLatin1Char('\t'), QStringLiteral("    ")));
    }
    // A lesson's line is a line of the kernel's own file.
    if (m_highlighted.line != kNone) m_highlighted.file = m_stalls.ownFile;
    reorder();
    // The line a lesson points at where this kernel has it, else the
    // hottest: the view opens on the instructions that matter most.
    const auto hot = hottestFirst(m_stalls.lines);
    const bool highlightHere =
        std::any_of(m_stalls.lines.begin(), m_stalls.lines.end(),
                    [this](const StallLine& l) { return l.place() == m_highlighted; });
    if (highlightHere)
        selectPlace(m_highlighted);
    else if (!hot.empty())
        selectPlace(hot.front().place());
    update();
}

void StallsView::setOrder(Order order) {
    m_order = order;
    (order == Order::Hottest ? m_hottestButton : m_fileButton)->setChecked(true);
    reorder();
    update();
}

void StallsView::reorder() {
    m_shown = m_order == Order::Hottest ? hottestFirst(m_stalls.lines)
                                        : inFileOrder(m_stalls.lines, m_stalls.ownFile);
    m_firstRow = 0;
    scrollToShow(m_selected);
}

void StallsView::selectLine(int line) { selectPlace(ownLine(line)); }

void StallsView::selectPlace(LinePlace place) {
    const Run* run = m_model->run();
    const bool known = std::any_of(m_stalls.lines.begin(), m_stalls.lines.end(),
                                   [place](const StallLine& l) { return l.place() == place; });
    if (!known || !run) return;
    m_selected = place;
    m_instructions = instructionsOfLine(run->profile, m_stalls.function, place);
    m_inlined = inlinedLinesOf(run->profile, m_stalls.function, place);
    scrollToShow(place);
    update();
    emit lineSelected(place.line);
}

void StallsView::highlightLine(int line) {
    m_highlighted = ownLine(line);
    if (line != kNone) selectPlace(m_highlighted);
    update();
}

QString StallsView::sourceText(int line) const { return sourceText(ownLine(line)); }

QString StallsView::sourceText(LinePlace place) const {
    const auto file = m_source.find(place.file);
    if (file == m_source.end()) return {};
    const auto& lines = file->second;
    return place.line >= 1 && std::size_t(place.line) <= lines.size()
               ? lines[std::size_t(place.line) - 1]
               : QString();
}

int StallsView::rowTextWidth(const Areas& a) const { return columnsOf(a.lines).textWidth; }

QString StallsView::rowText(LinePlace place) const {
    // Indentation tells the structure in file order; ranked by heat it
    // only pushes the code out of its column.
    QString text = sourceText(place);
    if (m_order == Order::Hottest) text = text.trimmed();
    if (text.trimmed().isEmpty()) return placeName(place);
    // A helper's line says which file it is in, before its text.
    if (place.file != m_stalls.ownFile && place.line != kNoLine)
        text = placeName(place) + QStringLiteral(": ") + text.trimmed();
    return text;
}

QString StallsView::placeName(LinePlace place) const {
    const Run* run = m_model->run();
    if (!run || place.file == m_stalls.ownFile || place.line == kNoLine ||
        m_stalls.function >= run->profile.functions.size())
        return lineName(place.line);
    const std::string path = filePathOf(run->profile.functions[m_stalls.function], place.file);
    const QString name = QString::fromStdString(path.substr(path.find_last_of('/') + 1));
    return tr("%1 %2").arg(name, lineName(place.line));
}

const StallLine* StallsView::selectedStallLine() const {
    for (const StallLine& l : m_stalls.lines)
        if (l.place() == m_selected) return &l;
    return nullptr;
}

std::uint64_t StallsView::hottestSamples() const {
    std::uint64_t most = 0;
    for (const StallLine& l : m_stalls.lines) most = std::max(most, l.counts.samples);
    return most;
}

QFont StallsView::monoFont() const {
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    if (font().pointSizeF() > 0)
        mono.setPointSizeF(font().pointSizeF());
    else
        mono.setPixelSize(font().pixelSize());
    return mono;
}

int StallsView::rowHeight() const { return QFontMetrics(monoFont()).height() + int(ui::px(6)); }

StallsView::Areas StallsView::areas() const {
    Areas a;
    const QFontMetrics fm(font());
    const int pad = int(ui::px(8));
    const int w = std::max(0, width() - 2 * pad);
    int y = controlsBottom();
    // The title and the footnote whole, on as many lines as they need.
    const QFontMetrics titles(titleFont(font()));
    a.titleLines = wholeLines(titles, titleText(), w);
    a.title = QRect(pad, y, w, int(a.titleLines.size()) * titles.height() + 2);
    y = a.title.bottom() + int(ui::px(4));
    if (const Run* run = m_model->run(); run && m_unavailable.isEmpty())
        a.legend =
            QRect(pad, y, w, legendHeight(font(), w, legendOf(run->profile, m_stalls.counts)));
    y = a.legend.isNull() ? y : a.legend.bottom() + int(ui::px(8));
    if (!m_footnote.isEmpty())
        a.footnoteLines = wholeLinesUpTo(fm, keepNumbersWithUnits(m_footnote), w,
                                         std::max(2, height() / 5 / std::max(1, fm.height())));
    const int footHeight = int(a.footnoteLines.size()) * fm.height();
    a.footnote = QRect(pad, height() - pad / 2 - footHeight, w, footHeight);
    const QRect body(pad, y, w, std::max(0, a.footnote.top() - int(ui::px(6)) - y));
    if (m_selected.line != kNone) {
        // The lines keep the larger part: their source and bars read first.
        // Narrow (a projected slide's half), the pane keeps two fifths: it
        // shows the selected line whole, which its row cuts, and its title,
        // helpers' lines and SASS need the room not to be cut too.
        const int linesWidth = body.width() * 6 / 10;
        a.lines = QRect(body.left(), body.top(), linesWidth, body.height());
        a.instructions = QRect(body.left() + linesWidth + 2 * pad, body.top(),
                               std::max(0, body.width() - linesWidth - 2 * pad), body.height());
    } else {
        a.lines = body;
    }
    a.rows = std::max(0, a.lines.height() / std::max(1, rowHeight()));
    return a;
}

int StallsView::rowsThatFit(const Areas& a) const {
    // A cut list gives its last row to the note of what is left out.
    return int(m_shown.size()) > a.rows ? std::max(1, a.rows - 1) : a.rows;
}

StallsView::LineColumns StallsView::columnsOf(const QRect& pane) const {
    const QFontMetrics mfm(monoFont());
    const int gap = int(ui::px(8));
    LineColumns c;
    c.numberLeft = pane.left() + int(ui::px(6));  // clear of the selection's stripe
    c.numberWidth = mfm.horizontalAdvance(QStringLiteral("0000"));
    c.shareWidth = QFontMetrics(font()).horizontalAdvance(QStringLiteral("100 %"));
    const int rest =
        std::max(0, pane.right() - c.numberLeft - c.numberWidth - c.shareWidth - 3 * gap);
    c.textLeft = c.numberLeft + c.numberWidth + gap;
    // The code reads first; the bar needs less to compare, least where
    // the pane is narrow.
    c.textWidth = rest * (rest < int(ui::px(500)) ? 7 : 6) / 10;
    c.barLeft = c.textLeft + c.textWidth + gap;
    c.barWidth = rest - c.textWidth;
    c.shareLeft = c.barLeft + c.barWidth + gap;
    return c;
}

QRectF StallsView::lineBar(const Areas& a, int row) const {
    const LineColumns c = columnsOf(a.lines);
    const int rowH = rowHeight();
    const int barH = std::max(4, rowH * 3 / 5);
    return QRectF(c.barLeft, a.lines.top() + row * rowH + (rowH - barH) / 2.0, c.barWidth, barH);
}

void StallsView::scrollToShow(LinePlace place) {
    const int fit = rowsThatFit(areas());
    const auto at = std::find_if(m_shown.begin(), m_shown.end(),
                                 [place](const StallLine& l) { return l.place() == place; });
    if (at != m_shown.end()) {
        const int index = int(at - m_shown.begin());
        if (index < m_firstRow) m_firstRow = index;
        if (index >= m_firstRow + fit) m_firstRow = index - fit + 1;
    }
    m_firstRow = std::clamp(m_firstRow, 0, std::max(0, int(m_shown.size()) - fit));
}

int StallsView::rowAt(const QPoint& pos) const {
    const Areas a = areas();
    if (!a.lines.contains(pos)) return -1;
    const int row = (pos.y() - a.lines.top()) / std::max(1, rowHeight());
    const int index = m_firstRow + row;
    return row < rowsThatFit(a) && index < int(m_shown.size()) ? index : -1;
}

QRect StallsView::lineRowRect(int line) const { return lineRowRect(ownLine(line)); }

QRect StallsView::lineRowRect(LinePlace place) const {
    const Areas a = areas();
    const int fit = rowsThatFit(a);
    for (int row = 0; row < fit && m_firstRow + row < int(m_shown.size()); ++row)
        if (m_shown[std::size_t(m_firstRow + row)].place() == place)
            return QRect(a.lines.left(), a.lines.top() + row * rowHeight(), a.lines.width(),
                         rowHeight());
    return {};
}

void StallsView::placeControls() {
    const int pad = int(ui::px(8));
    const int gap = int(ui::px(4));
    int right = width() - pad;
    for (QToolButton* b : {m_fileButton, m_hottestButton}) {
        const QSize size = b->sizeHint();
        b->setGeometry(right - size.width(), pad / 2, size.width(), size.height());
        right -= size.width() + gap;
    }
    // The chooser takes what the buttons leave; a long template name is cut.
    const QSize size = m_functionChooser->sizeHint();
    m_functionChooser->setGeometry(
        pad, pad / 2, std::max(0, std::min(size.width(), right - pad - gap)), size.height());
}

int StallsView::controlsBottom() const {
    const int pad = int(ui::px(8));
    int bottom = pad / 2;
    for (const QWidget* w :
         {static_cast<const QWidget*>(m_functionChooser),
          static_cast<const QWidget*>(m_hottestButton), static_cast<const QWidget*>(m_fileButton)})
        if (!w->isHidden()) bottom = std::max(bottom, w->geometry().bottom() + int(ui::px(6)));
    return bottom;
}

void StallsView::resizeEvent(QResizeEvent*) {
    placeControls();
    scrollToShow(m_selected);
}

void StallsView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette::background());
    const Run* run = m_model->run();
    if (!m_unavailable.isEmpty() || !run) {
        drawMessage(p, rect(), keepNumbersWithUnits(m_unavailable));
        return;
    }
    const Areas a = areas();
    const RunProfile& profile = run->profile;
    p.setPen(palette::text());
    p.setFont(titleFont(font()));
    p.drawText(a.title, Qt::AlignLeft | Qt::AlignTop, a.titleLines.join(QLatin1Char('\n')));
    p.setFont(font());
    drawLegend(p, a.legend, legendOf(profile, m_stalls.counts));
    paintLines(p, a);
    paintPane(p, a);
    if (!a.footnote.isEmpty()) {
        p.setFont(font());
        p.setPen(palette::mutedText());
        p.drawText(a.footnote, Qt::AlignLeft | Qt::AlignTop,
                   a.footnoteLines.join(QLatin1Char('\n')));
    }
}

QString StallsView::titleText() const {
    return keptTogether(tr("Where the warps of %1 waited: %2 samples")
                            .arg(kernelName(m_stalls.function))
                            .arg(samplesText(m_stalls.counts.samples)));
}

void StallsView::paintLines(QPainter& p, const Areas& a) const {
    const Run* run = m_model->run();
    const LineColumns c = columnsOf(a.lines);
    const QFont mono = monoFont();
    const QFontMetrics mfm(mono);
    const int rowH = rowHeight();
    const std::uint64_t full = hottestSamples();  // the hottest line fills its bar
    const int fit = rowsThatFit(a);
    int row = 0;
    for (; row < fit && m_firstRow + row < int(m_shown.size()); ++row) {
        const StallLine& l = m_shown[std::size_t(m_firstRow + row)];
        const QRect r(a.lines.left(), a.lines.top() + row * rowH, a.lines.width(), rowH);
        if (l.place() == m_highlighted)
            p.fillRect(r, palette::markedRow());
        else if (l.place() == m_selected)
            p.fillRect(r, palette::cellFill());
        else if (row % 2 == 1)
            p.fillRect(r, palette::rowStripe());
        if (l.place() == m_selected)
            p.fillRect(QRect(r.left(), r.top(), int(ui::px(4)), r.height()), palette::selection());
        p.setFont(mono);
        p.setPen(palette::mutedText());
        if (l.line != kNoLine)
            p.drawText(QRect(c.numberLeft, r.top(), c.numberWidth, rowH),
                       Qt::AlignRight | Qt::AlignVCenter, QString::number(l.line));
        const bool hasText = !sourceText(l.place()).trimmed().isEmpty();
        p.setPen(hasText ? palette::text() : palette::mutedText());
        p.drawText(QRect(c.textLeft, r.top(), c.textWidth, rowH), Qt::AlignLeft | Qt::AlignVCenter,
                   mfm.elidedText(rowText(l.place()), Qt::ElideRight, c.textWidth));
        // A marked row's tint would swallow a bar segment of the same hue
        // (the shared-memory pipe's yellow): the bar keeps a plain ground.
        if (l.place() == m_highlighted)
            p.fillRect(lineBar(a, row).adjusted(-2, -2, 2, 2), palette::background());
        drawStallBar(p, l.counts, full, lineBar(a, row), run->profile.stallReasons);
        p.setFont(font());
        p.setPen(palette::text());
        if (l.counts.samples > 0)
            p.drawText(QRect(c.shareLeft, r.top(), c.shareWidth, rowH),
                       Qt::AlignRight | Qt::AlignVCenter, percent(l.counts.share));
    }
    if (int(m_shown.size()) > a.rows) {
        const int below = int(m_shown.size()) - m_firstRow - row;
        QStringList parts;
        if (m_firstRow > 0) parts << tr("%1 above").arg(countedText(m_firstRow, "line", "lines"));
        if (below > 0) parts << tr("%1 below").arg(countedText(below, "line", "lines"));
        // Under the source's column; on a narrow list the note says less
        // ("… 12 above, 3 below") and may start further left, its counts kept.
        QStringList shorter;
        if (m_firstRow > 0) shorter << tr("%1 above").arg(m_firstRow);
        if (below > 0) shorter << tr("%1 below").arg(below);
        const QFontMetrics fm(font());
        const int room = a.lines.right() - c.textLeft;
        QString note = QStringLiteral("… ") + parts.join(QStringLiteral(", ")) + tr(": scroll");
        for (const QString& s : {QStringLiteral("… ") + parts.join(QStringLiteral(", ")),
                                 QStringLiteral("… ") + shorter.join(QStringLiteral(", "))})
            if (fm.horizontalAdvance(note) > room) note = s;
        const int left = fm.horizontalAdvance(note) > room ? c.numberLeft : c.textLeft;
        p.setFont(font());
        p.setPen(palette::mutedText());
        p.drawText(QRect(left, a.lines.top() + row * rowH, a.lines.right() - left, rowH),
                   Qt::AlignLeft | Qt::AlignVCenter, note);
    }
}

QString StallsView::reasonTooltip(const StallCounts& counts, int reason,
                                  const QString& where) const {
    const RunProfile& profile = m_model->run()->profile;
    const ReasonSamples& r = counts.reasons[std::size_t(reason)];
    const std::string& name = profile.stallReasons[r.reason];
    QString text = tr("<b>%1</b><br><code>%2</code><br>%3 samples: %4 of %5's, %6 of the kernel's")
                       .arg(words(profile, r.reason).toHtmlEscaped(),
                            QString::fromStdString(name).toHtmlEscaped(), samplesText(r.samples),
                            percent(shareOf(r.samples, counts.samples)), where.toHtmlEscaped(),
                            percent(shareOf(r.samples, m_stalls.counts.samples)));
    if (const std::string detail = stallReasonDetail(name); !detail.empty())
        text += QStringLiteral("<br><i>%1</i>").arg(QString::fromStdString(detail).toHtmlEscaped());
    if (counts.notIssued > 0)
        text += tr("<br>In %1 of %2's samples no instruction issued.")
                    .arg(samplesText(counts.notIssued), where.toHtmlEscaped());
    return text;
}

bool StallsView::event(QEvent* e) {
    if (e->type() == QEvent::FontChange) {
        resizeEvent(nullptr);  // the controls grow with the font
        return QWidget::event(e);
    }
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    auto* he = static_cast<QHelpEvent*>(e);
    if (const QString text = toolTipAt(he->pos()); !text.isEmpty())
        QToolTip::showText(he->globalPos(), text, this);
    else
        QToolTip::hideText();
    return true;
}

QString StallsView::toolTipAt(const QPoint& pos) const {
    const Areas a = areas();
    const Run* run = m_model->run();
    if (!run || !m_unavailable.isEmpty()) return {};
    if (a.title.contains(pos) && m_stalls.function < run->profile.functions.size())
        return QStringLiteral("<code>%1</code>")
            .arg(QString::fromStdString(run->profile.functions[m_stalls.function].displayName)
                     .toHtmlEscaped());
    if (const int index = rowAt(pos); index >= 0) {
        const StallLine& l = m_shown[std::size_t(index)];
        QRectF bar = lineBar(a, index - m_firstRow);
        bar.setTop(bar.top() - 4);
        bar.setBottom(bar.bottom() + 4);
        const int reason =
            bar.contains(pos) ? stallBarReasonAt(l.counts, hottestSamples(), bar, pos.x()) : -1;
        QString text =
            reason >= 0
                ? reasonTooltip(l.counts, reason, placeName(l.place()))
                : tr("<b>%1</b><br><code>%2</code><br>%3 samples, %4 of the kernel's")
                      .arg(placeName(l.place()), sourceText(l.place()).trimmed().toHtmlEscaped(),
                           samplesText(l.counts.samples), percent(l.counts.share));
        // Where the line's samples were, in the helpers it called.
        if (reason < 0) {
            QStringList parts;
            for (const StallLine& h : inlinedLinesOf(run->profile, m_stalls.function, l.place()))
                if (h.counts.samples > 0 && parts.size() < 3)
                    parts << tr("%1 (%2 samples)")
                                 .arg(placeName(h.place()), samplesText(h.counts.samples));
            if (!parts.isEmpty())
                text += tr("<br>Inlined here: %1").arg(parts.join(QStringLiteral(", ")));
        }
        return text;
    }
    return paneToolTipAt(a, pos);
}

void StallsView::mousePressEvent(QMouseEvent* e) {
    if (const int index = rowAt(e->position().toPoint()); index >= 0)
        selectPlace(m_shown[std::size_t(index)].place());
    QWidget::mousePressEvent(e);
}

void StallsView::wheelEvent(QWheelEvent* e) {
    const Areas a = areas();
    if (int(m_shown.size()) <= a.rows) return QWidget::wheelEvent(e);
    const int fit = rowsThatFit(a);
    m_firstRow = std::clamp(m_firstRow - 3 * (e->angleDelta().y() / 120), 0,
                            std::max(0, int(m_shown.size()) - fit));
    update();
    e->accept();
}

}  // namespace ws
