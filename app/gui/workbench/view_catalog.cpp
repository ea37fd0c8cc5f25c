#include "app/gui/workbench/view_catalog.h"

#include <QVariant>
#include <QWidget>

namespace ws {

void ViewCatalog::add(ViewEntry entry) {
    // Every instance carries its name: exports and context menus use it.
    entry.create = [name = entry.name, make = std::move(entry.create)](const ViewContext& c,
                                                                       QWidget* parent) {
        QWidget* view = make(c, parent);
        if (view) view->setProperty("ws-view-name", name);
        return view;
    };
    for (auto& e : m_entries)
        if (e.name == entry.name) {
            e = std::move(entry);
            return;
        }
    m_entries.push_back(std::move(entry));
}

void ViewCatalog::addFormerName(const QString& former, const QString& name) {
    m_formerNames.emplace_back(former, name);
}

const ViewEntry* ViewCatalog::find(const QString& name) const {
    for (const auto& e : m_entries)
        if (e.name == name) return &e;
    for (const auto& [former, current] : m_formerNames)
        if (former == name) return find(current);
    return nullptr;
}

QStringList ViewCatalog::acceptedNames() const {
    QStringList list = names();
    for (const auto& [former, current] : m_formerNames)
        if (find(current)) list << former;
    return list;
}

QStringList ViewCatalog::names() const {
    QStringList list;
    for (const auto& e : m_entries) list << e.name;
    return list;
}

}  // namespace ws
