import FitCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A ``RealtimeTestServer`` over real WebSockets (swift-nio's `NIOWebSocket`), on the ``PostgRESTTestServer``'s own
/// port as a Supabase project serves both: each socket upgraded at `/realtime/v1/websocket` is one session of the
/// server, its text frames the protocol's. ``RealtimeTestServer``'s fault switches act on these sessions too:
/// ``RealtimeTestServer/dropConnections()`` closes the sockets.
enum RealtimeWebSocketServer {
    /// Upgrades a request for `/realtime/v1/websocket` to a socket of `server` (one the server refuses never gets
    /// here: ``RefusedUpgradeHandler`` answers it first); leaves any other request to the REST handler.
    static func upgrader(serving server: RealtimeTestServer) -> NIOWebSocketServerUpgrader {
        NIOWebSocketServerUpgrader(
            shouldUpgrade: { channel, head in
                channel.eventLoop.makeSucceededFuture(
                    head.uri.hasPrefix("/realtime/v1/websocket") ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1024,
                            maxAccumulatedFrameSize: 16 << 20))
                    try channel.pipeline.syncOperations.addHandler(RealtimeFrameHandler(server: server))
                }
            })
    }
}

/// One upgraded socket: its text frames go to a session of the server, the session's frames come back as text frames;
/// when either side ends, so does the other.
private final class RealtimeFrameHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let server: RealtimeTestServer
    private let connection = LockedState<InProcessRealtimeConnection?>(nil)
    /// The client's text frames, handed to the session in order.
    private let inbound = AsyncStream.makeStream(of: String.self)

    init(server: RealtimeTestServer) {
        self.server = server
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let opened = server.open()
        connection.withLock { $0 = opened }
        let channel = context.channel
        server.register(channel)
        let frames = inbound.stream
        Task {
            for await text in frames { try? await opened.session.receive(text) }
        }
        Task {
            do {
                for try await text in opened.frames {
                    guard channel.isActive else { break }
                    var buffer = channel.allocator.buffer(capacity: text.utf8.count)
                    buffer.writeString(text)
                    try await channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: buffer))
                }
            } catch {
                // A session dropped by the server ends its socket below.
            }
            if channel.isActive { try? await channel.close() }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            inbound.continuation.yield(String(buffer: frame.unmaskedData))
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            context.close(promise: nil)
        default:
            return
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        server.unregister(context.channel)
        inbound.continuation.finish()
        if let session = connection.value?.session { Task { await session.close() } }
        context.fireChannelInactive()
    }
}
