#include "app/gui/memory/memory_lab_views.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "core/memory/memory_access_model.h"
#include "widgets/memory/bank_view.h"
#include "widgets/memory/coalescing_view.h"
#include "widgets/memory/image_view.h"

namespace ws {

namespace {

bool listed(const ExperimentSpec* spec, const char* view) { return spec && spec->lists(view); }

bool sameSetting(const ParamValues& a, const ParamValues& b) {
    for (const auto& [k, v] : a) {
        if (k == "traced_blocks") continue;  // tracing changes no address
        const auto it = b.find(k);
        if (it == b.end() || it->second != v) return false;
    }
    return true;
}

QString settingText(const ParamValues& values) {
    QStringList parts;
    for (const auto& [k, v] : values)
        if (k != "traced_blocks") parts << QString::fromStdString(k + "=" + v);
    return parts.join(' ');
}

}  // namespace

MemoryLabViews::MemoryLabViews(PlaybackModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_banks(new BankView(model, this)),
      m_coalescing(new CoalescingView(model, this)),
      m_image(new ImageView(model, this)),
      m_bankSelector(new QComboBox(this)),
      m_requestSelector(new QComboBox(this)) {
    m_bankSelector->setObjectName(QStringLiteral("bankInstruction"));
    m_requestSelector->setObjectName(QStringLiteral("globalRequest"));
    for (QComboBox* c : {m_bankSelector, m_requestSelector}) {
        // Twelve characters at least, the rest elided: at 24 the three views
        // side by side held the window 1526 px wide, wider than a laptop.
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(12);
    }
    m_bankBox = boxed(tr("Shared-memory banks"), m_banks, m_bankSelector);
    m_coalescingBox =
        boxed(tr("Global memory: sectors and lines"), m_coalescing, m_requestSelector);
    m_imageBox = boxed(tr("Input and output images"), m_image, nullptr);
    auto* split = new QSplitter(Qt::Horizontal, this);
    for (QWidget* w : {m_bankBox, m_coalescingBox, m_imageBox}) split->addWidget(w);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    connect(m_banks, &BankView::instructionsChanged, this, &MemoryLabViews::fillBankSelector);
    connect(m_banks, &BankView::instructionChanged, this, [this](int i) {
        const QSignalBlocker block(m_bankSelector);
        m_bankSelector->setCurrentIndex(i);
    });
    connect(m_bankSelector, &QComboBox::currentIndexChanged, m_banks, &BankView::setInstruction);
    connect(m_coalescing, &CoalescingView::requestsChanged, this,
            &MemoryLabViews::fillRequestSelector);
    connect(m_coalescing, &CoalescingView::requestChanged, this, [this](int i) {
        const QSignalBlocker block(m_requestSelector);
        m_requestSelector->setCurrentIndex(i);
    });
    connect(m_requestSelector, &QComboBox::currentIndexChanged, m_coalescing,
            &CoalescingView::setRequest);
    fillBankSelector();
    fillRequestSelector();
    hide();
}

QWidget* MemoryLabViews::boxed(const QString& title, QWidget* view, QComboBox* selector) {
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(0);
    auto* head = new QHBoxLayout;
    head->setContentsMargins(6, 2, 6, 2);
    auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(title), box);
    label->setWordWrap(true);  // a narrow box wraps its title rather than widening
    head->addWidget(label, 1);
    if (selector) {
        // Previous / next step through the traced instructions, as a presenter remote would.
        auto* back = new QToolButton(box);
        back->setText(QStringLiteral("◀"));
        back->setToolTip(tr("previous traced instruction"));
        auto* next = new QToolButton(box);
        next->setText(QStringLiteral("▶"));
        next->setToolTip(tr("next traced instruction"));
        connect(back, &QToolButton::clicked, selector, [selector] {
            selector->setCurrentIndex(std::max(0, selector->currentIndex() - 1));
        });
        connect(next, &QToolButton::clicked, selector, [selector] {
            selector->setCurrentIndex(
                std::min(selector->count() - 1, selector->currentIndex() + 1));
        });
        head->addWidget(back);
        head->addWidget(selector, 1);
        head->addWidget(next);
    }
    v->addLayout(head);
    v->addWidget(view, 1);
    return box;
}

void MemoryLabViews::fillBankSelector() {
    const QSignalBlocker block(m_bankSelector);
    m_bankSelector->clear();
    for (int i = 0; i < m_banks->instructionCount(); ++i)
        m_bankSelector->addItem(m_banks->instructionLabel(i));
    m_bankSelector->setCurrentIndex(m_banks->instruction());
    m_bankSelector->setEnabled(m_banks->instructionCount() > 1);
}

void MemoryLabViews::fillRequestSelector() {
    const QSignalBlocker block(m_requestSelector);
    m_requestSelector->clear();
    for (int i = 0; i < m_coalescing->requestCount(); ++i)
        m_requestSelector->addItem(m_coalescing->requestLabel(i));
    m_requestSelector->setCurrentIndex(m_coalescing->request());
    m_requestSelector->setEnabled(m_coalescing->requestCount() > 1);
}

bool MemoryLabViews::showFor(const ExperimentSpec* spec, const Run* run) {
    // A run with no shared-memory access recorded and none to predict (a
    // naive or a CPU variant, cuBLAS) would leave the bank view a message
    // in half the window.
    // (From the run itself: the bank view hears of a new run after this.)
    const auto recorded = [](const Run& r) {
        return std::any_of(r.launches.begin(), r.launches.end(),
                           [](const Launch& l) { return l.sharedAccesses.size() > 0; });
    };
    const bool banks =
        listed(spec, "banks") &&
        (!run || recorded(*run) || !modelWarpAccesses(run->experiment, run->params).shared.empty());
    m_bankBox->setVisible(banks);
    m_coalescingBox->setVisible(listed(spec, "coalescing"));
    m_imageBox->setVisible(listed(spec, "image"));
    const bool any = banks || listed(spec, "coalescing") || listed(spec, "image");
    setVisible(any);
    return any;
}

void MemoryLabViews::setControls(const ExperimentSpec* spec, const ParamValues& values) {
    const Run* run = m_model->run();
    if (!spec || !run || run->experiment != spec->id || sameSetting(values, run->params) ||
        !listed(spec, "banks")) {
        m_banks->setPrediction(std::nullopt, {});
        return;
    }
    // Cheap: the model computes one warp's addresses, so this runs on every slider step.
    const auto shared = modelWarpAccesses(spec->id, values).shared;
    if (shared.empty()) {
        m_banks->setPrediction(std::nullopt, {});
        return;
    }
    const std::size_t i =
        std::min<std::size_t>(std::size_t(std::max(0, m_banks->instruction())), shared.size() - 1);
    m_banks->setPrediction(shared[i].access, settingText(values));
}

void MemoryLabViews::setMeasurementSource(const QString& note) {
    m_banks->setMeasurementNote(note);
}

}  // namespace ws
