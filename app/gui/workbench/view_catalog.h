#pragma once
// Every view by a stable name ("timeline", "grid", "tree", "banks", ...), so
// a lesson slide can show two or three of them large, presentation mode can
// lay them out, and `--export-view NAME` can render one. Each lab registers
// the views it owns when it is installed; `create` makes a fresh instance
// that follows the window's playback model and keeps its own data current,
// so several instances (workbench, slide, export) can live at once.
#include <QString>
#include <QStringList>
#include <functional>
#include <utility>
#include <vector>

class QWidget;

namespace ws {

class WorkbenchHost;
class PlaybackModel;
class RunSource;

struct ViewContext {
    WorkbenchHost* window = nullptr;
    PlaybackModel* model = nullptr;
    RunSource* source = nullptr;
};

struct ViewEntry {
    QString name;   // stable: lessons and the command line use it
    QString title;  // shown above the view
    QString lab;    // "workbench", "reduction", "memory", ...
    std::function<QWidget*(const ViewContext& context, QWidget* parent)> create;
};

class ViewCatalog {
public:
    // Replaces an entry of the same name.
    void add(ViewEntry entry);
    // A name the view had before (lessons written then still name it so):
    // find() takes it; names() lists only the current one.
    void addFormerName(const QString& former, const QString& name);
    const ViewEntry* find(const QString& name) const;
    QStringList names() const;
    // names() and the former names: what a lesson may name.
    QStringList acceptedNames() const;
    const std::vector<ViewEntry>& entries() const { return m_entries; }

private:
    std::vector<ViewEntry> m_entries;
    std::vector<std::pair<QString, QString>> m_formerNames;  // former, current
};

}  // namespace ws
