#pragma once
// The window: experiment browser, parameters and run info on the left; the
// linked views (grid, warps, throughput, SM timeline) and the playback bar in
// the middle. It owns the PlaybackModel every view shares and the RunSource
// that brings runs in; it holds no view logic of its own. Labs and lessons
// see it as the WorkbenchHost it implements (app/gui/workbench/workbench_host.h).
#include <QPointer>
#include <map>
#include <optional>
#include <vector>

#include "app/gui/workbench/workbench_host.h"

class QComboBox;
class QLabel;
class QDockWidget;
class QStackedWidget;

namespace ws {

class DockSizes;
class ExperimentBrowser;
class LessonController;
class LessonKeys;
class NotesWindow;
class PresentationWindow;
class RunCompareWindow;
class SlideStage;
class GridView;
class ParameterPanel;
class PlaybackBar;
class RunInfoPanel;
class ThroughputPlot;
class TimelineView;
class WarpView;

struct WindowOptions {
    QStringList workerCommand;
    int workerTimeoutMs = 60000;
    bool interactive = true;  // false: no dialogs (screenshots, tests)
};

class MainWindow : public WorkbenchHost {
    Q_OBJECT
public:
    explicit MainWindow(const WindowOptions& options, QWidget* parent = nullptr);

    // `userChosen`: a file the user picked gets a dialog when it cannot be
    // read; a lesson's trace says so on its slide instead.
    void openTrace(const QString& path, bool userChosen = true) override;
    void runExperiment(const QString& id, const ParamValues& params) override;
    void showOwnParameters(const ExperimentSpec* spec, const ParamValues& values,
                           std::function<void(const ParamValues&)> run) override;
    void runParameters() override { runCurrent(); }
    void chooseExperiment(const QString& id);

    // Lessons: the stage replaces the workbench while one is open.
    Status openLesson(const QString& path, int slide = 0);
    // From the menus: read on a worker; a lesson that cannot be opened is
    // said in a message box.
    void openLessonInBackground(const QString& path);
    void closeLesson();
    LessonController* lesson() const { return m_lesson; }
    SlideStage* stage() const { return m_stage; }
    // Full screen, menus, docks and the playback bar hidden, the UI scaled
    // for the back of a lecture hall; speaker notes on a second screen.
    void setPresentation(bool on);
    // The size the window and the presentation render at offscreen
    // (--window-size for --screenshot); 1920x1080 until set.
    void setOffscreenSize(QSize size);
    // Back within the screen (or the chosen offscreen size) where a run's
    // docks grew the window past it.
    void keepOnScreen();
    bool presentation() const { return m_presentation; }
    NotesWindow* notes() const { return m_notes; }
    // What --screenshot grabs: the presentation window while presenting.
    QWidget* screenshotTarget();
    // Any two runs side by side (File > Compare two runs); made on first use,
    // its left side holding the run on show.
    RunCompareWindow* compareWindow();
    // A folder warpscope-record trace wrote: its launches in a list beside
    // the window, the first recorded one opened.
    void openProgramLaunches(const QString& folder, bool userChosen = true);
    // What is on show, for the command line's exports and the saved session.
    const std::optional<LoadedRun>& shownRun() const { return m_shown; }

    PlaybackModel* model() const override { return m_model; }
    RunSource* source() const override { return m_source; }
    ParameterPanel* parameters() const override { return m_params; }
    RunInfoPanel* runInfo() const { return m_info; }
    GridView* grid() const { return m_grid; }
    TimelineView* timeline() const { return m_timeline; }
    WarpView* warps() const { return m_warps; }
    ThroughputPlot* throughput() const override { return m_plot; }
    ExperimentBrowser* browser() const override { return m_browser; }
    // Where labs ask for their docks' sizes (applied once on screen).
    DockSizes* dockSizes() const override { return m_dockSizes; }
    // A lab's dock: movable, floatable and closable, in `area`; its content
    // is the lab's to set.
    QDockWidget* addLabDock(const QString& title, const QString& name,
                            Qt::DockWidgetArea area) override;
    // Shows or hides a lab's dock as the lab's run asks. While a lesson is on
    // the stage the slide has the window (the labs' docks repeat its views
    // and squeezed them to a sliver): the wish waits for the lesson to close.
    void showLabDock(QDockWidget* dock, bool shown) override;
    // Views by name, for lessons, presentation mode and exports; labs add theirs.
    ViewCatalog* views() override { return &m_views; }
    ViewContext viewContext() override { return {this, m_model, m_source}; }
    // Live runs of this session, for plots that compare them with recorded ones.
    const std::vector<MeasuredRun>& sessionRuns() const override { return m_session; }
    ThroughputProviders* throughputProviders() override { return &m_throughputProviders; }

private:
    void buildViews();
    void buildPanels();
    void buildMenus();
    void onLoaded(const LoadedRun& run);
    // What the labs' providers plot for the run, and the plot's title.
    void showThroughput(const Run& run);
    void onFailed(const QString& message);
    void onModeChanged();
    void runCurrent();
    // Whether the panel holds a lab's own parameters (showOwnParameters).
    bool ownParametersShown() const;
    void buildLessonMenu();
    void showPage(QWidget* page);
    void rememberSession();
    void setLessonOnStage(bool onStage);
    QWidget* titled(const QString& title, QWidget* view, QWidget* extra = nullptr);

    WindowOptions m_options;
    PlaybackModel* m_model;
    RunSource* m_source;
    ExperimentBrowser* m_browser = nullptr;
    ParameterPanel* m_params = nullptr;
    RunInfoPanel* m_info = nullptr;
    GridView* m_grid = nullptr;
    TimelineView* m_timeline = nullptr;
    WarpView* m_warps = nullptr;
    QWidget* m_warpsPanel = nullptr;  // the warps view and its title
    ThroughputPlot* m_plot = nullptr;
    QPointer<QLabel> m_plotTitle;  // "Throughput", or what the plot shows instead
    PlaybackBar* m_bar = nullptr;
    QStackedWidget* m_pages = nullptr;  // the workbench, or a lesson's stage
    QWidget* m_workbench = nullptr;
    SlideStage* m_stage = nullptr;
    LessonController* m_lesson = nullptr;
    LessonKeys* m_keys = nullptr;
    NotesWindow* m_notes = nullptr;
    QDockWidget* m_statsDock = nullptr;
    std::vector<QDockWidget*> m_labDocks;
    bool m_lessonOnStage = false;
    std::map<QDockWidget*, bool> m_labDocksAfterLesson;  // shown or not once the lesson closes
    DockSizes* m_dockSizes = nullptr;
    bool m_presentation = false;
    PresentationWindow* m_presenter = nullptr;
    QSize m_offscreenSize{1920, 1080};
    RunCompareWindow* m_compareRuns = nullptr;
    class ProgramLaunches* m_programLaunches = nullptr;
    QComboBox* m_colouring = nullptr;
    ViewCatalog m_views;
    std::vector<MeasuredRun> m_session;
    ThroughputProviders m_throughputProviders;
    std::optional<LoadedRun> m_shown;
    // A lab's own parameters on the panel, and how the lab runs them.
    const ExperimentSpec* m_ownSpec = nullptr;
    std::function<void(const ParamValues&)> m_ownRun;
    bool m_applying = false;     // filling the panel from a run: not a user change
    bool m_openingFile = false;  // the newest request is a trace file the user chose
};

}  // namespace ws
