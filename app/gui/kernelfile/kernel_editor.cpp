#include "app/gui/kernelfile/kernel_editor.h"

#include <Qsci/qscilexercpp.h>
#include <Qsci/qsciscintilla.h>
#include <Qsci/qscistyle.h>

#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPushButton>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

#include "widgets/view/ui_scale.h"

namespace ws {

namespace {

const QColor kErrorColour(0xB0, 0x00, 0x20);
const QColor kErrorPaper(0xFD, 0xEC, 0xEA);
const QColor kWarningColour(0x9A, 0x5B, 0x00);
const QColor kWarningPaper(0xFF, 0xF4, 0xDC);

// C++ with CUDA's own words: the qualifiers, built-in variables and the
// calls a first kernel uses are set apart like the language's keywords.
class CudaLexer : public QsciLexerCPP {
public:
    using QsciLexerCPP::QsciLexerCPP;
    const char* keywords(int set) const override {
        if (set == 2)
            return "__global__ __device__ __host__ __shared__ __constant__ __managed__ "
                   "__restrict__ __launch_bounds__ __forceinline__ __noinline__ threadIdx "
                   "blockIdx blockDim gridDim warpSize __syncthreads __syncwarp __shfl_sync "
                   "__shfl_down_sync __shfl_up_sync __shfl_xor_sync __ballot_sync __any_sync "
                   "__all_sync __activemask __ldg atomicAdd atomicSub atomicExch atomicMin "
                   "atomicMax atomicInc atomicDec atomicCAS atomicAnd atomicOr atomicXor "
                   "__threadfence __threadfence_block clock clock64";
        return QsciLexerCPP::keywords(set);
    }
};

// The end of the word a diagnostic's column points at, to underline it
// (one character where it points at no word).
int wordEnd(const QString& line, int from) {
    int end = from;
    while (end < line.size() && (line[end].isLetterOrNumber() || line[end] == QLatin1Char('_')))
        ++end;
    return std::max(end, std::min<int>(from + 1, int(line.size())));
}

// At most a few lines of a long message under the text; the whole in its tooltip.
QString shortened(const QString& text, int keep) {
    const QStringList lines = text.split(QLatin1Char('\n'));
    if (lines.size() <= keep) return text;
    return (lines.mid(0, keep - 1) +
            QStringList{QObject::tr("… and %1 more lines").arg(lines.size() - keep + 1)})
        .join(QLatin1Char('\n'));
}

}  // namespace

KernelEditor::KernelEditor(QWidget* parent)
    : QWidget(parent),
      m_text(new QsciScintilla(this)),
      m_title(new QLabel(this)),
      m_status(new QLabel(this)),
      m_open(new QPushButton(tr("Open…"), this)),
      m_save(new QPushButton(tr("Save"), this)),
      m_run(new QPushButton(tr("Run"), this)),
      m_timeLimit(new QDoubleSpinBox(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    // A tool bar rather than a row of buttons: in a narrow dock (a laptop's
    // screen) what does not fit goes behind its extension arrow instead of
    // holding the window wider.
    auto* bar = new QToolBar(this);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_open->setToolTip(tr("Open a CUDA file with a /* warpscope */ launch description"));
    m_save->setToolTip(tr("Write the text back to the file; the saved file runs"));
    m_run->setToolTip(tr("Compile and run the text as it is here, with the panel's parameters"));
    m_save->setEnabled(false);
    auto* limitLabel = new QLabel(tr("Time limit "), this);
    m_timeLimit->setRange(0.5, 600);
    m_timeLimit->setDecimals(1);
    m_timeLimit->setValue(10);
    m_timeLimit->setSuffix(tr(" s"));
    limitLabel->setBuddy(m_timeLimit);
    const QString limitHelp =
        tr("A launch still running after this long counts as hung: a loop whose condition "
           "never changes, a barrier some threads never reach. The worker then restarts.");
    m_timeLimit->setToolTip(limitHelp);
    limitLabel->setToolTip(limitHelp);
    bar->addWidget(m_open);
    bar->addWidget(m_save);
    bar->addWidget(m_run);
    bar->addSeparator();
    bar->addWidget(limitLabel);
    bar->addWidget(m_timeLimit);
    layout->addWidget(bar);
    m_title->setTextFormat(Qt::PlainText);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setText(tr("No kernel file open"));
    // A deep path is cut at the dock's edge (the whole in its tooltip)
    // rather than widening the window.
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_title->setMinimumWidth(1);
    layout->addWidget(m_title);

    // Fonts: applyScale, below.
    auto* lexer = new CudaLexer(m_text);
    lexer->setColor(QColor(0x6A, 0x1B, 0x9A), QsciLexerCPP::KeywordSet2);
    m_text->setLexer(lexer);
    m_text->setUtf8(true);
    m_text->setTabWidth(4);
    m_text->setIndentationsUseTabs(false);
    m_text->setAutoIndent(true);
    m_text->setBraceMatching(QsciScintilla::SloppyBraceMatch);
    // A dock beside the views is narrow on a laptop: long lines wrap (marked
    // at the end, the rest indented) rather than hide an error's column.
    m_text->setWrapMode(QsciScintilla::WrapWord);
    m_text->setWrapVisualFlags(QsciScintilla::WrapFlagByText);
    m_text->setWrapIndentMode(QsciScintilla::WrapIndentIndented);
    m_text->setCaretLineVisible(true);
    m_text->setCaretLineBackgroundColor(QColor(0xF3, 0xF6, 0xFA));
    // Margin 0: line numbers, as the compiler's messages count them; margin
    // 1: the markers of the lines with problems.
    m_text->setMarginType(0, QsciScintilla::NumberMargin);
    m_text->setMarginLineNumbers(0, true);
    m_text->setMarginType(1, QsciScintilla::SymbolMargin);
    m_text->setMarginWidth(1, 14);
    m_errorMarker = m_text->markerDefine(QsciScintilla::Circle, 0);
    m_warningMarker = m_text->markerDefine(QsciScintilla::Circle, 1);
    m_text->setMarkerBackgroundColor(kErrorColour, m_errorMarker);
    m_text->setMarkerForegroundColor(kErrorColour, m_errorMarker);
    m_text->setMarkerBackgroundColor(kWarningColour, m_warningMarker);
    m_text->setMarkerForegroundColor(kWarningColour, m_warningMarker);
    m_text->setMarginMarkerMask(1, (1 << m_errorMarker) | (1 << m_warningMarker));
    m_text->setMarginMarkerMask(0, 0);
    m_squiggle = m_text->indicatorDefine(QsciScintilla::SquiggleIndicator);
    m_text->setIndicatorForegroundColor(kErrorColour, m_squiggle);
    m_warningSquiggle = m_text->indicatorDefine(QsciScintilla::SquiggleIndicator);
    m_text->setIndicatorForegroundColor(kWarningColour, m_warningSquiggle);
    m_text->setAnnotationDisplay(QsciScintilla::AnnotationBoxed);
    m_errorStyle = new QsciStyle(-1, QStringLiteral("error"), kErrorColour, kErrorPaper, QFont());
    m_warningStyle =
        new QsciStyle(-1, QStringLiteral("warning"), kWarningColour, kWarningPaper, QFont());
    layout->addWidget(m_text, 1);

    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    // The code grows with the window's text (View > Larger, presentation mode).
    applyScale();
    connect(UiScale::instance(), &UiScale::changed, this, &KernelEditor::applyScale);
    connect(m_open, &QPushButton::clicked, this, &KernelEditor::openRequested);
    connect(m_save, &QPushButton::clicked, this, &KernelEditor::saveRequested);
    connect(m_run, &QPushButton::clicked, this, &KernelEditor::runRequested);
}

void KernelEditor::applyScale() {
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    // A little smaller than the window's text, as code usually is: more of
    // a line in a dock beside the views.
    mono.setPointSizeF(0.9 * UiScale::instance()->basePointSize() * UiScale::instance()->scale());
    m_text->lexer()->setDefaultFont(mono);
    m_text->lexer()->setFont(mono);
    m_text->setMarginsFont(mono);
    m_text->setMarginWidth(0, QStringLiteral("0000"));
    QFont note = mono;
    note.setItalic(true);
    m_errorStyle->setFont(note);
    m_warningStyle->setFont(note);
    // The notes below the lines take the new size too.
    showDiagnostics(std::vector<KernelDiagnostic>(m_diagnostics));
}

KernelEditor::~KernelEditor() {
    delete m_errorStyle;
    delete m_warningStyle;
}

void KernelEditor::setSource(const QString& text, const QString& title) {
    int line = 0, index = 0;
    m_text->getCursorPosition(&line, &index);
    const int firstVisible = m_text->firstVisibleLine();
    m_text->setText(text);
    m_text->setModified(false);
    if (line < m_text->lines()) {
        m_text->setCursorPosition(line, std::min(index, int(m_text->text(line).size())));
        m_text->setFirstVisibleLine(std::min(firstVisible, m_text->lines() - 1));
    }
    m_title->setText(title);
    m_title->setToolTip(title);
    // Problems found in the old text point at lines that may have moved.
    clearDiagnostics();
}

QString KernelEditor::source() const { return m_text->text(); }
QString KernelEditor::title() const { return m_title->text(); }
bool KernelEditor::isModified() const { return m_text->isModified(); }
void KernelEditor::setModified(bool modified) { m_text->setModified(modified); }
void KernelEditor::setSaveEnabled(bool enabled) { m_save->setEnabled(enabled); }

void KernelEditor::showDiagnostics(const std::vector<KernelDiagnostic>& diagnostics) {
    m_diagnostics = diagnostics;
    m_text->markerDeleteAll();
    m_text->clearAnnotations();
    const int lines = m_text->lines();
    if (lines > 0)
        for (int indicator : {m_squiggle, m_warningSquiggle})
            m_text->clearIndicatorRange(0, 0, lines - 1, int(m_text->text(lines - 1).size()),
                                        indicator);
    if (diagnostics.empty() || lines == 0) return;
    // Several messages on one line go below it together, errors first.
    std::map<int, std::vector<const KernelDiagnostic*>> byLine;
    for (const KernelDiagnostic& d : diagnostics)
        // A message past the end (an unclosed brace) goes on the last line.
        byLine[std::clamp(d.line, 1, lines) - 1].push_back(&d);
    int first = -1;
    for (auto& [line, found] : byLine) {
        std::stable_sort(found.begin(), found.end(), [](const auto* a, const auto* b) {
            return (a->severity != QLatin1String("warning")) >
                   (b->severity != QLatin1String("warning"));
        });
        const bool error = found.front()->severity != QLatin1String("warning");
        m_text->markerAdd(line, error ? m_errorMarker : m_warningMarker);
        QStringList notes;
        for (const KernelDiagnostic* d : found) {
            notes << QStringLiteral("%1: %2").arg(d->severity, d->message);
            if (d->column > 0) {
                const QString text = m_text->text(line);
                const int from =
                    std::min<int>(d->column - 1, std::max<int>(0, int(text.size()) - 1));
                m_text->fillIndicatorRange(
                    line, from, line, wordEnd(text, from),
                    d->severity == QLatin1String("warning") ? m_warningSquiggle : m_squiggle);
            }
        }
        m_text->annotate(line, notes.join(QLatin1Char('\n')),
                         error ? *m_errorStyle : *m_warningStyle);
        if (first < 0 && error) first = line;
    }
    m_text->ensureLineVisible(first >= 0 ? first : byLine.begin()->first);
}

bool KernelEditor::errorMarkedAt(int line) const {
    return line >= 1 && (m_text->markersAtLine(line - 1) & (1u << m_errorMarker)) != 0;
}

bool KernelEditor::warningMarkedAt(int line) const {
    return line >= 1 && (m_text->markersAtLine(line - 1) & (1u << m_warningMarker)) != 0;
}

QString KernelEditor::annotationAt(int line) const {
    return line >= 1 ? m_text->annotation(line - 1) : QString();
}

void KernelEditor::setStatus(const QString& text, bool isError) {
    m_statusIsError = isError && !text.isEmpty();
    m_status->setText(shortened(text, 4));
    m_status->setToolTip(text);
    m_status->setStyleSheet(m_statusIsError ? QStringLiteral("color: #B00020;") : QString());
}

QString KernelEditor::statusText() const { return m_status->toolTip(); }

double KernelEditor::timeLimitSeconds() const { return m_timeLimit->value(); }

}  // namespace ws
