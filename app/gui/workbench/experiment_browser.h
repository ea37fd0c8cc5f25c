#pragma once
// The catalog as a tree grouped the way the seed documents group it (basics,
// reduction, memory, ...), with the chosen experiment's title, summary and
// seed reference below.
#include <QWidget>

class QLabel;
class QTreeWidget;

namespace ws {

class ExperimentBrowser : public QWidget {
    Q_OBJECT
public:
    explicit ExperimentBrowser(QWidget* parent = nullptr);
    void setCurrent(const QString& id);
    QString current() const { return m_current; }
    QTreeWidget* tree() const { return m_tree; }

signals:
    void experimentChosen(QString id);

private:
    void showDetails(const QString& id);

    QTreeWidget* m_tree;
    QLabel* m_details;
    QString m_current;
};

}  // namespace ws
