// The editor: C++ highlighting and line numbers, each problem marked on its
// line (a marker, the message below the line), and text replaced without
// the old marks.
#include "app/gui/kernelfile/kernel_editor.h"

#include <Qsci/qscilexercpp.h>
#include <Qsci/qsciscintilla.h>
#include <gtest/gtest.h>

#include <QPushButton>

#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

const QString kSource = QStringLiteral(
    "/* warpscope\n"
    "kernel: k\n"
    "*/\n"
    "__global__ void k(int* out) {\n"
    "    out[threadIdx.x] = x;\n"
    "}\n");

TEST(KernelEditor, HighlightsCudaAsCppWithLineNumbers) {
    test::app();
    KernelEditor editor;
    editor.setSource(kSource, QStringLiteral("k.cu"));
    EXPECT_EQ(editor.source(), kSource);
    EXPECT_EQ(editor.title(), "k.cu");
    EXPECT_FALSE(editor.isModified());
    EXPECT_NE(qobject_cast<QsciLexerCPP*>(editor.text()->lexer()), nullptr);
    EXPECT_EQ(editor.text()->marginType(0), QsciScintilla::NumberMargin);
    EXPECT_GT(editor.text()->marginWidth(0), 0);
    // The lexer knows CUDA's own words as a keyword set of its own.
    EXPECT_NE(QString::fromLatin1(editor.text()->lexer()->keywords(2)).indexOf("__global__"), -1);
    EXPECT_EQ(editor.timeLimitSeconds(), 10);
    // Nothing to write the text back to until a file is open.
    EXPECT_FALSE(editor.saveButton()->isEnabled());
    editor.resize(600, 400);
    const QImage img = test::render(editor);
    EXPECT_EQ(img.size(), QSize(600, 400));
}

TEST(KernelEditor, MarksEachProblemOnItsLine) {
    test::app();
    KernelEditor editor;
    editor.setSource(kSource, QStringLiteral("k.cu"));
    editor.showDiagnostics({{5, 24, "error", "identifier \"x\" is undefined"},
                            {5, 0, "warning", "a second note on the same line"},
                            {4, 1, "warning", "the function was declared but never referenced"},
                            {99, 1, "error", "expected a \"}\""}});
    EXPECT_TRUE(editor.errorMarkedAt(5));
    EXPECT_FALSE(editor.warningMarkedAt(5));  // its worst: an error
    EXPECT_TRUE(editor.warningMarkedAt(4));
    EXPECT_FALSE(editor.errorMarkedAt(4));
    EXPECT_FALSE(editor.errorMarkedAt(1));
    EXPECT_FALSE(editor.errorMarkedAt(3));
    const QString note = editor.annotationAt(5);
    EXPECT_TRUE(note.contains("error: identifier \"x\" is undefined")) << note.toStdString();
    EXPECT_TRUE(note.contains("warning: a second note on the same line")) << note.toStdString();
    EXPECT_LT(note.indexOf("error:"), note.indexOf("warning:"));  // errors first
    // A problem past the last line (an unclosed brace) goes on the last one.
    const int last = editor.text()->lines();
    EXPECT_TRUE(editor.errorMarkedAt(last));
    EXPECT_TRUE(editor.annotationAt(last).contains("expected a \"}\""));
    EXPECT_EQ(editor.diagnostics().size(), 4u);

    // New text: the old marks pointed at lines that may have moved.
    editor.setSource(kSource + "// edited\n", QStringLiteral("k.cu"));
    EXPECT_FALSE(editor.errorMarkedAt(5));
    EXPECT_TRUE(editor.annotationAt(5).isEmpty());
    EXPECT_TRUE(editor.diagnostics().empty());
}

TEST(KernelEditor, TheStatusKeepsItsWholeTextWhereLong) {
    test::app();
    KernelEditor editor;
    QStringList lines;
    for (int i = 1; i <= 9; ++i) lines << QStringLiteral("line %1").arg(i);
    editor.setStatus(lines.join('\n'), true);
    EXPECT_TRUE(editor.statusIsError());
    EXPECT_EQ(editor.statusText(), lines.join('\n'));
    editor.setStatus(QStringLiteral("fine"), false);
    EXPECT_FALSE(editor.statusIsError());
}

}  // namespace
}  // namespace ws
