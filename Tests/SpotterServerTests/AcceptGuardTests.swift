import HTTPTypes
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import SpotterServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When accept(2) fails for want of file descriptors, the listening socket's guard
/// frees one (NIO otherwise calls accept again at once, at full CPU, until one frees
/// itself): an idle connection gives way, or a spare descriptor is given up and the
/// connection taken with it is closed at once.
@Suite("Accept guard: out of file descriptors")
struct AcceptGuardTests {
    static func listening(_ registry: ConnectionRegistry) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(AcceptGuard(registry: registry))
        return channel
    }

    static func connection(_ registry: ConnectionRegistry) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ConnectionGuard(limits: ConnectionLimits(), registry: registry))
        try channel.connect(to: SocketAddress(ipAddress: "203.0.113.1", port: 40000)).wait()
        return channel
    }

    @Test("EMFILE: the idle connection gives way, and the connection accepted next is served")
    func idleConnectionGivesWay() throws {
        let registry = ConnectionRegistry(budget: 100, logger: Logger(label: "test"))
        let idle = try Self.connection(registry)
        let listening = try Self.listening(registry)

        listening.pipeline.fireErrorCaught(IOError(errnoCode: EMFILE, reason: "accept"))
        idle.embeddedEventLoop.run()

        #expect(throws: IOError.self, "passed on to NIO's backoff") { try listening.throwIfErrorCaught() }
        #expect(!idle.isActive)
        let accepted = EmbeddedChannel()
        try accepted.connect(to: SocketAddress(ipAddress: "198.51.100.2", port: 40001)).wait()
        try listening.writeInbound(accepted as any Channel)
        #expect(try listening.readInbound(as: (any Channel).self) != nil, "handed on to be served")
        #expect(accepted.isActive)
    }

    @Test("ENFILE with nothing idle: the spare descriptor is given up and the connection taken with it closed")
    func spareDescriptorGivenUp() throws {
        let registry = ConnectionRegistry(budget: 100, logger: Logger(label: "test"))
        let busy = try Self.connection(registry)
        try busy.writeInbound(HTTPRequestPart.head(.init(method: .get, scheme: "http", authority: "spotter", path: "/")))
        let listening = try Self.listening(registry)
        let accepted = EmbeddedChannel()
        try accepted.connect(to: SocketAddress(ipAddress: "198.51.100.2", port: 40001)).wait()

        listening.pipeline.fireErrorCaught(IOError(errnoCode: ENFILE, reason: "accept"))
        #expect(throws: IOError.self) { try listening.throwIfErrorCaught() }
        try listening.writeInbound(accepted as any Channel)

        #expect(busy.isActive, "a request in flight is never cut")
        #expect(!accepted.isActive)
        #expect(try listening.readInbound(as: (any Channel).self) == nil, "not handed on")
    }
}
