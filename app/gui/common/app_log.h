#pragma once
// One line per event on stderr ("warpscope: ..."): worker starts, restarts,
// dropped answers. Tests read it; users running from a terminal see it.
#include <QString>

namespace ws {
void appLog(const QString& line);
}
