import NIOCore
import NIOHTTPTypes
import SpotterCore

/// Watches one HTTP/1 connection, behind the HTTP decoder. It closes the connection
/// - when the head of a request has not all arrived `header` after the connection
///   opened, or after the first byte that followed the previous answer (a client
///   dripping its head a byte at a time, slowloris, is closed all the same);
/// - when it has waited `idle` for the next request after an answer;
/// - when the budget (`ConnectionRegistry`) makes it give way to a new connection;
/// and never while a request is in flight: from its head read until the last byte
/// of its answer is handed to the kernel, however slowly the body comes or the
/// handler works.
///
/// Hummingbird's own `idleTimeout` is left off: it counts from the last request part
/// read, so it also cut a request whose handler took its time reading the body, and
/// it has one timeout for the head and the pause between requests.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: ConnectionLimits
    private let registry: ConnectionRegistry
    private var context: ChannelHandlerContext?
    private var id: ConnectionTable.ID?
    private var requestsInFlight = 0
    /// Between an answer and the first byte of the next request: that byte starts the
    /// head's timeout.
    private var waitingForNextRequest = false
    /// When the connection closes unless a request arrives; nil while one is in flight.
    private var closesAt: NIODeadline?
    /// One timer, moved lazily: a request and its answer only change `closesAt`, and
    /// the timer looks again when it fires (a busy connection schedules nothing per request).
    private var timer: (task: Scheduled<Void>, at: NIODeadline)?

    init(limits: ConnectionLimits, registry: ConnectionRegistry) {
        self.limits = limits
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { opened(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        left()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        left()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data), let id {
            requestsInFlight += 1
            if requestsInFlight == 1 {
                waitingForNextRequest = false
                disarm()
                registry.requestStarted(id)
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        // The answer counts as sent once its last byte is handed to the kernel: a
        // client reading a large answer slowly is not idle.
        let written = promise ?? context.eventLoop.makePromise()
        written.futureResult.assumeIsolated().whenComplete { _ in self.answered() }
        context.write(data, promise: written)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ConnectionGiveWay else { return context.fireUserInboundEventTriggered(event) }
        if requestsInFlight == 0 { context.close(promise: nil) }
    }

    /// Bytes arrived (`RequestStartWatcher`, before the decoder).
    func bytesArrived() {
        guard waitingForNextRequest, let context else { return }
        waitingForNextRequest = false
        arm(context, limits.header)
    }

    private func opened(_ context: ChannelHandlerContext) {
        guard id == nil else { return }
        let address = context.channel.remoteAddress?.ipAddress.map(AddressKey.of) ?? "unknown"
        let (id, admitted) = registry.open(context.channel, address: address)
        self.id = id
        guard admitted else { return context.close(promise: nil) }
        try? context.pipeline.syncOperations.addHandler(RequestStartWatcher(watching: self), position: .first)
        arm(context, limits.header)
    }

    private func answered() {
        guard requestsInFlight > 0 else { return }
        requestsInFlight -= 1
        guard requestsInFlight == 0, let context, let id, context.channel.isActive else { return }
        registry.requestFinished(id)
        waitingForNextRequest = true
        arm(context, limits.idle)
    }

    private func left() {
        stopTimer()
        if let id { registry.closed(id) }
        id = nil
    }

    private func arm(_ context: ChannelHandlerContext, _ timeout: Duration) {
        let at = context.eventLoop.now + TimeAmount(timeout)
        closesAt = at
        if let timer {
            if timer.at <= at { return }
            timer.task.cancel()
        }
        schedule(context, at)
    }

    private func disarm() {
        closesAt = nil
    }

    private func schedule(_ context: ChannelHandlerContext, _ at: NIODeadline) {
        let task = context.eventLoop.assumeIsolated().scheduleTask(deadline: at) {
            self.timer = nil
            guard let closesAt = self.closesAt else { return }
            if context.eventLoop.now >= closesAt {
                context.close(promise: nil)
            } else {
                self.schedule(context, closesAt)
            }
        }
        timer = (task, at)
    }

    private func stopTimer() {
        timer?.task.cancel()
        timer = nil
        closesAt = nil
    }
}

/// First in a connection's pipeline, before the HTTP decoder: tells the guard that
/// bytes arrived, since the first byte after an answer starts the next head's timeout.
final class RequestStartWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let watching: ConnectionGuard

    init(watching: ConnectionGuard) {
        self.watching = watching
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        watching.bytesArrived()
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}

@available(*, unavailable)
extension RequestStartWatcher: Sendable {}
