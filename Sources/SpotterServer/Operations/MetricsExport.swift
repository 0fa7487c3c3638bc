import CoreMetrics
import Foundation
import Prometheus

/// `GET /metrics` turned on: the Prometheus registry every metric of this process
/// is recorded into (swift-metrics, bootstrapped by `spotter serve`), and the token
/// a scraper must send as `Authorization: Bearer <token>`.
public struct MetricsExport: Sendable {
    public let registry: PrometheusCollectorRegistry
    let token: String

    public init(registry: PrometheusCollectorRegistry, token: String) {
        self.registry = registry
        self.token = token
    }

    /// The factory `MetricsSystem.bootstrap` is given: swift-prometheus over `registry`,
    /// with buckets that suit Spotter's numbers (group commits join 1 to 32 writes).
    public func factory() -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.valueHistogramBuckets["spotter_group_commit_batch_size"] = [1, 2, 4, 8, 16, 32]
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10), .seconds(60),
        ]
        return factory
    }

    /// Whether an `Authorization` header carries the token, compared in constant time.
    func accepts(_ header: String?) -> Bool {
        guard let header, header.hasPrefix("Bearer ") else { return false }
        let sent = Array(header.dropFirst("Bearer ".count).utf8)
        let expected = Array(token.utf8)
        guard sent.count == expected.count else { return false }
        return zip(sent, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// What this process holds in memory, as the kernel counts it (Linux's
/// `/proc/self/statm`); nil where there is no such file.
enum ProcessMemory {
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Hands the heap's free pages back to the kernel, after work that held much memory
    /// for a moment (a restore decodes its whole file). glibc keeps freed memory in
    /// per-thread arenas, and restores run on whichever thread is free, so without
    /// this each one grew another arena: four restores one after another held 632 MB
    /// of a debug server where one needs about 310.
    static func returnFreedMemory() {
        #if canImport(Glibc)
            _ = glibcMallocTrim(0)
        #endif
    }
}

#if canImport(Glibc)
    /// glibc's `malloc_trim` (malloc.h, which Swift's Glibc module leaves out).
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
