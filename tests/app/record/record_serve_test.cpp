// The worker protocol, driven through streams as the GUI drives the process.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "app/record/commands/record_commands.h"
#include "core/trace/trace_io.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::record {
namespace {

struct Exchange {
    int status = 0;
    std::vector<nlohmann::json> messages;
    std::vector<std::vector<std::uint8_t>> payloads;  // one per result message
    std::string err;
};

// A lock folder of the test's own: on a GPU machine other tests' recorders
// may hold the real GPU's lock, and a run that waits would be cancelled by the
// `quit` that follows it (as the protocol says).
void useAPrivateLockFolder() {
    static const std::string dir = [] {
        std::string d = ::testing::TempDir() + "/record_serve_locks_" + std::to_string(::getpid());
        ::setenv("WARPSCOPE_LOCK_DIR", d.c_str(), 1);
        return d;
    }();
    (void)dir;
}

Exchange serve(const std::string& requests) {
    useAPrivateLockFolder();
    std::istringstream in(requests);
    std::ostringstream out, err;
    Exchange ex;
    ex.status = serveCommand(in, out, err);
    ex.err = err.str();
    std::istringstream reply(out.str());
    for (std::string line; std::getline(reply, line);) {
        auto msg = nlohmann::json::parse(line);
        if (msg["type"] == "result") {
            std::vector<std::uint8_t> bytes(msg["bytes"].get<std::size_t>());
            reply.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
            ex.payloads.push_back(std::move(bytes));
        }
        ex.messages.push_back(std::move(msg));
    }
    return ex;
}

TEST(RecordServe, HelloReportsTheDeviceOrWhyThereIsNone) {
    auto ex = serve(R"({"type":"hello","id":1})"
                    "\n");
    ASSERT_EQ(ex.messages.size(), 1u);
    const auto& hello = ex.messages[0];
    EXPECT_EQ(hello["type"], "hello");
    EXPECT_EQ(hello["id"], 1);
    EXPECT_EQ(hello["protocol"], 3);
    if (cudaUnavailableReason().empty()) {
        EXPECT_TRUE(hello["device"].is_object());
        EXPECT_GT(hello["device"]["timerTickNs"].get<int>(), 0);
    } else {
        EXPECT_TRUE(hello["device"].is_null());
        EXPECT_FALSE(hello["reason"].get<std::string>().empty());
    }
}

TEST(RecordServe, BadRequestsGetErrorsAndTheWorkerGoesOn) {
    auto ex = serve(
        "not json\n"
        R"({"type":"run","id":2,"experiment":"nope"})"
        "\n"
        R"({"type":"run","id":3,"experiment":"reduce-ladder","params":{"block":"5000"}})"
        "\n"
        R"({"type":"dance","id":4})"
        "\n"
        R"({"type":"hello","id":5})"
        "\n");
    EXPECT_EQ(ex.status, kOk);
    ASSERT_EQ(ex.messages.size(), 5u);
    EXPECT_EQ(ex.messages[0]["type"], "error");
    EXPECT_EQ(ex.messages[1]["id"], 2);
    EXPECT_NE(ex.messages[1]["message"].get<std::string>().find("unknown experiment"),
              std::string::npos);
    EXPECT_NE(ex.messages[2]["message"].get<std::string>().find("block=5000 is out of range"),
              std::string::npos);
    EXPECT_EQ(ex.messages[3]["type"], "error");
    EXPECT_EQ(ex.messages[4]["type"], "hello");
}

// Parameters or repetitions that are not what the protocol says are refused,
// not replaced by defaults or clamped: the run would answer another question.
TEST(RecordServe, MalformedParamsAndRepetitionsAreRefused) {
    auto ex = serve(R"({"type":"run","id":1,"experiment":"reduce-ladder","params":"x"})"
                    "\n"
                    R"({"type":"run","id":2,"experiment":"reduce-ladder","repetitions":-5})"
                    "\n"
                    R"({"type":"run","id":3,"experiment":"reduce-ladder","repetitions":2.5})"
                    "\n"
                    R"({"type":"run","id":4,"experiment":"reduce-ladder","why":"yes"})"
                    "\n");
    EXPECT_EQ(ex.status, kOk);
    ASSERT_EQ(ex.messages.size(), 4u);
    EXPECT_EQ(ex.messages[3]["message"],
              "why: expected true, false or \"when-cheap\", found \"yes\"");
    EXPECT_EQ(ex.messages[0]["message"], "params: expected an object of name: value, found string");
    EXPECT_EQ(ex.messages[1]["message"],
              "repetitions: expected a whole number in [1, 1000], found -5");
    EXPECT_EQ(ex.messages[2]["id"], 3);
    EXPECT_EQ(ex.messages[2]["type"], "error");
}

// Fields of the wrong type are refused with the field named, and the worker
// goes on: a run read with a field as missing would answer another question
// (docs/worker-protocol.md gives each field's type).
TEST(RecordServe, FieldsOfTheWrongTypeAreRefusedByName) {
    auto ex = serve(R"({"type":"hello","id":"one"})"
                    "\n"
                    R"({"type":7,"id":2})"
                    "\n"
                    R"({"type":"run","id":3,"experiment":["reduce-ladder"]})"
                    "\n"
                    R"({"type":"run","id":4,"experiment":"hello","params":{"grid":2}})"
                    "\n"
                    R"({"type":"run","id":5,"experiment":"hello","supersede":"yes"})"
                    "\n"
                    R"({"type":"hello","id":-1})"
                    "\n"
                    R"({"type":"hello","id":1.5})"
                    "\n"
                    R"({"type":"hello"})"
                    "\n"
                    R"({"type":"hello","id":99999999999999999999})"
                    "\n"
                    R"({"type":"hello","id":9})"
                    "\n"
                    R"({"type":"quit"})"
                    "\n");
    EXPECT_EQ(ex.status, kOk);
    ASSERT_EQ(ex.messages.size(), 10u);
    for (int i = 0; i < 9; ++i) EXPECT_EQ(ex.messages[std::size_t(i)]["type"], "error") << i;
    const auto message = [&](int i) {
        return ex.messages[std::size_t(i)]["message"].get<std::string>();
    };
    EXPECT_EQ(ex.messages[0]["id"], 0);
    EXPECT_EQ(message(0), "id: expected a positive whole number, found \"one\"");
    EXPECT_EQ(ex.messages[1]["id"], 2);
    EXPECT_EQ(message(1).rfind("type: expected one of", 0), 0u) << message(1);
    EXPECT_EQ(ex.messages[2]["id"], 3);
    EXPECT_EQ(message(2),
              "experiment: expected an experiment's name as text, found [\"reduce-ladder\"]");
    EXPECT_EQ(ex.messages[3]["id"], 4);
    EXPECT_EQ(message(3).rfind("params.grid: expected the value as text", 0), 0u) << message(3);
    EXPECT_EQ(message(4), "supersede: expected true or false, found \"yes\"");
    for (int i = 5; i < 9; ++i) {
        EXPECT_EQ(ex.messages[std::size_t(i)]["id"], 0) << i;
        EXPECT_EQ(message(i).rfind("id: expected a positive whole number", 0), 0u) << message(i);
    }
    EXPECT_EQ(ex.messages[9]["type"], "hello");
    EXPECT_EQ(ex.messages[9]["id"], 9);
}

TEST(RecordServe, AnswersNoOneCanReadEndTheWorker) {
    useAPrivateLockFolder();
    std::istringstream in(R"({"type":"hello","id":1})"
                          "\n"
                          R"({"type":"hello","id":2})"
                          "\n");
    std::ostringstream out, err;
    out.setstate(std::ios::badbit);  // as a closed or full stdout leaves it
    EXPECT_EQ(serveCommand(in, out, err), kFailed);
    EXPECT_NE(err.str().find("cannot write its answers"), std::string::npos) << err.str();
}

TEST(RecordServe, RunAnswersATraceOrTheReasonThereIsNoDevice) {
    auto ex = serve(
        R"({"type":"run","id":7,"experiment":"reduce-single-block","params":{"n":"5000","block":"256"},"repetitions":3})"
        "\n"
        R"({"type":"quit"})"
        "\n");
    EXPECT_EQ(ex.status, kOk);
    ASSERT_FALSE(ex.messages.empty());
    const auto& last = ex.messages.back();
    EXPECT_EQ(last["id"], 7);
    if (!cudaUnavailableReason().empty()) {
        EXPECT_EQ(last["type"], "error");
        EXPECT_EQ(last["message"], cudaUnavailableReason()) << last.dump();
        return;
    }
    ASSERT_EQ(last["type"], "result") << last.dump();
    ASSERT_EQ(ex.payloads.size(), 1u);
    auto run = decodeTrace(ex.payloads[0]);
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_EQ(run->params.at("n"), "5000");
    EXPECT_TRUE(run->verification.passed);
}

}  // namespace
}  // namespace ws::record
