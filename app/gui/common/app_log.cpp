#include "app/gui/common/app_log.h"

#include <cstdio>

namespace ws {
void appLog(const QString& line) {
    std::fprintf(stderr, "warpscope: %s\n", line.toLocal8Bit().constData());
    std::fflush(stderr);
}
}  // namespace ws
