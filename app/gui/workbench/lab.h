#pragma once
// A lab in the window: its docks, menu and views by name, and how it follows
// the run on show. Each lab is one subclass in its own room (app/gui/<lab>/),
// made by its LabModule; the window knows the labs only through the list of
// modules (app/gui/window/lab_modules.cpp, one line a lab).
#include <QObject>
#include <QStringList>

#include "app/gui/worker/run_source.h"

namespace ws {

class WorkbenchHost;

class Lab : public QObject {
    Q_OBJECT
public:
    explicit Lab(WorkbenchHost* host);

protected:
    WorkbenchHost* host() const { return m_host; }
    // The one way a lab learns of a run: once the window's playback model and
    // panels hold it, and before the window's plot asks the labs' providers
    // (a live run joins a lab's session first), whether it ran live, was
    // opened or belongs to a lesson's slide.
    virtual void onRunShown(const LoadedRun& shown) = 0;

private:
    WorkbenchHost* m_host;
};

struct LabModule {
    const char* name;   // its room and its views' lab: "reduction"
    QStringList views;  // the stable names of the views it registers
    Lab* (*create)(WorkbenchHost* host);
};

}  // namespace ws
