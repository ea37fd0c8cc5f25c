#pragma once
// How much of a run's device work ran at the same time, from the operations
// CUPTI recorded (not from a model): the figures the streams lab teaches with.
#include <cstdint>

#include "core/run/run.h"

namespace ws {

struct OverlapFigures {
    double spanNs = 0;       // first operation's start to the last one's end
    double serialSumNs = 0;  // every operation's duration added: the time one queue would take
    double busyNs = 0;       // time during which at least one operation ran
    double copyNs = 0;       // copies added
    double kernelNs = 0;     // kernels added
    // 1 - busy / serialSum: the share of the operations' time that ran beside
    // another operation (0: nothing overlapped).
    double overlapFraction = 0;
    // Share of the copies' time during which a kernel ran: copies hidden
    // behind kernels.
    double copyBehindKernelFraction = 0;
    // Share of the copies' time during which another copy ran (two engines,
    // or one direction each way).
    double copyBesideCopyFraction = 0;
    std::size_t operations = 0;
};

// Over the kernels, copies and memsets of `ops` (managed-memory migrations and
// faults are left out: they are the driver's, not the program's, operations).
OverlapFigures overlapFigures(const OperationRecords& ops);

// Writes the figures into run.figures under stable names: "operationsSpanMs",
// "serialSumMs", "busyMs", "copySumMs", "kernelSumMs", "overlapFraction",
// "copyBehindKernelFraction", "copyBesideCopyFraction".
void storeOverlapFigures(const OverlapFigures& f, Run& run);

bool isCopy(OperationKind kind);

}  // namespace ws
