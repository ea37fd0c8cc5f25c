#pragma once
// Where warpscope finds its bundled files (traces and their manifest) and the
// worker program. Traces stay on disk, not in the binary: they are several MB.
#include <QString>
#include <QStringList>

namespace ws {

// WARPSCOPE_RESOURCES, else ../share/warpscope beside the binary (installed:
// traces/, lessons/), else the source tree's resources/ (a build tree), else
// resources/ beside the binary. Empty if none.
QString resourcesDir();
QString bundledManifestPath();

// `warpscope-record serve`, found beside this binary, in ../record of a build
// tree, or on PATH. Empty program when none is found.
QStringList defaultWorkerCommand();

}  // namespace ws
