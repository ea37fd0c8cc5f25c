// The real worker process while a kernel prints: its stdout carries nothing
// but protocol messages and trace bytes, the kernel's printf lines travel in
// the trace (Run::texts) and reach neither the protocol nor stderr.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/basics/greetings.h"
#include "core/trace/trace_io.h"
#include "kernels/runner/experiment_runner.h"

namespace ws {
namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(ServePrintf, ProtocolStaysCleanWhileHelloPrints) {
    const std::string dir = ::testing::TempDir();
    const std::string requests = dir + "/serve_requests.jsonl", out = dir + "/serve_out.bin",
                      err = dir + "/serve_err.txt";
    {
        std::ofstream r(requests);
        r << R"({"type":"hello","id":1})"
          << "\n"
          << R"({"type":"run","id":2,"experiment":"hello","params":{"grid":"2","block":"40"},)"
          << R"("repetitions":2})"
          << "\n"
          << R"({"type":"quit"})"
          << "\n";
    }
    const char* bin = std::getenv("WARPSCOPE_BINARY_DIR");
    // A lock folder of its own: behind another test's run on the same GPU the
    // run would wait, and the quit that follows it would cancel it.
    const std::string command = "WARPSCOPE_LOCK_DIR=" + dir + "/serve_printf_locks " +
                                std::string(bin ? bin : ".") +
                                "/app/record/warpscope-record serve < " + requests + " > " + out +
                                " 2> " + err;
    ASSERT_EQ(std::system(command.c_str()), 0) << slurp(err);

    const std::string bytes = slurp(out);
    std::istringstream reply(bytes);
    std::vector<nlohmann::json> messages;
    std::vector<std::uint8_t> payload;
    // The protocol's own lines, without the trace bytes that follow a result:
    // the trace carries the printed lines on purpose (Run::texts).
    std::string protocolLines;
    for (std::string line; std::getline(reply, line);) {
        protocolLines += line + "\n";
        auto message = nlohmann::json::parse(line, nullptr, false);
        ASSERT_FALSE(message.is_discarded()) << "not a protocol message: '" << line << "'";
        if (message["type"] == "result") {
            payload.resize(message["bytes"].get<std::size_t>());
            reply.read(reinterpret_cast<char*>(payload.data()), std::streamsize(payload.size()));
            ASSERT_EQ(std::size_t(reply.gcount()), payload.size());
        }
        messages.push_back(std::move(message));
    }
    ASSERT_GE(messages.size(), 2u);
    EXPECT_EQ(messages.front()["type"], "hello");
    EXPECT_EQ(protocolLines.find("Hello from block"), std::string::npos) << protocolLines;
    EXPECT_EQ(slurp(err).find("Hello from block"), std::string::npos);
    if (!cudaUnavailableReason().empty()) {
        EXPECT_EQ(messages.back()["type"], "error");  // no device: a clean refusal
        return;
    }
    ASSERT_FALSE(payload.empty()) << messages.back().dump();
    auto run = decodeTrace(payload);
    ASSERT_TRUE(run) << run.error();
    const std::string& printed = run->texts.at("printf");
    EXPECT_EQ(std::count(printed.begin(), printed.end(), '\n'), 80);
    EXPECT_TRUE(run->verification.passed) << run->verification.note;
}

}  // namespace
}  // namespace ws
