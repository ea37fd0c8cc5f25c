// Kernels' names as their authors wrote them, from demangled signatures.
#include "core/profile/kernel_name.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(KernelName, KeepsTheNameAsWritten) {
    // What the naive transpose's demangled name was in the stalls view.
    EXPECT_EQ(shortKernelName("void ws::memory::(anonymous namespace)::transposeNaive<(ws::memory::"
                              "Recording)0, 4>(float const*, float*, int, int, "
                              "ws::memory::AccessTrace)"),
              "transposeNaive");
    EXPECT_EQ(shortKernelName("reduceShared(float const*, float*, unsigned int)"), "reduceShared");
    EXPECT_EQ(shortKernelName("void reduce<256u, float>(float const*, float*, unsigned int)"),
              "reduce");
    EXPECT_EQ(shortKernelName("void (anonymous namespace)::k()"), "k");
}

TEST(KernelName, StripsNestedTemplatesAndTemplatedReturnTypes) {
    EXPECT_EQ(shortKernelName("void ws::matmul::sgemm<Tile<64, 64>, std::integral_constant<int, 2> "
                              ">(float const*, float*)"),
              "sgemm");
    EXPECT_EQ(shortKernelName("std::pair<int, int> f<3>(int)"), "f");
    EXPECT_EQ(shortKernelName("void ns::outer<ns::inner<int>::type>(int)"), "outer");
    EXPECT_EQ(shortKernelName("void f<int (*)(int)>(int (*)(int))"), "f");
    EXPECT_EQ(
        shortKernelName("void cutlass::Kernel2<cutlass_80_tensorop_s1688gemm_128x128_32x3_nn_"
                        "align4>(cutlass_80_tensorop_s1688gemm_128x128_32x3_nn_align4::Params)"),
        "Kernel2");
}

TEST(KernelName, AnOperatorKeepsItsClass) {
    EXPECT_EQ(shortKernelName("void ns::Functor<int>::operator()(int)"), "Functor::operator()");
    EXPECT_EQ(shortKernelName("bool operator< <int>(A<int> const&, A<int> const&)"), "operator<");
    EXPECT_EQ(shortKernelName("bool ns::A::operator>(ns::A const&)"), "A::operator>");
    EXPECT_EQ(shortKernelName("ws::Thing::operator new(unsigned long)"), "Thing::operator new");
    EXPECT_EQ(shortKernelName("A::operator int()"), "A::operator int");
    EXPECT_EQ(shortKernelName("void operators::apply(int)"), "apply");
}

TEST(KernelName, LeavesWhatItCannotReadAsItIs) {
    EXPECT_EQ(shortKernelName("_Z3fooi"), "_Z3fooi");
    EXPECT_EQ(shortKernelName("sm90_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x128x32"),
              "sm90_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x128x32");
    EXPECT_EQ(shortKernelName(""), "");
    for (const char* odd : {"(", ")", "<", ">", "::", "a::", "operator", " < > ( ) ", ">>>"})
        EXPECT_FALSE(shortKernelName(odd).empty()) << odd;
}

}  // namespace
}  // namespace ws
