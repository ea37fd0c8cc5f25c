#include "app/gui/workbench/parameter_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>

#include "app/gui/common/scroll_when_short.h"

namespace ws {

namespace {
std::string intText(long long v) { return std::to_string(v); }

// The slider stops of an integer parameter stepped in powers of two.
std::vector<std::string> powerStops(const ParamSpec& s) {
    std::vector<std::string> stops;
    if (s.min <= 0) stops.push_back("0");
    for (long long v = 1; double(v) <= s.max; v *= 2)
        if (double(v) >= s.min && v % std::max(1LL, s.multipleOf) == 0) stops.push_back(intText(v));
    return stops;
}

std::size_t nearestStop(const std::vector<std::string>& stops, const std::string& value) {
    const double x = std::atof(value.c_str());
    std::size_t best = 0;
    double bestD = 1e300;
    for (std::size_t i = 0; i < stops.size(); ++i) {
        if (stops[i] == value) return i;
        const double y = std::atof(stops[i].c_str());
        const double d = (x > 0 && y > 0) ? std::fabs(std::log2(x / y)) : std::fabs(x - y);
        if (d < bestD) {
            bestD = d;
            best = i;
        }
    }
    return best;
}
}  // namespace

ParameterPanel::ParameterPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_formHost = new QWidget(this);
    m_form = new QFormLayout(m_formHost);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // Where the dock is narrow (a 1366 px laptop), a field goes below its
    // name instead of holding the window wider than the screen.
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    // Many parameters (the streams lab's seven, or any lab's rows wrapped)
    // scroll on a short screen, and the Run button below them stays in view.
    layout->addWidget(scrollWhenShort(m_formHost));
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #B00020;"));
    m_error->hide();
    layout->addWidget(m_error);
    auto* buttons = new QHBoxLayout;
    m_run = new QPushButton(tr("Run"), this);
    m_run->setToolTip(tr("Run the experiment with these parameters (Ctrl+R)"));
    m_run->setShortcut(QKeySequence(QStringLiteral("Ctrl+R")));
    m_auto = new QCheckBox(tr("Run on every change"), this);
    m_auto->setToolTip(tr("Each slider move starts a run; only the newest one is shown"));
    buttons->addWidget(m_run);
    buttons->addWidget(m_auto);
    buttons->addStretch();
    layout->addLayout(buttons);
    // Where it costs little, a run records why by default; the run's
    // profile says so where it left it out (core/profile/why_cost.h).
    // The label above the chooser: beside it, the two held the panel wider
    // than a laptop's dock.
    auto* whyRow = new QVBoxLayout;
    whyRow->setSpacing(2);
    auto* whyLabel = new QLabel(tr("Record why it is slow:"), this);
    m_why = new QComboBox(this);
    m_why->addItem(tr("where it costs little"), int(WhyMode::WhenCheap));
    m_why->addItem(tr("always"), int(WhyMode::Always));
    m_why->addItem(tr("never"), int(WhyMode::Never));
    whyLabel->setBuddy(m_why);
    m_why->setToolTip(
        tr("After the timed launches, launch the kernel again under CUPTI: warp stall samples "
           "per source line and hardware counters (the stalls and counters views). The timed "
           "launches are never profiled; the run panel shows what sampling cost. \"Where it "
           "costs little\" leaves it out where it would add more than %1 s to the run.")
            .arg(kCheapWhySeconds, 0, 'f', 0));
    whyRow->addWidget(whyLabel);
    whyRow->addWidget(m_why);
    layout->addLayout(whyRow);
    connect(m_why, &QComboBox::currentIndexChanged, this, [this] { emit whyChanged(why()); });
    layout->addStretch();
    connect(m_run, &QPushButton::clicked, this, &ParameterPanel::runRequested);
}

void ParameterPanel::setExperiment(const ExperimentSpec* spec) {
    m_spec = spec;
    m_recorded.clear();
    rebuild();
}

void ParameterPanel::setRecordedValues(std::map<std::string, std::vector<std::string>> values) {
    const ParamValues keep = values.empty() ? this->values() : this->values();
    m_recorded = std::move(values);
    rebuild();
    setValues(keep);
}

void ParameterPanel::rebuild() {
    m_updating = true;
    while (m_form->rowCount() > 0) m_form->removeRow(0);
    m_editors.clear();
    if (!m_spec) {
        m_updating = false;
        return;
    }
    m_editors.resize(m_spec->params.size());
    for (std::size_t i = 0; i < m_spec->params.size(); ++i) {
        Editor& e = m_editors[i];
        e.spec = &m_spec->params[i];
        const auto it = m_recorded.find(e.spec->name);
        buildEditor(
            e, m_recorded.empty() ? nullptr : (it == m_recorded.end() ? &e.stops : &it->second));
        setEditorValue(e, e.spec->defaultValue);
    }
    m_updating = false;
    changed();
}

void ParameterPanel::buildEditor(Editor& e, const std::vector<std::string>* recorded) {
    const ParamSpec& s = *e.spec;
    auto* row = new QWidget(m_formHost);
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    const QString help = QString::fromStdString(s.help);
    if (s.type == ParamType::Choice) {
        e.combo = new QComboBox(row);
        for (const auto& c : s.choices)
            if (!recorded || recorded->empty() ||
                std::find(recorded->begin(), recorded->end(), c) != recorded->end())
                e.combo->addItem(QString::fromStdString(c));
        e.combo->setEnabled(e.combo->count() > 1);
        connect(e.combo, &QComboBox::currentIndexChanged, this, [this] { changed(); });
        h->addWidget(e.combo, 1);
    } else {
        e.slider = new QSlider(Qt::Horizontal, row);
        if (recorded)
            e.stops = *recorded;
        else if (s.type == ParamType::Int && (s.logScale || s.powerOfTwo))
            e.stops = powerStops(s);
        if (!e.stops.empty()) {
            e.slider->setRange(0, int(e.stops.size()) - 1);
            e.slider->setPageStep(1);
            e.slider->setTickPosition(QSlider::TicksBelow);
        } else if (s.type == ParamType::Int) {
            e.slider->setRange(int(s.min), int(std::min(s.max, 2e9)));
            e.slider->setSingleStep(int(std::max(1LL, s.multipleOf)));
        } else {
            e.slider->setRange(0, 1000);
        }
        if (s.type == ParamType::Int) {
            auto* spin = new QSpinBox(row);
            spin->setRange(int(s.min), int(std::min(s.max, 2e9)));
            spin->setSingleStep(int(std::max(1LL, s.multipleOf)));
            spin->setGroupSeparatorShown(true);
            connect(spin, &QSpinBox::valueChanged, this, [this, &e](int v) {
                if (m_updating) return;
                setEditorValue(e, intText(v));
                changed();
            });
            e.spin = spin;
        } else {
            auto* spin = new QDoubleSpinBox(row);
            spin->setRange(s.min, s.max);
            spin->setDecimals(3);
            connect(spin, &QDoubleSpinBox::valueChanged, this, [this, &e](double v) {
                if (m_updating) return;
                setEditorValue(e, QString::number(v).toStdString());
                changed();
            });
            e.spin = spin;
        }
        // Recorded runs exist only for the recorded values: the slider picks them.
        e.spin->setReadOnly(recorded != nullptr);
        e.spin->setButtonSymbols(recorded ? QAbstractSpinBox::NoButtons
                                          : QAbstractSpinBox::UpDownArrows);
        e.slider->setEnabled(!recorded || e.stops.size() > 1);
        connect(e.slider, &QSlider::valueChanged, this, [this, &e](int pos) {
            if (m_updating) return;
            const ParamSpec& sp = *e.spec;
            std::string v;
            if (!e.stops.empty())
                v = e.stops[std::size_t(pos)];
            else if (sp.type == ParamType::Int) {
                const long long m = std::max(1LL, sp.multipleOf);
                v = intText((pos / m) * m);
            } else
                v = QString::number(sp.min + (sp.max - sp.min) * pos / 1000.0).toStdString();
            setEditorValue(e, v);
            changed();
        });
        // A slider keeps room to be dragged: beside a long unit ("rows and
        // columns") in a laptop's dock it shrank to a 10-px handle.
        e.slider->setMinimumWidth(
            QFontMetrics(e.slider->font()).horizontalAdvance(QStringLiteral("0000")));
        h->addWidget(e.slider, 1);
        h->addWidget(e.spin);
        e.spin->setToolTip(help);
        e.slider->setToolTip(help);
    }
    if (!s.unit.empty()) {
        auto* unit = new QLabel(QString::fromStdString(s.unit), row);
        unit->setWordWrap(true);  // two short lines rather than the slider's room
        h->addWidget(unit);
    }
    auto* label = new QLabel(QString::fromStdString(s.name), m_formHost);
    label->setToolTip(help);
    row->setToolTip(help);
    if (e.combo) e.combo->setToolTip(help);
    m_form->addRow(label, row);
    e.row = row;
    e.label = label;
}

void ParameterPanel::showWhichAreUsed() {
    const ParamValues v = values();
    for (Editor& e : m_editors) {
        if (e.spec->usedWith.empty()) continue;
        // Disabling the row greys its editors without touching their own
        // enabled state (a single recorded value keeps its slider off).
        const bool used = paramUsed(*e.spec, v);
        e.row->setEnabled(used);
        e.label->setEnabled(used);
        const QString help = QString::fromStdString(e.spec->help);
        e.label->setToolTip(used ? help
                                 : tr("Not used now: only with %1.\n%2")
                                       .arg(QString::fromStdString(e.spec->usedWith), help));
    }
}

void ParameterPanel::setEditorValue(Editor& e, const std::string& value) {
    const bool was = m_updating;
    m_updating = true;
    if (e.combo) {
        const int i = e.combo->findText(QString::fromStdString(value));
        if (i >= 0) e.combo->setCurrentIndex(i);
    } else {
        if (!e.stops.empty())
            e.slider->setValue(int(nearestStop(e.stops, value)));
        else if (e.spec->type == ParamType::Int)
            e.slider->setValue(std::atoi(value.c_str()));
        else
            e.slider->setValue(
                int((std::atof(value.c_str()) - e.spec->min) / (e.spec->max - e.spec->min) * 1000));
        // In snap mode the spin box shows the stop the slider landed on.
        const bool snap = !m_recorded.empty() && !e.stops.empty();
        const std::string shown = snap ? e.stops[std::size_t(e.slider->value())] : value;
        if (auto* i = qobject_cast<QSpinBox*>(e.spin)) i->setValue(std::atoi(shown.c_str()));
        if (auto* d = qobject_cast<QDoubleSpinBox*>(e.spin)) d->setValue(std::atof(shown.c_str()));
    }
    m_updating = was;
}

std::string ParameterPanel::editorValue(const Editor& e) const {
    if (e.combo) return e.combo->currentText().toStdString();
    if (auto* i = qobject_cast<QSpinBox*>(e.spin)) return intText(i->value());
    if (auto* d = qobject_cast<QDoubleSpinBox*>(e.spin))
        return QString::number(d->value()).toStdString();
    return e.spec->defaultValue;
}

void ParameterPanel::setValues(const ParamValues& values) {
    for (auto& e : m_editors) {
        const auto it = values.find(e.spec->name);
        if (it != values.end()) setEditorValue(e, it->second);
    }
    changed();
}

ParamValues ParameterPanel::values() const {
    ParamValues v;
    for (const auto& e : m_editors) v[e.spec->name] = editorValue(e);
    return v;
}

Result<ParamValues> ParameterPanel::resolved() const {
    if (!m_spec) return makeError("no experiment chosen");
    return resolveParams(*m_spec, values());
}

bool ParameterPanel::autoRun() const { return m_auto->isChecked(); }
WhyMode ParameterPanel::why() const { return WhyMode(m_why->currentData().toInt()); }
void ParameterPanel::setWhy(WhyMode mode) { m_why->setCurrentIndex(m_why->findData(int(mode))); }
void ParameterPanel::setAutoRun(bool on) { m_auto->setChecked(on); }

void ParameterPanel::changed() {
    if (m_updating) return;
    showWhichAreUsed();
    const auto r = resolved();
    m_error->setVisible(!r.ok() && m_spec);
    if (!r.ok()) m_error->setText(QString::fromStdString(r.error()));
    m_run->setEnabled(r.ok());
    emit valuesChanged();
    if (r.ok() && autoRun()) emit runRequested();
}

QSlider* ParameterPanel::sliderFor(const std::string& name) const {
    for (const auto& e : m_editors)
        if (e.spec->name == name) return e.slider;
    return nullptr;
}
QAbstractSpinBox* ParameterPanel::spinFor(const std::string& name) const {
    for (const auto& e : m_editors)
        if (e.spec->name == name) return e.spin;
    return nullptr;
}
QComboBox* ParameterPanel::comboFor(const std::string& name) const {
    for (const auto& e : m_editors)
        if (e.spec->name == name) return e.combo;
    return nullptr;
}

}  // namespace ws
