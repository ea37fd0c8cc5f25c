#pragma once
// The memory lab's views side by side (banks, coalescing, image), each with
// its selector, shown for the memory experiments as their catalog entry
// lists them. The parameter panel's values reach the bank view at once as a
// prediction; the measured cycles stay labelled with where they came from.
#include <QWidget>

#include "core/catalog/catalog.h"
#include "widgets/model/playback_model.h"

class QComboBox;
class QSplitter;

namespace ws {

class BankView;
class CoalescingView;
class ImageView;

class MemoryLabViews : public QWidget {
    Q_OBJECT
public:
    explicit MemoryLabViews(PlaybackModel* model, QWidget* parent = nullptr);

    // Shows the views `spec` lists; false (and hidden) when it lists none of
    // them. With the run on show, the bank view only where that run has
    // shared-memory accesses, recorded or predicted.
    bool showFor(const ExperimentSpec* spec, const Run* run = nullptr);
    // The controls' values: the bank view predicts from them when they differ from the run's.
    void setControls(const ExperimentSpec* spec, const ParamValues& values);
    // "live on ...", "recorded on ..., nearest parameters": where measurements come from.
    void setMeasurementSource(const QString& note);

    BankView* banks() const { return m_banks; }
    CoalescingView* coalescing() const { return m_coalescing; }
    ImageView* image() const { return m_image; }

private:
    QWidget* boxed(const QString& title, QWidget* view, QComboBox* selector);
    void fillBankSelector();
    void fillRequestSelector();

    PlaybackModel* m_model;
    BankView* m_banks;
    CoalescingView* m_coalescing;
    ImageView* m_image;
    QComboBox* m_bankSelector;
    QComboBox* m_requestSelector;
    QWidget *m_bankBox, *m_coalescingBox, *m_imageBox;
};

}  // namespace ws
