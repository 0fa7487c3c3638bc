import Testing

@testable import SpotterServer

/// Which connection gives way when a new one arrives with the budget full: the
/// longest idle of the address holding the most connections, never one with a
/// request in flight.
@Suite("Connection budget: who gives way")
struct ConnectionTableTests {
    @Test("below the budget nobody gives way")
    func belowBudget() {
        var table = ConnectionTable(budget: 3)
        #expect(table.open(address: "203.0.113.1").giveWay == nil)
        #expect(table.open(address: "203.0.113.1").giveWay == nil)
        #expect(table.open(address: "198.51.100.2").giveWay == nil)
        #expect(table.occupied == 3)
    }

    @Test(
        "at the budget, the longest idle connection of the address holding the most gives way, not an older one of another address"
    )
    func holderOfMostGivesWay() {
        var table = ConnectionTable(budget: 4)
        let lifter = table.open(address: "198.51.100.2").id  // idle the longest of all
        let first = table.open(address: "203.0.113.1").id
        let second = table.open(address: "203.0.113.1").id
        let third = table.open(address: "203.0.113.1").id
        table.requestStarted(first)
        table.requestFinished(first)  // now idle since after the others

        let arrival = table.open(address: "192.0.2.9")

        #expect(
            arrival.giveWay == second, "203.0.113.1 holds 3; of them, second is idle the longest (first answered a request since)"
        )
        #expect(table.connections[second]?.leaving == true)
        #expect(table.connections[lifter]?.leaving == false)
        #expect(table.occupied == 4)
        _ = third
    }

    @Test("a connection with a request in flight never gives way; when nothing else is idle the newcomer does")
    func requestInFlightStays() {
        var table = ConnectionTable(budget: 2)
        let busy = table.open(address: "203.0.113.1").id
        let alsoBusy = table.open(address: "203.0.113.1").id
        table.requestStarted(busy)
        table.requestStarted(alsoBusy)

        let arrival = table.open(address: "203.0.113.1")

        #expect(arrival.giveWay == arrival.id)
        #expect(table.connections[busy]?.leaving == false && table.connections[alsoBusy]?.leaving == false)
        table.closed(arrival.id)
        #expect(table.occupied == 2 && table.connections.count == 2)
    }

    @Test("a connection waiting for its first request counts as idle since it opened")
    func waitingForFirstRequestIsIdle() {
        var table = ConnectionTable(budget: 2)
        let silent = table.open(address: "203.0.113.1").id
        let served = table.open(address: "203.0.113.1").id
        table.requestStarted(served)
        table.requestFinished(served)

        #expect(table.open(address: "198.51.100.2").giveWay == silent)
    }

    @Test("a connection told to give way that reads a request before the word reaches it stays and counts again")
    func requestBeforeTheCloseStays() {
        var table = ConnectionTable(budget: 1)
        let first = table.open(address: "203.0.113.1").id
        let second = table.open(address: "198.51.100.2")
        #expect(second.giveWay == first && table.occupied == 1)

        table.requestStarted(first)

        #expect(table.connections[first]?.leaving == false)
        #expect(table.occupied == 2, "over the budget by one until the next arrival makes room")
        #expect(table.open(address: "192.0.2.9").giveWay == second.id, "the idle one goes, not the one serving a request")
    }

    @Test("a connection that closed after it was told to give way frees its place once")
    func closedLeaverFreesItsPlace() {
        var table = ConnectionTable(budget: 1)
        let first = table.open(address: "203.0.113.1").id
        let second = table.open(address: "203.0.113.1").id
        #expect(table.occupied == 1)

        table.closed(first)
        table.closed(first)

        #expect(table.occupied == 1 && table.connections.count == 1)
        #expect(table.open(address: "198.51.100.2").giveWay == second)
    }

    @Test("the open-file limit leaves a reserve: an eighth, and at least 64 + 8 per core")
    func budgetFromTheFileLimit() {
        #expect(ConnectionLimits.budget(openFiles: 1024, openNow: 40, processors: 2) == 1024 - 40 - 128)
        #expect(ConnectionLimits.budget(openFiles: 1024, openNow: 40, processors: 16) == 1024 - 40 - 192)
        #expect(ConnectionLimits.budget(openFiles: 65536, openNow: 40, processors: 2) == 65536 - 40 - 8192)
        #expect(ConnectionLimits.budget(openFiles: 100, openNow: 40, processors: 2) == 16, "never below 16")
    }
}
