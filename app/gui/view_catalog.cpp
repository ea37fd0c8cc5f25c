#include "app/gui/view_catalog.h"

namespace ws {

void ViewCatalog::add(ViewEntry entry) {
    for (auto& e : m_entries)
        if (e.name == entry.name) {
            e = std::move(entry);
            return;
        }
    m_entries.push_back(std::move(entry));
}

const ViewEntry* ViewCatalog::find(const QString& name) const {
    for (const auto& e : m_entries)
        if (e.name == name) return &e;
    return nullptr;
}

QStringList ViewCatalog::names() const {
    QStringList list;
    for (const auto& e : m_entries) list << e.name;
    return list;
}

}  // namespace ws
