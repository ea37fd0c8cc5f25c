#pragma once
// compute-sanitizer's report on a kernel file (warpscope-record run-kernel
// --sanitize), read into the places of the file it names: each error's first
// line ("Invalid __global__ write of size 4 bytes", "Race reported between
// ...") at the line of the file where its stack first names it
// ("at wild(int *)+0x70 in illegal_address.cu:10"), for the editor to mark.
#include <QString>
#include <vector>

#include "app/gui/kernelfile/kernel_diagnostics.h"

namespace ws {

std::vector<KernelDiagnostic> sanitizerDiagnostics(const QString& report, const QString& fileName);

// "found 3 errors" or "no errors", from the report's ERROR SUMMARY; empty
// where it has none (the run did not get that far).
QString sanitizerVerdict(const QString& report);

}  // namespace ws
