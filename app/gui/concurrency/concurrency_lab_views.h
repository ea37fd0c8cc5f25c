#pragma once
// The concurrency lab's views in one place: the operations timeline large on
// the left; the launch tree, the managed pages and the figures as tabs on the
// right, each shown for the experiments whose catalog entry lists it.
#include <QWidget>

#include "core/catalog/catalog.h"
#include "widgets/model/playback_model.h"

class QLabel;
class QTabWidget;

namespace ws {

class FiguresView;
class LaunchTreeView;
class OperationsView;
class PagesView;

class ConcurrencyLabViews : public QWidget {
    Q_OBJECT
public:
    explicit ConcurrencyLabViews(PlaybackModel* model, QWidget* parent = nullptr);

    // Shows the views `spec` lists, and the operations and figures where the
    // run holds CUPTI's operations though its lab lists none (a traced
    // program's timeline); false when none is shown.
    bool showFor(const ExperimentSpec* spec, bool runHoldsOperations = false);
    // "recorded on ...", "live on ...": where the measurements come from.
    void setMeasurementSource(const QString& note);

    OperationsView* operations() const { return m_operations; }
    LaunchTreeView* launchTree() const { return m_tree; }
    PagesView* pages() const { return m_pages; }
    FiguresView* figures() const { return m_figures; }
    QWidget* figuresPage() const { return m_figuresPage; }  // the tab that holds them
    QTabWidget* tabs() const { return m_tabs; }

private:
    PlaybackModel* m_model;
    QLabel* m_source;
    OperationsView* m_operations;
    QTabWidget* m_tabs;
    LaunchTreeView* m_tree;
    PagesView* m_pages;
    FiguresView* m_figures;
    QWidget* m_figuresPage;
};

}  // namespace ws
