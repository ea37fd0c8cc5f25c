// The worker's compile errors and the description's parser's messages read
// into places (line, column, severity, message) for the editor to mark.
#include "app/gui/kernelfile/kernel_diagnostics.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(KernelDiagnostics, ReadsTheWorkersCompileErrorsLineByLine) {
    // As the window's run panel receives it: the worker's lines after a prefix.
    const QString text = QStringLiteral(
        "The run failed: vector_add.cu:30:13: error: identifier \"x\" is undefined\n"
        "vector_add.cu:31:5: error: expected a \";\"\n"
        "vector_add.cu:28:1: warning: the function was declared but never referenced\n"
        "vector_add.cu:40:2: catastrophic error: cannot open source file \"nope.h\"");
    const auto d = parseKernelDiagnostics(text, QStringLiteral("vector_add.cu"));
    ASSERT_EQ(d.size(), 4u);
    EXPECT_EQ(d[0].line, 30);
    EXPECT_EQ(d[0].column, 13);
    EXPECT_EQ(d[0].severity, "error");
    EXPECT_EQ(d[0].message, "identifier \"x\" is undefined");
    EXPECT_EQ(d[1].line, 31);
    EXPECT_EQ(d[1].column, 5);
    EXPECT_EQ(d[1].message, "expected a \";\"");
    EXPECT_EQ(d[2].severity, "warning");
    EXPECT_EQ(d[2].line, 28);
    EXPECT_EQ(d[3].severity, "catastrophic error");
    EXPECT_EQ(d[3].message, "cannot open source file \"nope.h\"");
    EXPECT_TRUE(hasErrors(d));
}

TEST(KernelDiagnostics, ADescriptionErrorNamesItsLineAlone) {
    const auto d = parseKernelDiagnostics(
        QStringLiteral("vector_add.cu:14: args[0]: unknown fill 'ones' (zeros, iota, random or a "
                       "number)"),
        QStringLiteral("vector_add.cu"));
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].line, 14);
    EXPECT_EQ(d[0].column, 0);
    EXPECT_EQ(d[0].severity, "error");
    EXPECT_EQ(d[0].message, "args[0]: unknown fill 'ones' (zeros, iota, random or a number)");
}

TEST(KernelDiagnostics, LeavesOutOtherFilesAndLinesWithoutAPlace) {
    const QString text = QStringLiteral(
        "kernel vector_add did not finish within 10 s: it may never end\n"
        "ab.cu:3:1: error: another file whose name ends like this one's\n"
        "helper.cuh:7:2: error: an included file's\n"
        "b.cu:0:1: error: no line 0\n"
        "b.cu:9:4: warning: only a warning");
    const auto d = parseKernelDiagnostics(text, QStringLiteral("b.cu"));
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].line, 9);
    EXPECT_FALSE(hasErrors(d));
    EXPECT_TRUE(parseKernelDiagnostics(text, QString()).empty());
    EXPECT_TRUE(parseKernelDiagnostics(QString(), QStringLiteral("b.cu")).empty());
    // A name with the characters a pattern would take for its own.
    const auto dotted = parseKernelDiagnostics(QStringLiteral("a+b (1).cu:2:3: error: x\n"
                                                              "aab (1)Xcu:2:3: error: y"),
                                               QStringLiteral("a+b (1).cu"));
    ASSERT_EQ(dotted.size(), 1u);
    EXPECT_EQ(dotted[0].message, "x");
}

}  // namespace
}  // namespace ws
