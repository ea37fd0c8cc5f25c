#pragma once
// The kernel-file lab's editor: the CUDA file in QScintilla with C++
// highlighting and line numbers, its problems marked on their lines (a
// marker in the margin, the column underlined, the message below the line),
// a bar with Open, Save, Run and the launch's time limit, and a line of
// status under the text. It holds no file and starts nothing: the lab reads
// and watches the file (kernel_file_watch.h) and runs it.
#include <QString>
#include <QWidget>
#include <vector>

#include "app/gui/kernelfile/kernel_diagnostics.h"

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QsciScintilla;
class QsciStyle;

namespace ws {

class KernelEditor : public QWidget {
    Q_OBJECT
public:
    explicit KernelEditor(QWidget* parent = nullptr);
    ~KernelEditor() override;

    // Replaces the text (not a modification; the undo history starts anew),
    // keeping the cursor's line where the text still has it. `title` names
    // the file above the text.
    void setSource(const QString& text, const QString& title);
    QString source() const;
    QString title() const;
    bool isModified() const;
    void setModified(bool modified);
    // Whether Save may write the text back (a file is open).
    void setSaveEnabled(bool enabled);

    // Marks each diagnostic on its line, replacing those shown before.
    void showDiagnostics(const std::vector<KernelDiagnostic>& diagnostics);
    void clearDiagnostics() { showDiagnostics({}); }
    const std::vector<KernelDiagnostic>& diagnostics() const { return m_diagnostics; }
    // Lines from 1, as the diagnostics count them.
    bool errorMarkedAt(int line) const;
    bool warningMarkedAt(int line) const;
    QString annotationAt(int line) const;

    void setStatus(const QString& text, bool isError);
    QString statusText() const;
    bool statusIsError() const { return m_statusIsError; }

    // Seconds one launch may take before the worker calls it hung.
    double timeLimitSeconds() const;

    QsciScintilla* text() const { return m_text; }
    QPushButton* openButton() const { return m_open; }
    QPushButton* saveButton() const { return m_save; }
    QPushButton* runButton() const { return m_run; }

signals:
    void openRequested();
    void saveRequested();
    void runRequested();

private:
    void applyScale();

    QsciScintilla* m_text;
    QLabel* m_title;
    QLabel* m_status;
    QPushButton* m_open;
    QPushButton* m_save;
    QPushButton* m_run;
    QDoubleSpinBox* m_timeLimit;
    QsciStyle* m_errorStyle;
    QsciStyle* m_warningStyle;
    int m_errorMarker = 0;
    int m_warningMarker = 1;
    int m_squiggle = -1;  // under an error's column
    int m_warningSquiggle = -1;
    bool m_statusIsError = false;
    std::vector<KernelDiagnostic> m_diagnostics;
};

}  // namespace ws
