#pragma once
// A run is checked twice: its timed launches (no recording) and its recorded
// one. Where the timed launches failed, the note says so first; where both
// failed alike (a kernel wrong by design), the failure is said once.
#include <string>

namespace ws {

inline std::string pairedCheckNote(const std::string& timedNote, const std::string& recordedNote) {
    if (timedNote == recordedNote)
        return "the launches with and without recording failed the check alike: " + recordedNote;
    return "the launches without recording failed the check: " + timedNote + "; " + recordedNote;
}

}  // namespace ws
