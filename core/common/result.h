#pragma once
// Errors as values: library code returns Result<T>; only main() decides to exit.
// (std::expected is C++23; Debian 12's g++ 12 does not ship it.)
#include <string>
#include <utility>
#include <variant>

namespace ws {

struct Error {
    std::string message;
};

template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_state(std::move(value)) {}
    Result(Error error) : m_state(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<T>(m_state); }
    const T& value() const& { return std::get<T>(m_state); }
    T&& value() && { return std::get<T>(std::move(m_state)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const std::string& error() const { return std::get<Error>(m_state).message; }

private:
    std::variant<T, Error> m_state;
};

// Result<void> equivalent.
class [[nodiscard]] Status {
public:
    Status() = default;
    Status(Error error) : m_error(std::move(error.message)), m_failed(true) {}
    static Status success() { return {}; }
    bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    const std::string& error() const { return m_error; }

private:
    std::string m_error;
    bool m_failed = false;
};

inline Error makeError(std::string message) { return Error{std::move(message)}; }

}  // namespace ws
