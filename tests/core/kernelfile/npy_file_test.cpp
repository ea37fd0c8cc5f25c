// NumPy's .npy files: what a buffer may be filled from and compared with,
// and what a file that cannot be is told.
#include "core/kernelfile/npy_file.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/kernelfile/kernel_data_files.h"

namespace ws::kernelfile {
namespace {

// A .npy file as numpy.save writes it: magic, version, a header padded with
// spaces to a multiple of 64 bytes, ending in a newline, then the data.
std::string npy(const std::string& dict, const std::string& data, int major = 1) {
    std::string header = dict;
    const std::size_t prefix = major == 1 ? 10 : 12;
    while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    std::string out = "\x93NUMPY";
    out += char(major);
    out += char(0);
    const std::size_t n = header.size();
    out += char(n & 0xff);
    out += char((n >> 8) & 0xff);
    if (major > 1) out += std::string(2, '\0');
    return out + header + data;
}

template <typename T>
std::string bytesOf(std::initializer_list<T> values) {
    std::string out(values.size() * sizeof(T), '\0');
    std::memcpy(out.data(), values.begin(), out.size());
    return out;
}

TEST(NpyFile, ReadsWhatNumpySaves) {
    const std::string data = bytesOf<float>({1.5f, -2, 3, 4, 5, 6});
    auto a =
        parseNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", data), "a.npy");
    ASSERT_TRUE(a.ok()) << a.error();
    EXPECT_EQ(a->header.type, ElementType::Float);
    EXPECT_EQ(a->header.shape, (std::vector<std::uint64_t>{2, 3}));
    EXPECT_EQ(a->header.count, 6u);
    float first = 0;
    std::memcpy(&first, a->data.data(), 4);
    EXPECT_EQ(first, 1.5f);
}

TEST(NpyFile, ReadsEveryElementTypeAndVersion) {
    const std::pair<const char*, ElementType> types[] = {
        {"|u1", ElementType::UInt8},  {"|i1", ElementType::Int8},  {"<i2", ElementType::Int16},
        {"<u4", ElementType::UInt32}, {"<i8", ElementType::Int64}, {"<f8", ElementType::Double}};
    for (const auto& [descr, type] : types) {
        const std::string data(3 * elementSize(type), '\x01');
        for (int major : {1, 2, 3}) {
            auto a = parseNpy(npy(std::string("{'descr': '") + descr +
                                      "', 'fortran_order': False, 'shape': (3,), }",
                                  data, major),
                              "t.npy");
            ASSERT_TRUE(a.ok()) << descr << " v" << major << ": " << a.error();
            EXPECT_EQ(a->header.type, type) << descr;
            EXPECT_EQ(a->header.count, 3u);
        }
    }
    // A scalar array has shape () and one element.
    auto scalar = parseNpy(
        npy("{'descr': '<i4', 'fortran_order': False, 'shape': (), }", bytesOf<int>({7})), "s.npy");
    ASSERT_TRUE(scalar.ok()) << scalar.error();
    EXPECT_EQ(scalar->header.count, 1u);
}

struct BadNpy {
    std::string bytes;
    std::string message;
};

// The test's name in ctest: what it expects to be told, not the bytes of
// the struct.
void PrintTo(const BadNpy& bad, std::ostream* out) { *out << bad.message; }

class RefusedNpy : public ::testing::TestWithParam<BadNpy> {};

TEST_P(RefusedNpy, SaysWhat) {
    auto a = parseNpy(GetParam().bytes, "bad.npy");
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().rfind("bad.npy: ", 0), 0u) << a.error();
    EXPECT_NE(a.error().find(GetParam().message), std::string::npos) << a.error();
}

INSTANTIATE_TEST_SUITE_P(
    NpyFile, RefusedNpy,
    ::testing::Values(
        BadNpy{"PK\x03\x04 a zip, not an array", "not a .npy file"},
        BadNpy{npy("{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }", "abcd"),
               "big-endian '>f4' elements; save it with .astype('<f4')"},
        BadNpy{npy("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", "abcdefgh"),
               "holds '<c8' elements"},
        BadNpy{npy("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }",
                   std::string(16, '\0')),
               "Fortran order"},
        BadNpy{npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }",
                   std::string(12, '\0')),
               "its shape needs 16 bytes of data, and it holds 12"},
        BadNpy{npy("{'descr': '<f4', 'fortran_order': False, }", ""), "no 'shape'"},
        BadNpy{npy("{'descr': '<f4', 'fortran_order': False, 'shape': (9999999999, 9999999999), "
                   "}",
                   ""),
               "too many elements"},
        BadNpy{std::string("\x93NUMPY\x01\x00\xff\x00{'descr'", 17), "the file ends before them"},
        // Found by fuzzing: a key at the header's end, its value missing.
        BadNpy{npy("{'fortran_order': False, 'shape': (1,), 'descr':", ""),
               "its header has no 'descr'"},
        BadNpy{npy("{'descr': '<f4', 'fortran_order': False, 'shape':", ""),
               "its header has no 'shape'"},
        BadNpy{npy("{'descr': '<f4', 'fortran_order': False, 'shape': (3 4), }", ""),
               "its shape (3 4) is not a list of whole numbers"},
        BadNpy{npy("{'descr': [('x', '<f4'), ('y', '<i4')], 'fortran_order': False, 'shape': "
                   "(1,), }",
                   "12345678"),
               "holds a structured array"},
        BadNpy{npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), '" +
                       std::string(30000, 'x') + "': 0}",
                   "abcd", 2),
               "more than the 10000 NumPy itself reads"},
        BadNpy{npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", "", 4),
               "format version 4"}));

// The run's plan holds each file to its buffer: type and element count.
class DataFiles : public ::testing::Test {
protected:
    void SetUp() override {
        m_folder = std::filesystem::temp_directory_path() /
                   ("ws-npy-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                    "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::create_directories(m_folder);
        write("x.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }",
                           bytesOf<float>({1, 2, 3, 4})));
        write("y.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }",
                           bytesOf<float>({2, 4, 6, 8})));
        write("d.npy", npy("{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }",
                           std::string(32, '\0')));
    }
    void TearDown() override { std::filesystem::remove_all(m_folder); }
    void write(const std::string& name, const std::string& bytes) {
        std::ofstream(m_folder / name, std::ios::binary) << bytes;
    }
    Result<KernelDataFiles> read(const std::string& xFile, const std::string& n,
                                 bool withFolder = true) {
        m_description = parseKernelDescription(
            "/* warpscope\nkernel: k\nparams:\n  n: {default: 4, min: 1, max: 8}\ngrid: 1\nblock: "
            "n\nargs:\n  - x: {buffer: float, length: n, fill: " +
                xFile +
                "}\n  - y: {buffer: float, length: n, output: true}\ncheck:\n  expected: {y: "
                "y.npy}\n*/\n",
            "k.cu");
        if (!m_description) return makeError(m_description.error());
        auto plan = planLaunch(*m_description, {{"n", n}});
        if (!plan) return makeError(plan.error());
        m_plan = *plan;
        return readDataFiles(*m_description, m_plan, "k.cu", withFolder ? m_folder.string() : "");
    }
    std::filesystem::path m_folder;
    Result<KernelDescription> m_description = makeError("unread");
    KernelLaunchPlan m_plan;
};

TEST_F(DataFiles, FillsInputsAndExpectedOutputs) {
    auto files = read("x.npy", "4");
    ASSERT_TRUE(files.ok()) << files.error();
    ASSERT_TRUE(files->inputs[0].has_value());
    EXPECT_FALSE(files->inputs[1].has_value());
    EXPECT_FALSE(files->expected[0].has_value());
    ASSERT_TRUE(files->expected[1].has_value());
    float third = 0;
    std::memcpy(&third, files->expected[1]->data() + 8, 4);
    EXPECT_EQ(third, 6.f);
}

TEST_F(DataFiles, RefusesAFileThatIsNotItsBuffers) {
    auto count = read("x.npy", "3");
    ASSERT_FALSE(count.ok());
    EXPECT_NE(count.error().find("x.npy holds 4 elements, and the buffer x has 3 (its length 'n')"),
              std::string::npos)
        << count.error();
    auto type = read("d.npy", "4");
    ASSERT_FALSE(type.ok());
    EXPECT_NE(type.error().find("d.npy holds float64 elements, and the buffer x is float32: save "
                                "it with .astype('float32')"),
              std::string::npos)
        << type.error();
    auto missing = read("nothere.npy", "4");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("cannot read"), std::string::npos) << missing.error();
    // A link beside the file that leads out of its folder.
    const auto outside = m_folder.parent_path() / (m_folder.filename().string() + "-outside.npy");
    std::filesystem::copy_file(m_folder / "x.npy", outside,
                               std::filesystem::copy_options::overwrite_existing);
    std::filesystem::create_symlink(outside, m_folder / "link.npy");
    auto link = read("link.npy", "4");
    std::filesystem::remove(outside);
    ASSERT_FALSE(link.ok());
    EXPECT_NE(link.error().find("link.npy leads out of the kernel file's folder"),
              std::string::npos)
        << link.error();
    auto noFolder = read("x.npy", "4", false);
    ASSERT_FALSE(noFolder.ok());
    EXPECT_NE(noFolder.error().find("k.cu reads x.npy, and a kernel file run without its folder"),
              std::string::npos)
        << noFolder.error();
}

}  // namespace
}  // namespace ws::kernelfile
