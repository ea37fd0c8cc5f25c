#include "app/gui/workbench/parameter_panel.h"

#include <gtest/gtest.h>

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QPushButton>
#include <QSlider>

#include "core/catalog/catalog.h"
#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

TEST(ParameterPanel, GeneratesAnEditorForEveryParameterOfEveryExperiment) {
    test::app();
    ParameterPanel panel;
    for (const auto& e : catalog()) {
        panel.setExperiment(&e);
        for (const auto& p : e.params) {
            if (p.type == ParamType::Choice) {
                QComboBox* c = panel.comboFor(p.name);
                ASSERT_NE(c, nullptr) << e.id << " " << p.name;
                EXPECT_EQ(std::size_t(c->count()), p.choices.size());
                EXPECT_FALSE(c->toolTip().isEmpty());
            } else {
                ASSERT_NE(panel.sliderFor(p.name), nullptr) << e.id << " " << p.name;
                ASSERT_NE(panel.spinFor(p.name), nullptr);
            }
        }
        // Defaults are valid, so the panel starts ready to run.
        EXPECT_TRUE(panel.resolved().ok()) << e.id;
        EXPECT_TRUE(panel.runButton()->isEnabled()) << e.id;
    }
}

TEST(ParameterPanel, ParametersTheOtherValuesLeaveUnusedAreGreyedOut) {
    test::app();
    ParameterPanel panel;
    panel.setExperiment(findExperiment("vector-add"));
    // launch=seed takes its grid and block from n: block and grid do nothing.
    EXPECT_FALSE(panel.sliderFor("block")->isEnabled());
    EXPECT_FALSE(panel.spinFor("grid")->isEnabled());
    EXPECT_TRUE(panel.sliderFor("n")->isEnabled());
    panel.comboFor("launch")->setCurrentText(QStringLiteral("grid-block"));
    EXPECT_TRUE(panel.sliderFor("block")->isEnabled());
    EXPECT_TRUE(panel.spinFor("grid")->isEnabled());
    // Greyed out, not dropped: the values still go with the run.
    EXPECT_EQ(panel.values().count("block"), 1u);
}

TEST(ParameterPanel, LogScaleSlidersStepInPowersOfTwo) {
    test::app();
    ParameterPanel panel;
    panel.setExperiment(findExperiment("reduce-single-block"));
    QSlider* n = panel.sliderFor("n");
    ASSERT_NE(n, nullptr);
    EXPECT_EQ(n->maximum() - n->minimum(), 24);  // 2^0 .. 2^24
    n->setValue(10);
    EXPECT_EQ(panel.values().at("n"), "1024");
    n->setValue(20);
    EXPECT_EQ(panel.values().at("n"), "1048576");
    QSlider* block = panel.sliderFor("block");
    block->setValue(block->minimum());
    EXPECT_EQ(panel.values().at("block"), "32");
}

TEST(ParameterPanel, CrossParameterRulesDisableRun) {
    test::app();
    ParameterPanel panel;
    panel.setExperiment(findExperiment("reduce-warp"));
    panel.setValues({{"variant", "comm"}, {"op", "affine"}});
    EXPECT_FALSE(panel.resolved().ok());
    EXPECT_FALSE(panel.runButton()->isEnabled());
    panel.setValues({{"op", "add"}});
    EXPECT_TRUE(panel.runButton()->isEnabled());
}

TEST(ParameterPanel, SnapsToRecordedValues) {
    test::app();
    ParameterPanel panel;
    panel.setExperiment(findExperiment("reduce-single-block"));
    panel.setRecordedValues({{"n", {"1000", "10000"}},
                             {"block", {"256", "1024"}},
                             {"type", {"int32", "float"}},
                             {"traced_blocks", {"2"}}});
    QSlider* n = panel.sliderFor("n");
    EXPECT_EQ(n->maximum(), 1);
    n->setValue(1);
    EXPECT_EQ(panel.values().at("n"), "10000");
    n->setValue(0);
    EXPECT_EQ(panel.values().at("n"), "1000");
    EXPECT_FALSE(panel.sliderFor("traced_blocks")->isEnabled());  // one recorded value
    EXPECT_EQ(panel.comboFor("type")->count(), 2);
}

TEST(ParameterPanel, AutoRunAsksForARunOnEveryChange) {
    test::app();
    ParameterPanel panel;
    panel.setExperiment(findExperiment("reduce-single-block"));
    int runs = 0;
    QObject::connect(&panel, &ParameterPanel::runRequested, [&] { ++runs; });
    panel.sliderFor("n")->setValue(12);
    EXPECT_EQ(runs, 0);
    panel.setAutoRun(true);
    panel.sliderFor("n")->setValue(13);
    panel.sliderFor("n")->setValue(14);
    EXPECT_EQ(runs, 2);
}

// Runs record why they are slow where it costs little unless told otherwise;
// the choice says so in words and reaches whoever listens.
TEST(ParameterPanel, WhyIsRecordedWhereItCostsLittleByDefault) {
    test::app();
    ParameterPanel panel;
    EXPECT_EQ(panel.why(), WhyMode::WhenCheap);
    QComboBox* chooser = panel.whyChooser();
    ASSERT_NE(chooser, nullptr);
    ASSERT_EQ(chooser->count(), 3);
    EXPECT_EQ(chooser->currentText(), "where it costs little");
    std::vector<WhyMode> seen;
    QObject::connect(&panel, &ParameterPanel::whyChanged,
                     [&](WhyMode mode) { seen.push_back(mode); });
    panel.setWhy(WhyMode::Always);
    EXPECT_EQ(panel.why(), WhyMode::Always);
    chooser->setCurrentIndex(chooser->findText("never"));
    EXPECT_EQ(panel.why(), WhyMode::Never);
    EXPECT_EQ(seen, (std::vector<WhyMode>{WhyMode::Always, WhyMode::Never}));
}

}  // namespace
}  // namespace ws
