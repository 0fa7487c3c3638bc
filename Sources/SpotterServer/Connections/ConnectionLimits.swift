import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long a connection may take over a request's head and wait between requests
/// (`spotter serve --header-timeout`, `--idle-timeout`), and how many connections may
/// be open at once.
public struct ConnectionLimits: Sendable {
    /// A request's head must have all arrived this long after the connection opened,
    /// or after the first byte that followed the previous answer.
    public var header: Duration
    /// How long a kept-alive connection waits for its next request. Above the 60 s
    /// nginx keeps its idle connections to an upstream (`keepalive_timeout`), so that
    /// nginx, not Spotter, closes them: nginx does not send a POST again that met a
    /// connection closed under it.
    public var idle: Duration
    /// Connections open at once; nil: from the open-file limit at start (`budget(openFiles:openNow:processors:)`).
    public var budget: Int?

    public init(header: Duration = .seconds(20), idle: Duration = .seconds(75), budget: Int? = nil) {
        self.header = header
        self.idle = idle
        self.budget = budget
    }

    /// The connections that fit under `openFiles` descriptors when `openNow` are open
    /// already: what is left after a reserve for what the server opens later (database
    /// connections: PostgreSQL's pool holds 4 per core; SQLite's readers, import and
    /// backup files), an eighth of the limit and at least 64 + 8 per core. Under 1,024
    /// on 2 cores with 22 open at start: 1,024 - 22 - 128 = 874.
    public static func budget(openFiles: Int, openNow: Int, processors: Int) -> Int {
        let reserve = max(openFiles / 8, 64 + 8 * processors)
        return max(16, openFiles - openNow - reserve)
    }

    /// Raises this process's soft open-file limit to its hard limit (as Go's runtime
    /// does; systemd gives services 1,024 soft and 524,288 hard) and returns the limit
    /// in force.
    @discardableResult
    public static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resourceNoFile, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    /// The soft open-file limit now.
    static func openFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else { return 1024 }
        return limit.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    /// File descriptors open in this process now (Linux's /proc/self/fd, else /dev/fd).
    static func openDescriptors() -> Int {
        for folder in ["/proc/self/fd", "/dev/fd"] {
            if let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) { return entries.count }
        }
        return 64
    }
}

#if canImport(Glibc)
    private let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#else
    private let resourceNoFile = RLIMIT_NOFILE
#endif
