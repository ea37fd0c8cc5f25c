// A description's expressions evaluated for one run's parameters, and the
// launch held to the device's limits before anything runs.
#include <gtest/gtest.h>

#include "core/kernelfile/kernel_launch_plan.h"
#include "core/kernelfile/launch_expression.h"

namespace ws::kernelfile {
namespace {

TEST(LaunchExpression, ArithmeticAndFunctions) {
    const ParamValues p{{"n", "1000"}, {"b", "256"}, {"x", "1.5"}};
    EXPECT_DOUBLE_EQ(*evaluateExpression("ceil(n / b)", p, "grid.x"), 4);
    EXPECT_DOUBLE_EQ(*evaluateExpression("floor(n / b)", p, "grid.x"), 3);
    EXPECT_DOUBLE_EQ(*evaluateExpression("n % b", p, "v"), 1000 % 256);
    EXPECT_DOUBLE_EQ(*evaluateExpression("min(n, b) + max(1, 2)", p, "v"), 258);
    EXPECT_DOUBLE_EQ(*evaluateExpression("pow(2, 10) * x", p, "v"), 1536);
    EXPECT_DOUBLE_EQ(*evaluateExpression("32 * 33 * 4", {}, "shared"), 4224);
}

TEST(LaunchExpression, ErrorsNameThePlaceAndTheValue) {
    const ParamValues p{{"n", "1024"}};
    auto fraction = evaluateCount("n / 3", p, "grid.x", 1, 1 << 30);
    ASSERT_FALSE(fraction.ok());
    EXPECT_NE(
        fraction.error().find("grid.x = 'n / 3' is 341.3333333 for n=1024: not a whole number"),
        std::string::npos)
        << fraction.error();
    auto unknown = evaluateExpression("m * 2", p, "args.a.length");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().find("args.a.length = 'm * 2'"), std::string::npos)
        << unknown.error();
    auto zero = evaluateCount("n - 1024", p, "block.x", 1, 1024);
    ASSERT_FALSE(zero.ok());
    EXPECT_NE(zero.error().find("it must be between 1 and 1024"), std::string::npos)
        << zero.error();
    EXPECT_FALSE(evaluateExpression("1 / 0", p, "v").ok());
    EXPECT_FALSE(evaluateExpression("", p, "v").ok());
}

KernelDescription description() {
    KernelDescription d;
    d.kernel = "k";
    d.launch.grid = {"ceil(n / 256)"};
    d.launch.block = {"256"};
    d.launch.sharedBytes = "256 * 4";
    KernelArgument out;
    out.name = "out";
    out.buffer.type = ElementType::Double;
    out.buffer.length = "n";
    out.buffer.output = true;
    KernelArgument n;
    n.name = "n";
    n.isBuffer = false;
    n.scalar.value = "n";
    d.args = {out, n};
    return d;
}

TEST(LaunchPlan, EvaluatesEveryExpression) {
    const KernelDescription d = description();
    auto plan = planLaunch(d, {{"n", "1000"}});
    ASSERT_TRUE(plan.ok()) << plan.error();
    EXPECT_EQ(plan->kernel.grid, (Dim3{4, 1, 1}));
    EXPECT_EQ(plan->kernel.block, (Dim3{256, 1, 1}));
    EXPECT_EQ(plan->kernel.sharedBytes, 1024u);
    EXPECT_EQ(plan->reference.grid, plan->kernel.grid);  // the check names none
    EXPECT_EQ(plan->args[0].count, 1000u);
    EXPECT_EQ(plan->args[0].bytes(), 8000u);
    EXPECT_EQ(double(plan->args[1].scalar), 1000);
    EXPECT_EQ(plan->bufferBytes, 8000u);
}

TEST(LaunchPlan, RefusesWhatCannotBeLaunched) {
    KernelDescription d = description();
    d.args[1].scalar.value = "n * 1e9";  // does not fit an int
    auto big = planLaunch(d, {{"n", "1000"}});
    ASSERT_FALSE(big.ok());
    EXPECT_NE(big.error().find("does not fit in int32"), std::string::npos) << big.error();
    d = description();
    d.args[0].buffer.length = "n * n * n";
    auto huge = planLaunch(d, {{"n", "100000"}});
    ASSERT_FALSE(huge.ok());
    EXPECT_NE(huge.error().find("args.out.length"), std::string::npos) << huge.error();
}

TEST(LaunchPlan, TheDevicesLimitsAreSaid) {
    DeviceInfo h100;
    h100.name = "H100";
    h100.maxThreadsPerBlock = 1024;
    h100.maxGridX = 2147483647;
    h100.sharedMemPerBlock = 49152;
    h100.sharedMemPerBlockOptin = 232448;
    LaunchGeometry g{{1, 1, 1}, {32, 64, 1}, 0};
    Status threads = checkAgainstDevice(g, "k", h100);
    ASSERT_FALSE(threads.ok());
    EXPECT_NE(threads.error().find("32 x 64 x 1 = 2048 threads is more than the 1024"),
              std::string::npos)
        << threads.error();
    g = {{1, 70000, 1}, {32, 1, 1}, 0};
    EXPECT_FALSE(checkAgainstDevice(g, "k", h100).ok());
    g = {{1, 1, 1}, {32, 1, 1}, 300000};
    Status shared = checkAgainstDevice(g, "k", h100);
    ASSERT_FALSE(shared.ok());
    EXPECT_NE(shared.error().find("more than the 232448"), std::string::npos) << shared.error();
    g = {{1000, 1, 1}, {256, 1, 1}, 1024};
    EXPECT_TRUE(checkAgainstDevice(g, "k", h100).ok());
}

}  // namespace
}  // namespace ws::kernelfile
