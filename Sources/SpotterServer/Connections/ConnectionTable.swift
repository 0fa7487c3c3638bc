/// The server's open connections, and which one gives way when a new one arrives
/// with the budget full.
///
/// Before, 1,000 idle connections from one client under a 1,024 open-file limit took
/// every descriptor: nobody else was served until that client let go. Timeouts alone
/// do not help (such a client holds its connections for the whole timeout and opens
/// them again), and refusing new connections at a limit lets it keep the server for
/// itself. So a connection arriving at the budget makes room: the connection idle the
/// longest goes, taken from the client address holding the most connections. One
/// client then only ever pushes out its own connections, never one with a request in
/// flight. A connection still waiting for its first request counts as idle since it
/// opened. Pure: the caller closes the connection it is told to.
struct ConnectionTable: Sendable {
    typealias ID = UInt64

    struct Connection: Sendable, Equatable {
        /// The client's address key (`AddressKey`: an IPv6 client by its /64).
        let address: String
        /// Requests whose head has been read and whose answer is not all sent yet.
        var requestsInFlight = 0
        /// When it last became idle (or opened), as the table's running count: smaller is longer ago.
        var idleSince: UInt64
        /// Chosen to give way; counted out of the budget until it closes, or kept if a
        /// request arrived before the close reached it.
        var leaving = false
    }

    /// How many connections may be open at once (not counting those leaving).
    let budget: Int
    private(set) var connections: [ID: Connection] = [:]
    /// Open connections per address, those leaving left out.
    private var perAddress: [String: Int] = [:]
    private var leavingCount = 0
    private var clock: UInt64 = 0
    private var lastID: ID = 0

    init(budget: Int) {
        self.budget = max(1, budget)
    }

    /// Connections counted against the budget.
    var occupied: Int { connections.count - leavingCount }

    /// A new connection from `address`: its id, and the connection that must give way
    /// for it when the budget was full (the new one itself when nothing else is idle).
    mutating func open(address: String) -> (id: ID, giveWay: ID?) {
        lastID += 1
        clock += 1
        connections[lastID] = Connection(address: address, idleSince: clock)
        perAddress[address, default: 0] += 1
        return (lastID, occupied > budget ? makeRoom() : nil)
    }

    /// Picks the connection to close to free one place, marks it leaving, and returns
    /// it; nil when every connection has a request in flight (or is leaving already).
    /// Among idle connections: the address holding the most connections first, then
    /// the one idle the longest.
    mutating func makeRoom() -> ID? {
        var chosen: (id: ID, held: Int, idleSince: UInt64)?
        for (id, connection) in connections where connection.requestsInFlight == 0 && !connection.leaving {
            let held = perAddress[connection.address, default: 0]
            let better = chosen.map { held > $0.held || (held == $0.held && connection.idleSince < $0.idleSince) } ?? true
            if better { chosen = (id, held, connection.idleSince) }
        }
        guard let id = chosen?.id else { return nil }
        connections[id]?.leaving = true
        leavingCount += 1
        perAddress[connections[id]!.address, default: 1] -= 1
        return id
    }

    /// The head of a request was read. A connection chosen to leave whose close has
    /// not reached it yet stays: its request is served.
    mutating func requestStarted(_ id: ID) {
        guard var connection = connections[id] else { return }
        connection.requestsInFlight += 1
        if connection.leaving {
            connection.leaving = false
            leavingCount -= 1
            perAddress[connection.address, default: 0] += 1
        }
        connections[id] = connection
    }

    /// A request's answer is all sent.
    mutating func requestFinished(_ id: ID) {
        guard var connection = connections[id], connection.requestsInFlight > 0 else { return }
        connection.requestsInFlight -= 1
        if connection.requestsInFlight == 0 {
            clock += 1
            connection.idleSince = clock
        }
        connections[id] = connection
    }

    /// The connection closed (for whatever reason).
    mutating func closed(_ id: ID) {
        guard let connection = connections.removeValue(forKey: id) else { return }
        if connection.leaving {
            leavingCount -= 1
        } else {
            perAddress[connection.address, default: 1] -= 1
        }
        if perAddress[connection.address] == 0 { perAddress[connection.address] = nil }
    }
}
