import Logging
import NIOCore
import Synchronization

/// The event a connection chosen to give way is sent: it closes if it is still idle.
struct ConnectionGiveWay: Sendable {}

/// The connection table every event loop shares (behind a lock), with each
/// connection's channel, so that the one chosen to give way is told. A connection
/// decides itself, on its own loop, whether it is still idle when the word reaches it,
/// so a request that arrived meanwhile is served.
final class ConnectionRegistry: Sendable {
    private struct State {
        var table: ConnectionTable
        var channels: [ConnectionTable.ID: any Channel] = [:]
        var gaveWay = 0
    }

    private let state: Mutex<State>
    private let logger: Logger
    /// Connections made to give way between two notes in the log: under a flood of
    /// connections one line per 1,000, not one each.
    static let noteEvery = 1000

    init(budget: Int, logger: Logger) {
        state = Mutex(State(table: ConnectionTable(budget: budget)))
        self.logger = logger
    }

    var budget: Int { state.withLock { $0.table.budget } }
    /// Connections open now, those told to give way left out.
    var occupied: Int { state.withLock { $0.table.occupied } }

    /// A new connection: its id, and whether it may stay (false: the budget is full and
    /// no other connection is idle; the caller closes it at once).
    func open(_ channel: any Channel, address: String) -> (id: ConnectionTable.ID, admitted: Bool) {
        let (id, giveWay, note) = state.withLock { state in
            let (id, giveWay) = state.table.open(address: address)
            state.channels[id] = channel
            return (id, giveWay, giveWay.flatMap { giveWay in giveWay == id ? nil : Self.gaveWay(&state, giveWay) })
        }
        if let note { tell(note) }
        return (id, giveWay != id)
    }

    /// Makes one idle connection give way (an accept that failed for want of file
    /// descriptors); false when none is idle.
    func makeRoom() -> Bool {
        let note = state.withLock { state in state.table.makeRoom().flatMap { Self.gaveWay(&state, $0) } }
        if let note { tell(note) }
        return note != nil
    }

    func requestStarted(_ id: ConnectionTable.ID) { state.withLock { $0.table.requestStarted(id) } }

    func requestFinished(_ id: ConnectionTable.ID) { state.withLock { $0.table.requestFinished(id) } }

    func closed(_ id: ConnectionTable.ID) {
        state.withLock { state in
            state.table.closed(id)
            state.channels[id] = nil
        }
    }

    private static func gaveWay(_ state: inout State, _ id: ConnectionTable.ID) -> (any Channel, count: Int)? {
        guard let channel = state.channels[id] else { return nil }
        state.gaveWay += 1
        return (channel, state.gaveWay)
    }

    private func tell(_ note: (channel: any Channel, count: Int)) {
        note.channel.pipeline.fireUserInboundEventTriggered(ConnectionGiveWay())
        if note.count % Self.noteEvery == 1 {
            logger.warning(
                "The connection budget is full: idle connections give way to new ones, the longest idle of the address holding the most first",
                metadata: ["budget": "\(budget)", "gave_way": "\(note.count)"])
        }
    }
}
