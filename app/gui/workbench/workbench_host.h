#pragma once
// What a lab, a lesson or a view factory may ask of the window it lives in:
// the playback model and run source every view shares, the panels, the view
// catalog, the labs' docks, and opening a trace or running an experiment.
// MainWindow (app/gui/window/main_window.h) is the one implementation. The
// labs and lessons know only this, so the window can compose them while no
// room of app/gui includes a room that includes it back.
#include <QMainWindow>
#include <QString>
#include <functional>
#include <vector>

#include "app/gui/workbench/throughput_series.h"
#include "app/gui/workbench/view_catalog.h"
#include "app/gui/worker/run_source.h"
#include "widgets/model/playback_model.h"

class QDockWidget;

namespace ws {

class DockSizes;
struct ExperimentSpec;
class ExperimentBrowser;
class ParameterPanel;
class ThroughputPlot;

class WorkbenchHost : public QMainWindow {
    Q_OBJECT
public:
    using QMainWindow::QMainWindow;

    virtual PlaybackModel* model() const = 0;
    virtual RunSource* source() const = 0;
    virtual ParameterPanel* parameters() const = 0;
    virtual ThroughputPlot* throughput() const = 0;
    virtual ExperimentBrowser* browser() const = 0;
    // Where labs ask for their docks' sizes (applied once on screen).
    virtual DockSizes* dockSizes() const = 0;
    // A lab's dock: movable, floatable and closable, in `area`; its content
    // is the lab's to set.
    virtual QDockWidget* addLabDock(const QString& title, const QString& name,
                                    Qt::DockWidgetArea area) = 0;
    // Shows or hides a lab's dock as the lab's run asks (a lesson on the
    // stage defers the wish until it closes).
    virtual void showLabDock(QDockWidget* dock, bool shown) = 0;
    // Views by name, for lessons, presentation mode and exports; labs add theirs.
    virtual ViewCatalog* views() = 0;
    virtual ViewContext viewContext() = 0;
    // Live runs of this session, for plots that compare them with recorded ones.
    virtual const std::vector<MeasuredRun>& sessionRuns() const = 0;
    // Labs whose throughput is not GB/s register theirs here.
    virtual ThroughputProviders* throughputProviders() = 0;

    // `userChosen`: a file the user picked gets a dialog when it cannot be
    // read; a lesson's trace says so on its slide instead.
    virtual void openTrace(const QString& path, bool userChosen = true) = 0;
    virtual void runExperiment(const QString& id, const ParamValues& params) = 0;
    // A lab whose parameters are not the catalog's (a kernel file's own)
    // puts its spec on the parameters panel with these values. While it is
    // there, the panel's runs (its Run button, a change with "run on every
    // change", runParameters) call `run` with the panel's values instead of
    // running the catalog's experiment, and a run of that experiment shown
    // with the spec's parameters leaves it there. The lab keeps `spec` alive
    // while the panel may hold it.
    virtual void showOwnParameters(const ExperimentSpec* spec, const ParamValues& values,
                                   std::function<void(const ParamValues&)> run) = 0;
    // Runs what the parameters panel holds, as its Run button does.
    virtual void runParameters() = 0;

signals:
    // The run on show changed: the model and panels hold it; the window's
    // plot follows right after. Labs follow it through Lab::onRunShown
    // (app/gui/workbench/lab.h).
    void runShown(const ws::LoadedRun& shown);
    void loadFailed(QString message);
};

}  // namespace ws
