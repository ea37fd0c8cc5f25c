#pragma once
// The parameters of the chosen experiment, generated from its catalog entry:
// a slider (powers of two where the catalog says logScale) with a spin box
// and the unit, or a combo box for choices; the help text as tooltip. When
// runs come from recorded traces the sliders snap to the recorded values.
#include <QWidget>
#include <map>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/profile/why_cost.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QSlider;
class QAbstractSpinBox;

namespace ws {

class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(QWidget* parent = nullptr);

    void setExperiment(const ExperimentSpec* spec);
    const ExperimentSpec* experiment() const { return m_spec; }
    // Snap to these values per parameter; an empty map lets every value through.
    void setRecordedValues(std::map<std::string, std::vector<std::string>> values);
    void setValues(const ParamValues& values);
    ParamValues values() const;
    Result<ParamValues> resolved() const;
    bool autoRun() const;
    void setAutoRun(bool on);
    // Whether runs record why they are slow (stall samples and hardware
    // counters): where it costs little (the default), always, or never.
    WhyMode why() const;
    void setWhy(WhyMode mode);
    QComboBox* whyChooser() const { return m_why; }

    // For tests: the editors generated for a parameter.
    QSlider* sliderFor(const std::string& name) const;
    QAbstractSpinBox* spinFor(const std::string& name) const;
    QComboBox* comboFor(const std::string& name) const;
    QPushButton* runButton() const { return m_run; }

signals:
    void valuesChanged();
    void runRequested();
    void whyChanged(WhyMode mode);

private:
    struct Editor {
        const ParamSpec* spec = nullptr;
        QSlider* slider = nullptr;
        QAbstractSpinBox* spin = nullptr;
        QComboBox* combo = nullptr;
        std::vector<std::string> stops;  // slider positions -> values (empty: linear)
        QWidget* row = nullptr;          // the editors and the unit
        QLabel* label = nullptr;         // the name
    };
    // Greys out the parameters the other values leave unused (usedWith).
    void showWhichAreUsed();
    void rebuild();
    void buildEditor(Editor& e, const std::vector<std::string>* recorded);
    void setEditorValue(Editor& e, const std::string& value);
    std::string editorValue(const Editor& e) const;
    void changed();

    const ExperimentSpec* m_spec = nullptr;
    std::map<std::string, std::vector<std::string>> m_recorded;
    std::vector<Editor> m_editors;
    QFormLayout* m_form;
    QWidget* m_formHost;
    QLabel* m_error;
    QPushButton* m_run;
    QCheckBox* m_auto;
    QComboBox* m_why;
    bool m_updating = false;
};

}  // namespace ws
