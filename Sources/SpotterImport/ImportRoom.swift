import Foundation

/// How much room exports waiting between their preview and their import may take.
///
/// A waiting export is kept a day in the database (so the preview and the import
/// may be served by different instances). Unbounded, one lifter's uploads filled a
/// 40 MB volume in seven tries, and then every lifter's sets failed to save. So:
/// - each lifter keeps at most `perLifter` waiting exports and `bytesPerLifter` of
///   them: a new upload takes the place of their oldest ones (a lifter trying file
///   after file wants the last one; a dropped one is uploaded again in seconds);
/// - the server keeps at most `bytesOnServer` of everyone's, then says to come back;
/// - on the server's own disk (SQLite) an upload must leave `reserve` free, so the
///   sets lifters log keep their room.
public struct ImportRoom: Sendable, Equatable {
    public var perLifter: Int
    public var bytesPerLifter: Int
    public var bytesOnServer: Int

    /// Three previews, one largest file in all per lifter, sixteen largest files on the server.
    public init(
        perLifter: Int = 3, bytesPerLifter: Int = ImportRules.largestFileBytes,
        bytesOnServer: Int = 16 * ImportRules.largestFileBytes
    ) {
        self.perLifter = perLifter
        self.bytesPerLifter = bytesPerLifter
        self.bytesOnServer = bytesOnServer
    }

    /// An export waiting for its import.
    public struct Waiting: Sendable, Equatable {
        public var token: String
        public var bytes: Int
        public var uploadedAt: Date

        public init(token: String, bytes: Int, uploadedAt: Date) {
            self.token = token
            self.bytes = bytes
            self.uploadedAt = uploadedAt
        }
    }

    /// The tokens of the lifter's waiting exports to remove, oldest first, so that one
    /// more of `incoming` bytes stays within their count and bytes.
    public func making(roomFor incoming: Int, among waiting: [Waiting]) -> [String] {
        var kept = waiting.sorted { ($0.uploadedAt, $0.token) < ($1.uploadedAt, $1.token) }
        var removed: [String] = []
        while let oldest = kept.first, kept.count + 1 > perLifter || kept.reduce(incoming, { $0 + $1.bytes }) > bytesPerLifter {
            removed.append(oldest.token)
            kept.removeFirst()
        }
        return removed
    }

    /// Whether the server takes `incoming` more bytes while `waitingOnServer` wait.
    public func serverTakes(_ incoming: Int, waitingOnServer: Int) -> Bool {
        waitingOnServer + incoming <= bytesOnServer
    }

    /// The free space a disk of `volume` bytes keeps for lifters' writes: a tenth of
    /// it, at least 8 MB (the sets of a busy year take about 5 MB), at most 1 GB.
    public static func reserve(volume: Int) -> Int {
        min(max(volume / 10, 8 << 20), 1 << 30)
    }

    /// Whether a disk with `free` of `volume` bytes takes an upload of `incoming`
    /// bytes: it sits on the disk twice for a moment (the file as it arrives, then its
    /// copy in the database) and must leave the reserve free.
    public static func diskTakes(_ incoming: Int, free: Int, volume: Int) -> Bool {
        free - 2 * incoming >= reserve(volume: volume)
    }
}
