#include "app/gui/lessons/slide_stage.h"

#include <QApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QResizeEvent>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>

#include "app/gui/compare/compare_table.h"
#include "app/gui/lessons/slide_progress.h"
#include "widgets/view/ui_scale.h"
#include "widgets/view/view_text.h"

namespace ws {

namespace {

// From the application font: the scale sets it, and this widget's own font
// may not have followed yet when the scale's signal arrives.
QFont scaledFont(double factor, bool bold) {
    QFont f = QApplication::font();
    f.setPointSizeF(f.pointSizeF() * factor);
    f.setBold(bold);
    return f;
}

}  // namespace

SlideStage::SlideStage(QWidget* parent)
    : QWidget(parent),
      m_number(new QLabel(this)),
      m_title(new QLabel(this)),
      m_badge(new QLabel(this)),
      m_pending(new QLabel(this)),
      m_body(new QWidget(this)),
      m_bodyLayout(new QVBoxLayout(m_body)),
      m_caption(new QLabel(this)),
      m_problem(new QLabel(this)),
      m_progress(new SlideProgress(this)),
      m_curtain(new QWidget(this)) {
    setObjectName(QStringLiteral("slide-stage"));
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(0);

    auto* head = new QHBoxLayout;
    head->setContentsMargins(12, 6, 12, 6);
    m_number->setObjectName(QStringLiteral("slide-number"));
    m_title->setObjectName(QStringLiteral("slide-title"));
    m_title->setTextFormat(Qt::PlainText);
    m_badge->setObjectName(QStringLiteral("slide-badge"));
    // The badge names the GPU and how the run came: on a narrow projector
    // it wraps onto a second line rather than widening the slide.
    m_badge->setWordWrap(true);
    m_badge->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_pending->setObjectName(QStringLiteral("slide-pending"));
    head->addWidget(m_number);
    head->addSpacing(16);
    head->addWidget(m_title, 2);
    head->addWidget(m_pending);
    head->addWidget(m_badge, 1);
    v->addLayout(head);

    m_bodyLayout->setContentsMargins(4, 0, 4, 0);
    v->addWidget(m_body, 1);

    m_problem->setObjectName(QStringLiteral("slide-problem"));
    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setContentsMargins(12, 4, 12, 4);
    m_problem->hide();
    v->addWidget(m_problem);

    m_caption->setObjectName(QStringLiteral("slide-caption"));
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::MarkdownText);
    m_caption->setMargin(12);  // the text keeps clear of the screen's edge
    m_caption->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_caption->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    v->addWidget(m_caption);
    v->addWidget(m_progress);

    // The curtain covers everything, so a black or white screen hides the
    // slide number too, as a projector's blank does.
    m_curtain->setAutoFillBackground(true);
    m_curtain->hide();

    auto restyle = [this] {
        m_number->setFont(scaledFont(1.3, true));
        m_title->setFont(scaledFont(1.3, true));
        m_caption->setFont(scaledFont(1.1, false));
        fitCaption();
    };
    restyle();
    connect(UiScale::instance(), &UiScale::changed, this, restyle);
}

void SlideStage::setHeading(int slide, int count, const QString& title, const QString& badge) {
    m_number->setText(QStringLiteral("%1 / %2").arg(slide).arg(count));
    m_title->setText(title);
    m_badge->setText(badge);
    m_badge->setVisible(!badge.isEmpty());
}

namespace {

// Keeps two wrapped labels as tall as the taller needs at their widths.
class TwinHeights : public QObject {
public:
    TwinHeights(QLabel* a, QLabel* b) : QObject(a), m_a(a), m_b(b) {
        a->installEventFilter(this);
        b->installEventFilter(this);
    }
    bool eventFilter(QObject*, QEvent* e) override {
        if (e->type() == QEvent::Resize) fit();
        return false;
    }

private:
    void fit() {
        if (!m_b) return;
        // A label's height for a width is never below its minimum: asked
        // with the minimum set, a height from a narrow first layout stuck.
        const int before[2] = {m_a->minimumHeight(), m_b->minimumHeight()};
        m_a->setMinimumHeight(0);
        m_b->setMinimumHeight(0);
        const int h =
            std::max(m_a->heightForWidth(m_a->width()), m_b->heightForWidth(m_b->width()));
        m_a->setMinimumHeight(before[0]);
        m_b->setMinimumHeight(before[1]);
        for (QLabel* l : {m_a, m_b.data()})
            if (l->minimumHeight() != h) l->setMinimumHeight(h);
    }
    QLabel* m_a;
    QPointer<QLabel> m_b;
};

}  // namespace

void SlideStage::alignTitles(QLabel* a, QLabel* b) {
    if (a && b) new TwinHeights(a, b);
}

QWidget* SlideStage::framed(const QString& title, QWidget* view) {
    auto* box = new QWidget;
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(2, 2, 2, 2);
    v->setSpacing(2);
    auto* label = new QLabel(title, box);
    label->setObjectName(QStringLiteral("view-title"));
    // Bold by style, not by a font of its own, so it follows the UI scale.
    label->setStyleSheet(QStringLiteral("font-weight: bold"));
    // It wraps where its column is narrow: whole, it held two views of a
    // comparison 1084 px wide on a 1024 x 768 projector.
    label->setWordWrap(true);
    // Against its view: a comparison's shorter title, made as tall as its
    // twin's, stays next to the view it names.
    label->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
    v->addWidget(label);
    view->setParent(box);
    // A slide's views share the screen with its caption: they shrink rather
    // than push the caption off the bottom at projection sizes.
    view->setMinimumSize(80, 60);
    v->addWidget(view, 1);
    m_views.push_back(view);
    return box;
}

void SlideStage::clearBody() {
    m_views.clear();
    m_compareTable = nullptr;
    if (m_bodyContent) {
        m_bodyLayout->removeWidget(m_bodyContent);
        delete m_bodyContent;
        m_bodyContent = nullptr;
    }
}

void SlideStage::setViews(const std::vector<std::pair<QString, QWidget*>>& titledViews,
                          lesson::Layout layout) {
    clearBody();
    std::vector<QWidget*> boxes;
    for (const auto& [title, view] : titledViews) boxes.push_back(framed(title, view));
    QWidget* content = nullptr;
    using lesson::Layout;
    if (boxes.size() <= 1 || layout == Layout::SideBySide || layout == Layout::Stacked) {
        auto* split = new QSplitter(layout == Layout::Stacked ? Qt::Vertical : Qt::Horizontal);
        for (QWidget* b : boxes) split->addWidget(b);
        for (int i = 0; i < split->count(); ++i) split->setStretchFactor(i, 1);
        content = split;
    } else {
        // The first view large, the others beside (main-left) or below (main-top) it.
        const bool left = layout == Layout::MainLeft;
        auto* outer = new QSplitter(left ? Qt::Horizontal : Qt::Vertical);
        auto* rest = new QSplitter(left ? Qt::Vertical : Qt::Horizontal);
        outer->addWidget(boxes.front());
        for (std::size_t i = 1; i < boxes.size(); ++i) rest->addWidget(boxes[i]);
        outer->addWidget(rest);
        outer->setStretchFactor(0, 3);
        outer->setStretchFactor(1, 2);
        content = outer;
    }
    m_bodyContent = content;
    m_bodyLayout->addWidget(content);
    // Shown now: a page that moved between windows (presentation mode) does
    // not always get the layout's deferred show.
    content->show();
}

void SlideStage::setComparison(const std::vector<std::pair<QString, QWidget*>>& left,
                               const std::vector<std::pair<QString, QWidget*>>& right,
                               const QString& leftTitle, const QString& rightTitle,
                               CompareTable* table) {
    clearBody();
    auto* content = new QWidget;
    auto* v = new QVBoxLayout(content);
    v->setContentsMargins(0, 0, 0, 0);
    auto* columns = new QSplitter(Qt::Horizontal, content);
    std::vector<QLabel*> titles[2];
    int sideIndex = 0;
    for (const auto& [side, title] : {std::pair{&left, leftTitle}, std::pair{&right, rightTitle}}) {
        auto* col = new QSplitter(Qt::Vertical);
        for (const auto& [viewTitle, view] : *side) {
            QWidget* box = framed(title + QStringLiteral(" — ") + viewTitle, view);
            titles[sideIndex].push_back(box->findChild<QLabel*>(QStringLiteral("view-title")));
            col->addWidget(box);
        }
        columns->addWidget(col);
        ++sideIndex;
    }
    // A title that wraps on one side only started that side's view a line
    // lower than its twin's: the two titles of a row take the taller's lines.
    for (std::size_t i = 0; i < std::min(titles[0].size(), titles[1].size()); ++i)
        alignTitles(titles[0][i], titles[1][i]);
    v->addWidget(columns, 1);
    if (table) {
        table->setParent(content);
        v->addWidget(table);
        // Its rows come when the second run does, and the alike row wraps
        // anew at each width: the height follows them.
        connect(table, &CompareTable::contentHeightChanged, this, &SlideStage::fitCompareTable);
    }
    m_compareTable = table;
    m_bodyContent = content;
    m_bodyLayout->addWidget(content);
    content->show();
    fitCompareTable();
}

void SlideStage::setCaption(const QString& markdown) {
    m_caption->setText(keepNumbersWithUnits(markdown));
    m_caption->setVisible(!markdown.trimmed().isEmpty());
    fitCaption();
}

void SlideStage::fitCaption() {
    // A word-wrapped label's height depends on its width, which the box
    // layout does not ask for: the caption takes what its lines need.
    const int w = std::max(100, width());
    // A label's height for a width is never below its minimum, which the
    // last fit fixed: asked with it set, a taller earlier text (the caption
    // with "…" before its figure came) kept its height, depending on when
    // the figure came.
    m_caption->setMinimumHeight(0);
    const int h = m_caption->isVisible() || !m_caption->text().isEmpty()
                      ? m_caption->heightForWidth(w) + 2
                      : 0;
    if (m_caption->height() == h && m_caption->minimumHeight() == h) return;
    m_caption->setFixedHeight(h);
    // Laid out now, not at the next event: a screenshot may follow at once.
    if (layout()) layout()->activate();
}

void SlideStage::setProblem(const QString& message) {
    m_problem->setText(message);
    m_problem->setVisible(!message.isEmpty());
}

void SlideStage::setProgress(double fraction) { m_progress->setFraction(fraction); }

void SlideStage::setBlank(Blank blank) {
    m_blank = blank;
    if (blank == Blank::None) {
        m_curtain->hide();
        return;
    }
    QPalette p = m_curtain->palette();
    p.setColor(QPalette::Window, blank == Blank::Black ? Qt::black : Qt::white);
    m_curtain->setPalette(p);
    m_curtain->setGeometry(rect());
    m_curtain->raise();
    m_curtain->show();
}

void SlideStage::setPendingNumber(const QString& digits) {
    m_pending->setText(digits.isEmpty() ? QString() : tr("go to slide %1…").arg(digits));
}

void SlideStage::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    m_curtain->setGeometry(rect());
    fitCaption();
    fitCompareTable();
}

void SlideStage::fitCompareTable() {
    // The table asked for all its rows, and in a window's short stage that
    // left the two runs' views a strip one SM high; held to a third of the
    // stage, it scrolled its last row out of a 1024 x 768 projector's slide.
    // It gets the height of all its rows up to 45 % of the stage, and
    // scrolls beyond that; the views keep the rest.
    if (!m_compareTable) return;
    const int h = m_compareTable->fittedHeight(height());
    if (m_compareTable->minimumHeight() == h && m_compareTable->maximumHeight() == h) return;
    m_compareTable->setFixedHeight(h);
    if (layout()) layout()->activate();  // now: a screenshot may follow at once
}

QString SlideStage::headingText() const {
    return m_number->text() + QLatin1Char(' ') + m_title->text();
}
QString SlideStage::captionText() const { return m_caption->text(); }
QString SlideStage::badgeText() const { return m_badge->isHidden() ? QString() : m_badge->text(); }
QString SlideStage::problemText() const {
    return m_problem->isVisible() ? m_problem->text() : QString();
}

}  // namespace ws

namespace ws {
QString SlideStage::pendingNumberText() const { return m_pending->text(); }
}  // namespace ws
