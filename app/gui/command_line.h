#pragma once
// The stable command line of warpscope:
//   warpscope [--trace FILE] [--experiment ID [name=value ...]] [--worker "CMD"]
//             [--screenshot PNG [--at STEP|--time NS]] [--worker-timeout SECONDS]
// (--lesson and --presentation are reserved). Parsing only: main() decides
// what to do with an error.
#include <QString>
#include <QStringList>
#include <optional>

#include "core/result.h"

namespace ws {

struct CommandLine {
    QString trace;
    QString experiment;
    QStringList params;  // name=value, in order
    QString worker;      // a shell-like command line
    QString screenshot;
    std::optional<int> atStep;
    std::optional<double> atTimeNs;
    std::optional<int> workerTimeoutMs;
    QString lesson;
    bool presentation = false;
    bool help = false;
    bool version = false;
};

Result<CommandLine> parseCommandLine(const QStringList& arguments);  // without argv[0]
QString usageText();

}  // namespace ws
