import NIOCore
import NIOHTTP1

/// Answers a Realtime socket upgrade the server refuses (``RealtimeTestServer/refuseUpgrades(status:count:)``) with
/// its HTTP status and a JSON `{"error": …}` body, then closes the connection, as Realtime's
/// `UserSocket.handle_error` does when `connect` fails (`lib/realtime_web/channels/user_socket.ex`): 401 for a
/// missing, malformed or expired key, 403 for a tenant whose Realtime is disabled, 404 for an unknown tenant, 429 past
/// its connection or join rate; or closes it unanswered (``RealtimeTestServer/dropUpgrades(count:)``). Stands in front
/// of the upgrade handler, and leaves the pipeline when a socket opens; every other request passes through untouched.
final class RefusedUpgradeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: RealtimeTestServer
    /// How the request being read is refused.
    private var refusal: RefusedUpgrade?

    init(server: RealtimeTestServer) {
        self.server = server
    }

    /// The server's message for `status`.
    static func message(for status: Int) -> String {
        switch status {
        case 401: "The token provided is not a valid JWT"
        case 403: "Realtime was disabled for this tenant"
        case 404: "Tenant not found"
        case 429: "Too many connected users"
        default: "Error connecting to Realtime"
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if case .head(let head) = part, head.uri.hasPrefix("/realtime/v1/websocket") {
            refusal = server.admitUpgrade()
            if refusal == nil {
                // The socket opens: what follows the upgrade is WebSocket bytes, not HTTP, and not this handler's.
                context.fireChannelRead(data)
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
                return
            }
        }
        guard let refusal else {
            context.fireChannelRead(data)
            return
        }
        guard case .end = part else { return }
        guard let status = refusal.status else {
            context.close(promise: nil)
            return
        }
        let body = ByteBuffer(string: #"{"error":"\#(Self.message(for: status))"}"#)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
