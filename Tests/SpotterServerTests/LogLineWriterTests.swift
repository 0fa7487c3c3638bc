import Foundation
import Logging
import Testing

@testable import SpotterServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Log lines that cannot be written are dropped, never fatal: before, the JSON log
/// handler wrote through `FileHandle.write`, which traps (SIGILL) on EPIPE and ENOSPC.
@Suite("Log lines: a broken pipe or a full disk drops them, never the server")
struct LogLineWriterTests {
    init() {
        // As `spotter serve` does: a write to a pipe nobody reads must fail with EPIPE,
        // not end the process.
        signal(SIGPIPE, SIG_IGN)
    }

    static func jsonLogger(_ writer: LogLineWriter) -> Logger {
        Logger(label: "spotter") { label in JSONLogHandler(label: label, writer: writer) }
    }

    @Test("logging into a pipe whose reading end is closed drops and counts the lines")
    func brokenPipe() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let writer = LogLineWriter(descriptor: ends[1], name: "the test pipe")
        let logger = Self.jsonLogger(writer)

        for index in 0..<100 { logger.info("request", metadata: ["index": "\(index)"]) }

        #expect(writer.droppedLines == 100)
        #expect(writer.write("one more\n") == false)
    }

    @Test("logging onto a full disk (/dev/full) drops and counts the lines")
    func fullDisk() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0, "/dev/full is missing")
        defer { close(full) }
        let writer = LogLineWriter(descriptor: full, name: "/dev/full")
        let logger = Self.jsonLogger(writer)

        for _ in 0..<10 { logger.warning("disk full") }

        #expect(writer.droppedLines == 10)
    }

    @Test("a line longer than the pipe holds is written whole, in parts, as the reader drains it")
    func partialWrites() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (reading, writing) = (ends[0], ends[1])
        defer { close(reading) }
        let line = String(repeating: "0123456789abcdef", count: 16_384) + "\n"  // 256 KiB; a pipe holds 64 KiB
        let writer = LogLineWriter(descriptor: writing, name: "the test pipe")

        let received = await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
            // A thread of its own reads, so that the write blocking on a full pipe holds no task's thread.
            Thread {
                var total = 0
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while case let count = read(reading, &buffer, buffer.count), count > 0 { total += count }
                done.resume(returning: total)
            }.start()
            #expect(writer.write(line))
            close(writing)
        }

        #expect(received == line.utf8.count)
        #expect(writer.droppedLines == 0)
    }
}
