import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole lines to a file descriptor with write(2), and drops a line it cannot
/// write. Foundation's `FileHandle.write` traps when a write fails: the server died
/// (SIGILL) at its next log line behind `| head -1` (EPIPE) or with its output on a
/// full disk (ENOSPC). Losing a log line must never take the service down, so a
/// failed line is counted and dropped; the first loss is told once on standard error.
public final class LogLineWriter: Sendable {
    /// Standard output: the JSON log lines and the "Spotter is running at" line.
    public static let standardOutput = LogLineWriter(descriptor: STDOUT_FILENO, name: "standard output")

    let descriptor: Int32
    let name: String
    /// One line at a time: lines over a pipe's atomic 4 KB, or written in parts,
    /// would otherwise interleave with another thread's.
    private let writing = Mutex(())
    private let dropped = Atomic<Int>(0)

    /// A writer to `descriptor` (an open file descriptor it does not own), called
    /// `name` in the note about dropped lines.
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// How many lines could not be written and were dropped.
    public var droppedLines: Int { dropped.load(ordering: .relaxed) }

    /// Writes `line` whole (it should end in a newline); false when it was dropped.
    @discardableResult
    public func write(_ line: String) -> Bool {
        var line = line
        let failure = writing.withLock { _ in line.withUTF8 { Self.writeAll($0, to: descriptor) } }
        guard let failure else { return true }
        if dropped.add(1, ordering: .relaxed).oldValue == 0 {
            let note =
                "spotter: \(name) cannot be written (\(String(cString: strerror(failure)))); log lines are dropped until it can be.\n"
            var text = note
            _ = text.withUTF8 { Self.writeAll($0, to: STDERR_FILENO) }
        }
        return false
    }

    /// Writes every byte, going on after a partial write and retrying a write cut by
    /// a signal (EINTR); nil when all was written, else the error that stopped it.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        guard let start = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, start + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }
}

// By the module's name: `write` alone is the method above.
#if canImport(Glibc)
    private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        Glibc.write(descriptor, bytes, count)
    }
#elseif canImport(Darwin)
    private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        Darwin.write(descriptor, bytes, count)
    }
#endif
