import FluentKit
import Foundation
import Synchronization

/// Whether the database has lately failed to write for a storage fault (a full
/// disk), so that `/ready` tells the load balancer and the supervisor while it lasts.
///
/// A fault is noted by whoever meets it (the server notes every request that failed
/// with one). It is cleared once none was noted for `quietPeriod` and a write goes
/// through (`SpotterStore.writeFault`): on a full disk some small writes still fit
/// in pages the database has (a probe's among them) while sets that need a new page
/// fail, so one write that goes through says little while others keep failing.
public final class StorageStatus: Sendable {
    private struct Noted {
        var fault: StorageFault
        var at: Date
    }

    private let noted = Mutex<Noted?>(nil)
    /// How long no fault may have been noted before a probe's write is believed.
    public static let quietPeriod: TimeInterval = 10

    public init() {}

    public func note(_ fault: StorageFault, at now: Date) {
        noted.withLock { $0 = Noted(fault: fault, at: now) }
    }

    /// The fault last noted and not yet cleared, and when.
    var last: (fault: StorageFault, at: Date)? {
        noted.withLock { $0.map { ($0.fault, $0.at) } }
    }

    /// Clears the fault noted at `at`, unless another was noted since.
    func clear(notedAt at: Date) {
        noted.withLock { if $0?.at == at { $0 = nil } }
    }
}

extension SpotterStore {
    /// Whether writes fail now: nil when they go through. Asked by `/ready`.
    ///
    /// Nothing is written while no fault is noted: load balancers ask every few
    /// seconds, and a write each time would be a sync to disk each time for nothing.
    /// After a fault, the answer stays that fault while faults keep coming (within
    /// `StorageStatus.quietPeriod`), then a write of a key of its own in
    /// `store_metadata` decides.
    public func writeFault(now: Date) async -> StorageFault? {
        guard let last = storageStatus.last else { return nil }
        guard now.timeIntervalSince(last.at) >= StorageStatus.quietPeriod else { return last.fault }
        do {
            try await database.writeTransaction { db in
                try await StoreMetadataRows.set("write_probe", to: String(Int(now.timeIntervalSince1970)), on: db)
            }
            storageStatus.clear(notedAt: last.at)
            return nil
        } catch {
            // Busy, or the connection lost: not a verdict on the disk; keep what was noted.
            guard let fault = StorageFault(error) else { return last.fault }
            storageStatus.note(fault, at: now)
            return fault
        }
    }
}
