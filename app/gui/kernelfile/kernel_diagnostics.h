#pragma once
// Where a kernel file went wrong, from the words the worker and the launch
// description's parser use: a compile error is one line per diagnostic,
// "vector_add.cu:30:9: error: identifier "x" is undefined" (the column where
// the compiler marked it), and a description error names its line alone,
// "vector_add.cu:4: args[1]: unknown fill 'ones' ...". The editor marks each
// on its line.
#include <QString>
#include <vector>

namespace ws {

struct KernelDiagnostic {
    int line = 0;      // from 1, as the compiler counts
    int column = 0;    // from 1; 0 where the message names no column
    QString severity;  // "error", "warning" or "catastrophic error"
    QString message;   // without the place and the severity
};

// The diagnostics in `text` (any number of lines, anything before the place
// on a line, such as "The run failed: ") that name `fileName`; lines naming
// another file or no place are left out.
std::vector<KernelDiagnostic> parseKernelDiagnostics(const QString& text, const QString& fileName);

// Whether any of them is an error (warnings alone do not stop a run).
bool hasErrors(const std::vector<KernelDiagnostic>& diagnostics);

}  // namespace ws
