// parseLesson must return a lesson or an error naming the place, never crash,
// hang or recurse without bound, on any text. A lesson it accepts must also
// survive what the window does next: the catalog check and slide places.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/lesson/lesson_parse.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto lesson = ws::lesson::parseLesson(text, "fuzz.yaml");
    if (!lesson) {
        // Every refusal names the file it was given.
        if (lesson.error().rfind("fuzz.yaml", 0) != 0) __builtin_trap();
        return 0;
    }
    if (lesson->slides.empty()) __builtin_trap();  // a lesson has slides
    for (const auto& p : ws::lesson::checkExperiments(*lesson)) (void)p.message.size();
    (void)ws::lesson::checkViews(*lesson, {"grid", "timeline"});
    for (int i = 0; i < int(lesson->slides.size()); ++i) (void)ws::lesson::slidePlace(*lesson, i);
    return 0;
}
