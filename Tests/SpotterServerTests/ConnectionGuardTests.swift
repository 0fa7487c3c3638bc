import HTTPTypes
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import SpotterServer

/// One connection's timeouts and its giving way, on an embedded channel whose loop's
/// clock the test moves: the head's timeout (from the opening, or from the first byte
/// after an answer, however the bytes drip), the idle timeout between requests, and a
/// request in flight that nothing cuts.
@Suite("Connection guard: head and idle timeouts, giving way")
struct ConnectionGuardTests {
    static let limits = ConnectionLimits(header: .seconds(20), idle: .seconds(75))

    /// A connection from `address` through a guard, behind a stand-in for the HTTP
    /// decoder: "HEAD" reads as a request's head, "END" as its end, anything else as a
    /// part of a head still coming.
    static func connection(_ registry: ConnectionRegistry, from address: String = "203.0.113.1") throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([StandInDecoder(), ConnectionGuard(limits: limits, registry: registry)])
        try channel.connect(to: SocketAddress(ipAddress: address, port: 40000)).wait()
        return channel
    }

    static func registry(budget: Int = 100) -> ConnectionRegistry {
        ConnectionRegistry(budget: budget, logger: Logger(label: "test"))
    }

    static func send(_ channel: EmbeddedChannel, _ text: String) throws {
        try channel.writeInbound(ByteBuffer(string: text))
    }

    /// Moves the clock to a second before `seconds` (the connection is still open), then
    /// to `seconds` (it is closed).
    static func expectClosed(_ channel: EmbeddedChannel, after seconds: Int64, sourceLocation: SourceLocation = #_sourceLocation)
    {
        channel.embeddedEventLoop.advanceTime(by: .seconds(seconds - 1))
        #expect(channel.isActive, "open a second before", sourceLocation: sourceLocation)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive, "closed after \(seconds) s", sourceLocation: sourceLocation)
    }

    static func answer(_ channel: EmbeddedChannel) throws {
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
    }

    @Test("a connection that sends nothing is closed at the head's timeout, not before")
    func silentConnection() throws {
        let channel = try Self.connection(Self.registry())
        Self.expectClosed(channel, after: 20)
    }

    @Test("a head dripped a byte at a time is closed at the head's timeout from the opening")
    func drippedHead() throws {
        let channel = try Self.connection(Self.registry())
        for byte in "GET / HTTP/1.1\r\nX-Slow: aaaa" {
            try Self.send(channel, String(byte))
            channel.embeddedEventLoop.advanceTime(by: .milliseconds(900))
            if !channel.isActive { break }
        }
        #expect(!channel.isActive)
        #expect(try channel.readInbound(as: HTTPRequestPart.self) == nil, "no request reached the app")
    }

    @Test("after an answer: the idle timeout, and the first byte of the next request starts the head's timeout")
    func idleThenNextHead() throws {
        let channel = try Self.connection(Self.registry())
        try Self.send(channel, "HEAD")
        try Self.send(channel, "END")
        try Self.answer(channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(74))
        #expect(channel.isActive, "idle for 74 s of 75")
        try Self.send(channel, "G")
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        try Self.send(channel, "E")
        Self.expectClosed(channel, after: 10)  // 20 s after the first byte of a head that never ended

        let kept = try Self.connection(Self.registry())
        try Self.send(kept, "HEAD")
        try Self.answer(kept)
        Self.expectClosed(kept, after: 75)
    }

    @Test("each answer starts the idle timeout again; a head begun after an answer has 20 s, not the idle 75")
    func timeoutsMove() throws {
        let channel = try Self.connection(Self.registry())
        try Self.send(channel, "HEAD")
        try Self.answer(channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(50))
        try Self.send(channel, "HEAD")
        try Self.answer(channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(74))
        #expect(channel.isActive, "124 s open, 74 s since the last answer")
        try Self.send(channel, "HEAD")
        try Self.answer(channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        try Self.send(channel, "GET / HT")
        Self.expectClosed(channel, after: 20)  // after the head began, long before the idle timeout
    }

    @Test("a request in flight is never cut, however long its body or its answer takes")
    func requestInFlight() throws {
        let channel = try Self.connection(Self.registry())
        try Self.send(channel, "HEAD")
        for _ in 0..<10 {
            try Self.send(channel, "body")
            channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        }
        try Self.send(channel, "END")
        channel.embeddedEventLoop.advanceTime(by: .seconds(600))
        #expect(channel.isActive, "the handler took 10 minutes; the request is still in flight")
        try Self.answer(channel)
        Self.expectClosed(channel, after: 75)
    }

    @Test("at the budget the idle connection gives way to a new one; one with a request in flight does not")
    func givingWay() throws {
        let registry = Self.registry(budget: 2)
        let idle = try Self.connection(registry)
        let busy = try Self.connection(registry)
        try Self.send(busy, "HEAD")

        let newcomer = try Self.connection(registry, from: "198.51.100.2")
        idle.embeddedEventLoop.run()

        #expect(!idle.isActive && busy.isActive && newcomer.isActive)
        #expect(registry.occupied == 2)

        try Self.send(newcomer, "HEAD")
        let refused = try Self.connection(registry, from: "192.0.2.9")
        #expect(!refused.isActive, "everyone else has a request in flight")
        #expect(busy.isActive && newcomer.isActive)
    }
}

/// Reads "HEAD" as a request head and "END" as its end; other bytes are a head still coming.
private final class StandInDecoder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = HTTPRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch String(buffer: unwrapInboundIn(data)) {
        case "HEAD":
            context.fireChannelRead(
                wrapInboundOut(.head(HTTPRequest(method: .get, scheme: "http", authority: "spotter", path: "/"))))
        case "END": context.fireChannelRead(wrapInboundOut(.end(nil)))
        default: break
        }
    }
}
