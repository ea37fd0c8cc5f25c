#include "app/record/gpu/protocol_channel.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <streambuf>
#include <vector>

namespace ws::record {

namespace {

// An output buffer that writes whole chunks to a file descriptor.
class FdBuffer : public std::streambuf {
public:
    explicit FdBuffer(int fd) : m_fd(fd), m_buffer(1 << 16) {
        setp(m_buffer.data(), m_buffer.data() + m_buffer.size());
    }
    ~FdBuffer() override { sync(); }

protected:
    int_type overflow(int_type c) override {
        if (sync() != 0) return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }

    int sync() override {
        const char* p = pbase();
        while (p < pptr()) {
            const ssize_t n = ::write(m_fd, p, std::size_t(pptr() - p));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return -1;
            p += n;
        }
        setp(m_buffer.data(), m_buffer.data() + m_buffer.size());
        return 0;
    }

    std::streamsize xsputn(const char* s, std::streamsize count) override {
        std::streamsize done = 0;
        while (done < count) {
            if (pptr() == epptr() && sync() != 0) return done;
            const std::streamsize chunk = std::min<std::streamsize>(count - done, epptr() - pptr());
            std::memcpy(pptr(), s + done, std::size_t(chunk));
            pbump(int(chunk));
            done += chunk;
        }
        return done;
    }

private:
    int m_fd;
    std::vector<char> m_buffer;
};

}  // namespace

struct ProtocolChannel::Impl {
    int fd = -1;
    FdBuffer buffer;
    std::ostream stream;
    explicit Impl(int f) : fd(f), buffer(f), stream(&buffer) {}
};

Result<std::unique_ptr<ProtocolChannel>> ProtocolChannel::takeStdout() {
    std::cout.flush();
    std::fflush(stdout);
    const int fd = ::dup(STDOUT_FILENO);
    if (fd < 0) return makeError(std::string("cannot duplicate stdout: ") + std::strerror(errno));
    if (::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        ::close(fd);
        return makeError(std::string("cannot point stdout at stderr: ") + std::strerror(errno));
    }
    std::unique_ptr<ProtocolChannel> channel(new ProtocolChannel);
    channel->m_impl = std::make_unique<Impl>(fd);
    return channel;
}

ProtocolChannel::~ProtocolChannel() {
    if (!m_impl) return;
    m_impl->stream.flush();
    const int fd = m_impl->fd;
    m_impl.reset();
    ::close(fd);
}

std::ostream& ProtocolChannel::stream() { return m_impl->stream; }

}  // namespace ws::record
