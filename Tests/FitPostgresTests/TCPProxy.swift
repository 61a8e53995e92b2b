#if Postgres
    import FitCore
    import NIOCore
    import NIOPosix

    /// A TCP proxy on 127.0.0.1 that a test puts between a client and its PostgreSQL server, to cut the network and
    /// restore it: each accepted connection is forwarded to the server by a pair of glue handlers (NIO's connect-proxy
    /// pattern, on one event loop, with back-pressure), ``cut()`` closes every open connection both ways and from then
    /// on closes new ones at once, and ``restore()`` forwards again. One event-loop thread of its own, shut down by
    /// ``shutdown()``.
    final class TCPProxy: Sendable {
        private struct State {
            var isCut = false
            /// Every open channel, both sides of every forwarded connection.
            var channels: [ObjectIdentifier: any Channel] = [:]
        }

        private let group: MultiThreadedEventLoopGroup
        private let serverChannel: any Channel
        private let state: LockedState<State>

        /// The port the proxy listens on (127.0.0.1).
        let port: Int

        private init(
            group: MultiThreadedEventLoopGroup, serverChannel: any Channel, state: LockedState<State>, port: Int
        ) {
            self.group = group
            self.serverChannel = serverChannel
            self.state = state
            self.port = port
        }

        /// Listens on 127.0.0.1 on a free port and forwards every connection to `targetHost`:`targetPort`.
        static func start(forwardingTo targetHost: String, port targetPort: Int) async throws -> TCPProxy {
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let state = LockedState(State())
            do {
                let serverChannel = try await ServerBootstrap(group: group)
                    .serverChannelOption(.backlog, value: 64)
                    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                    .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
                    // Nothing is read from the client until the server side is connected and glued.
                    .childChannelOption(.autoRead, value: false)
                    .childChannelInitializer { inbound in
                        Self.accept(inbound, state: state, targetHost: targetHost, targetPort: targetPort)
                    }
                    .bind(host: "127.0.0.1", port: 0).get()
                guard let port = serverChannel.localAddress?.port else { throw ChannelError.unknownLocalAddress }
                return TCPProxy(group: group, serverChannel: serverChannel, state: state, port: port)
            } catch {
                try? await group.shutdownGracefully()
                throw error
            }
        }

        /// Whether the proxy is cut.
        var isCut: Bool { state.withLock { $0.isCut } }

        /// Closes every open connection, both the client's and the server's side, and returns once they are closed;
        /// until ``restore()``, every new connection is closed as soon as it is accepted.
        func cut() async {
            let open = state.withLock { state in
                state.isCut = true
                return Array(state.channels.values)
            }
            await Self.close(open)
        }

        /// Forwards new connections again.
        func restore() {
            state.withLock { $0.isCut = false }
        }

        /// Stops listening, closes every connection and shuts the proxy's event loop down.
        func shutdown() async throws {
            let open = state.withLock { state in
                state.isCut = true
                return Array(state.channels.values)
            }
            try? await serverChannel.close()
            await Self.close(open)
            try await group.shutdownGracefully()
        }

        private static func close(_ channels: [any Channel]) async {
            for channel in channels {
                // The glue closes a channel's partner too: one of them may be closed already.
                channel.close(promise: nil)
                try? await channel.closeFuture.get()
            }
        }

        // MARK: Forwarding

        /// Starts forwarding `inbound` (a client's connection, on the proxy's event loop), or closes it when cut.
        private static func accept(
            _ inbound: any Channel, state: LockedState<State>, targetHost: String, targetPort: Int
        ) -> EventLoopFuture<Void> {
            let forward = state.withLock { state in
                guard !state.isCut else { return false }
                track(inbound, in: &state)
                return true
            }
            guard forward else { return inbound.close() }
            inbound.closeFuture.whenComplete { _ in state.withLock { untrack(inbound, in: &$0) } }
            ClientBootstrap(group: inbound.eventLoop)
                .channelOption(.tcpOption(.tcp_nodelay), value: 1)
                .connect(host: targetHost, port: targetPort)
                .whenComplete { result in
                    switch result {
                    case .failure:
                        inbound.close(promise: nil)
                    case .success(let outbound):
                        glue(inbound, to: outbound, state: state)
                    }
                }
            return inbound.eventLoop.makeSucceededVoidFuture()
        }

        /// Joins the client's and the server's channels (both on the client's event loop), unless the proxy was cut
        /// or the client left while the server side was connecting.
        private static func glue(_ inbound: any Channel, to outbound: any Channel, state: LockedState<State>) {
            inbound.eventLoop.assertInEventLoop()
            let keep = state.withLock { state in
                guard !state.isCut, inbound.isActive else { return false }
                track(outbound, in: &state)
                return true
            }
            guard keep else {
                outbound.close(promise: nil)
                inbound.close(promise: nil)
                return
            }
            outbound.closeFuture.whenComplete { _ in state.withLock { untrack(outbound, in: &$0) } }
            do {
                let (client, server) = GlueHandler.matchedPair()
                try inbound.pipeline.syncOperations.addHandler(client)
                try outbound.pipeline.syncOperations.addHandler(server)
                // Reading starts now, and the glue handlers pace it from here on.
                try inbound.syncOptions?.setOption(.autoRead, value: true)
            } catch {
                outbound.close(promise: nil)
                inbound.close(promise: nil)
            }
        }

        private static func track(_ channel: any Channel, in state: inout State) {
            state.channels[ObjectIdentifier(channel)] = channel
        }

        private static func untrack(_ channel: any Channel, in state: inout State) {
            state.channels[ObjectIdentifier(channel)] = nil
        }
    }

    /// One side of a forwarded connection: what its channel reads is written to the partner's channel, reads pause
    /// while the partner cannot take more (back-pressure), and a closed or failed side closes the other.
    /// From swift-nio-examples' connect proxy. Both handlers of a pair live on one event loop.
    private final class GlueHandler: ChannelDuplexHandler {
        typealias InboundIn = NIOAny
        typealias OutboundIn = NIOAny
        typealias OutboundOut = NIOAny

        private var partner: GlueHandler?
        private var context: ChannelHandlerContext?
        private var pendingRead = false

        private init() {}

        static func matchedPair() -> (GlueHandler, GlueHandler) {
            let first = GlueHandler()
            let second = GlueHandler()
            first.partner = second
            second.partner = first
            return (first, second)
        }

        private func partnerWrite(_ data: NIOAny) {
            context?.write(data, promise: nil)
        }

        private func partnerFlush() {
            context?.flush()
        }

        private func partnerWriteEOF() {
            context?.close(mode: .output, promise: nil)
        }

        private func partnerCloseFull() {
            context?.close(promise: nil)
        }

        private func partnerBecameWritable() {
            if pendingRead {
                pendingRead = false
                context?.read()
            }
        }

        private var partnerWritable: Bool { context?.channel.isWritable ?? false }

        func handlerAdded(context: ChannelHandlerContext) {
            self.context = context
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            self.context = nil
            partner = nil
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            partner?.partnerWrite(data)
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            partner?.partnerFlush()
        }

        func channelInactive(context: ChannelHandlerContext) {
            partner?.partnerCloseFull()
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let event = event as? ChannelEvent, case .inputClosed = event {
                partner?.partnerWriteEOF()
            }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            partner?.partnerCloseFull()
        }

        func channelWritabilityChanged(context: ChannelHandlerContext) {
            if context.channel.isWritable { partner?.partnerBecameWritable() }
        }

        func read(context: ChannelHandlerContext) {
            if let partner, partner.partnerWritable {
                context.read()
            } else {
                pendingRead = true
            }
        }
    }
#endif
