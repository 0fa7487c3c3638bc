import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// First in the listening socket's pipeline: what to do when accept(2) fails for want
/// of file descriptors (EMFILE, ENFILE). The waiting connection stays in the kernel's
/// queue, so the socket stays readable; NIO keeps its read pending after the error and
/// calls accept again at once, and the event loop spun at ~90% CPU until a descriptor
/// was freed (NIO's `AcceptBackoffHandler` only delays the next read it is asked for,
/// and none is asked for while the failed one is still pending). This frees one: the
/// budget's longest idle connection gives way, or, when none is idle, a spare
/// descriptor kept for this moment is given up, so that the waiting connection is
/// taken and closed at once. Then NIO's handler waits a second before the next accept.
/// The budget keeps connections well below the limit, so this is the last resort
/// when something else (database connections, files) used the reserve up.
final class AcceptGuard: ChannelInboundHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    private let registry: ConnectionRegistry
    private var spare: Int32 = -1
    /// A descriptor was freed for the connection waiting in the queue.
    private var freeing: Freeing?

    private enum Freeing {
        case gaveWay
        case spareGivenUp
    }

    init(registry: ConnectionRegistry) {
        self.registry = registry
    }

    /// Puts a guard first in the listening channel's pipeline.
    static func install(on channel: any Channel, registry: ConnectionRegistry) async throws {
        try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(AcceptGuard(registry: registry), position: .first)
        }.get()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        spare = openSpare()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if spare >= 0 { _ = closeSpare(spare) }
        spare = -1
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if freeing == nil, let error = error as? IOError, error.errnoCode == EMFILE || error.errnoCode == ENFILE {
            if registry.makeRoom() {
                freeing = .gaveWay
            } else if spare >= 0 {
                _ = closeSpare(spare)
                spare = -1
                freeing = .spareGivenUp
            }
        }
        context.fireErrorCaught(error)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let freed = freeing
        freeing = nil
        guard freed == .spareGivenUp else {
            if spare < 0 { spare = openSpare() }
            return context.fireChannelRead(data)
        }
        // Taken with the spare descriptor: nothing is idle to make room for it.
        let channel = unwrapInboundIn(data)
        channel.close(promise: nil)
        channel.closeFuture.hop(to: context.eventLoop).assumeIsolated().whenComplete { _ in
            if self.spare < 0 { self.spare = openSpare() }
        }
    }
}

@available(*, unavailable)
extension AcceptGuard: Sendable {}

#if canImport(Glibc)
    private func openSpare() -> Int32 { Glibc.open("/dev/null", O_RDONLY | O_CLOEXEC) }
    private func closeSpare(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
#elseif canImport(Darwin)
    private func openSpare() -> Int32 { Darwin.open("/dev/null", O_RDONLY | O_CLOEXEC) }
    private func closeSpare(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
#endif
