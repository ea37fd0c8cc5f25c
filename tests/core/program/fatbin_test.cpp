// The fatbinary read as the runtime hands it to the driver: containers and
// their entries, PTX stored plain or compressed, the newest PTX a GPU can
// build, and malformed containers refused with the entry and the byte.
#include "core/program/fatbin.h"

#include <gtest/gtest.h>
#include <zstd.h>

#include <cstring>

#include "core/program/elf_section.h"

namespace ws::program {
namespace {

void put(std::vector<std::uint8_t>& bytes, std::size_t at, const void* value, std::size_t size) {
    if (bytes.size() < at + size) bytes.resize(at + size);
    std::memcpy(bytes.data() + at, value, size);
}

// An entry: its 64-byte head and the payload, as nvcc writes them.
std::vector<std::uint8_t> entry(std::uint16_t kind, std::uint32_t arch, const std::string& payload,
                                std::uint64_t flags = 0x11, std::uint64_t plainBytes = 0) {
    std::vector<std::uint8_t> e(64, 0);
    const std::uint32_t head = 64, stored = std::uint32_t(payload.size());
    const std::uint64_t padded = (payload.size() + 7) / 8 * 8;
    put(e, 0, &kind, 2);
    put(e, 4, &head, 4);
    put(e, 8, &padded, 8);
    put(e, 16, &stored, 4);
    put(e, 28, &arch, 4);
    put(e, 40, &flags, 8);
    put(e, 56, &plainBytes, 8);
    e.insert(e.end(), payload.begin(), payload.end());
    e.resize(64 + padded, 0);
    return e;
}

std::vector<std::uint8_t> container(const std::vector<std::vector<std::uint8_t>>& entries) {
    std::vector<std::uint8_t> c(16, 0);
    const std::uint32_t magic = kFatbinMagic;
    const std::uint16_t version = 1, head = 16;
    std::uint64_t body = 0;
    for (const auto& e : entries) body += e.size();
    put(c, 0, &magic, 4);
    put(c, 4, &version, 2);
    put(c, 6, &head, 2);
    put(c, 8, &body, 8);
    for (const auto& e : entries) c.insert(c.end(), e.begin(), e.end());
    return c;
}

const std::string kPtx = ".version 9.0\n.target sm_80\n.visible .entry k()\n{\n\tret;\n}\n";

TEST(Fatbin, EntriesAreReadAndTheNewestPtxAGpuCanBuildIsChosen) {
    const auto bytes = container({entry(2, 90, std::string(40, 'E')), entry(1, 80, kPtx),
                                  entry(1, 90, kPtx + "// 90\n"), entry(1, 100, kPtx)});
    auto c = parseFatbinContainer(bytes);
    ASSERT_TRUE(c.ok()) << c.error();
    ASSERT_EQ(c->entries.size(), 4u);
    EXPECT_EQ(c->bytes, bytes.size());
    EXPECT_EQ(c->entries[0].kind, FatbinEntryKind::Cubin);
    EXPECT_EQ(describeEntries(*c), "sm_90, compute_80, compute_90, compute_100");
    const FatbinEntry* best = bestPtx(*c, 90);
    ASSERT_NE(best, nullptr);
    EXPECT_EQ(best->arch, 90u);
    auto text = entryText(bytes, *best);
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(*text, kPtx + "// 90\n");  // the padding's NULs dropped
    EXPECT_EQ(bestPtx(*c, 75), nullptr);
    EXPECT_EQ(imageKind(bytes.data()), ImageKind::Fatbin);
    EXPECT_EQ(fatbinOf(bytes.data()), bytes.data());
}

TEST(Fatbin, ZstandardCompressedPtxIsDecompressed) {
    std::string packed(ZSTD_compressBound(kPtx.size()), '\0');
    packed.resize(ZSTD_compress(packed.data(), packed.size(), kPtx.data(), kPtx.size(), 3));
    const auto bytes = container({entry(1, 90, packed, 0x8011, kPtx.size())});
    auto c = parseFatbinContainer(bytes);
    ASSERT_TRUE(c.ok()) << c.error();
    ASSERT_TRUE(c->entries[0].compressed());
    auto text = entryText(bytes, c->entries[0]);
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(*text, kPtx);
    // Garbage where the frame should be: said, not crashed on.
    auto broken = container({entry(1, 90, std::string(packed.size(), 'x'), 0x8011, kPtx.size())});
    auto b = parseFatbinContainer(broken);
    ASSERT_TRUE(b.ok());
    auto refused = entryText(broken, b->entries[0]);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().find("Zstandard"), std::string::npos) << refused.error();
}

TEST(Fatbin, AWrapperIsFollowedToItsFatbin) {
    const auto bytes = container({entry(1, 90, kPtx)});
    struct {
        std::int32_t magic, version;
        const void* data;
        const void* filename;
    } wrapper{std::int32_t(kFatbinWrapperMagic), 1, bytes.data(), nullptr};
    EXPECT_EQ(imageKind(&wrapper), ImageKind::Wrapper);
    EXPECT_EQ(fatbinOf(&wrapper), bytes.data());
    wrapper.version = 2;  // relocatable device code: several fatbins, not read
    EXPECT_EQ(fatbinOf(&wrapper), nullptr);
    EXPECT_EQ(imageKind(kPtx.c_str()), ImageKind::Ptx);
    EXPECT_EQ(imageKind("\x7f"
                        "ELF...."),
              ImageKind::Cubin);
}

TEST(Fatbin, MalformedContainersAreRefusedWithTheEntryAndTheByte) {
    auto bytes = container({entry(1, 90, kPtx), entry(2, 90, std::string(64, 'E'))});
    // The second entry says more follows than does.
    const std::uint64_t tooMuch = 1 << 20;
    const std::size_t second = 16 + 64 + (kPtx.size() + 7) / 8 * 8;
    put(bytes, second + 8, &tooMuch, 8);
    auto c = parseFatbinContainer(bytes);
    ASSERT_FALSE(c.ok());
    EXPECT_NE(c.error().find("entry 2 at byte " + std::to_string(second)), std::string::npos)
        << c.error();
    EXPECT_FALSE(parseFatbinContainer(std::vector<std::uint8_t>(8, 0)).ok());
    // A head that says it is longer than the bytes there are (found by fuzzing).
    auto longHead = container({});
    const std::uint16_t head = 0x4000;
    put(longHead, 6, &head, 2);
    EXPECT_FALSE(parseFatbinContainer(longHead).ok());
    auto truncated = container({entry(1, 90, kPtx)});
    truncated.resize(truncated.size() - 10);
    auto t = parseFatbinContainer(truncated);
    ASSERT_FALSE(t.ok());
    EXPECT_NE(t.error().find("bytes follow"), std::string::npos) << t.error();
}

TEST(Fatbin, ASectionOfSeveralContainersIsReadWholeWithItsPadding) {
    auto section = container({entry(2, 90, "E")});
    section.resize(section.size() + 8, 0);  // padding
    const auto second = container({entry(1, 90, kPtx)});
    section.insert(section.end(), second.begin(), second.end());
    auto all = parseFatbinSection(section);
    ASSERT_TRUE(all.ok()) << all.error();
    ASSERT_EQ(all->size(), 2u);
    EXPECT_EQ((*all)[1].offset, section.size() - second.size());
    EXPECT_EQ((*all)[1].entries[0].kind, FatbinEntryKind::Ptx);
}

TEST(ElfSection, AFileWithoutTheSectionAndAFileThatIsNoElfAreTold) {
    auto self = readElfSection("/proc/self/exe", ".nv_fatbin");
    ASSERT_TRUE(self.ok()) << self.error();
    EXPECT_FALSE(self->has_value());
    auto text = readElfSection("/proc/self/exe", ".text");
    ASSERT_TRUE(text.ok()) << text.error();
    ASSERT_TRUE(text->has_value());
    EXPECT_GT((*text)->size(), 0u);
    const std::string notElf = ::testing::TempDir() + "not-elf.txt";
    std::FILE* f = std::fopen(notElf.c_str(), "w");
    std::fputs("#!/bin/sh\necho hello\n", f);
    std::fclose(f);
    auto refused = readElfSection(notElf, ".nv_fatbin");
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().find("not an ELF file"), std::string::npos) << refused.error();
}

}  // namespace
}  // namespace ws::program
