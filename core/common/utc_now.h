#pragma once
// The time a run was recorded, as traces store it.
#include <string>

namespace ws {

// Now in ISO 8601 UTC, to the second: "2026-12-07T13:39:09Z".
std::string utcNow();

}  // namespace ws
