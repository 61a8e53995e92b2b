import Foundation
import NIOCore
import NIOHTTP1

/// One connection's HTTP/1.1 exchange: collects each request (head, body, end), hands it to the
/// ``RequestResponder`` as a job on the server's task group, and writes the answer back on the event loop,
/// keeping the connection alive unless the client asked otherwise. Tells the ``ServerState`` when the
/// connection opens and closes, so a held request learns that its client went away.
final class HTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: RequestResponder
    private let submit: @Sendable (@escaping @Sendable () async -> Void) -> Void
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()

    init(responder: RequestResponder, submit: @escaping @Sendable (@escaping @Sendable () async -> Void) -> Void) {
        self.responder = responder
        self.submit = submit
    }

    func channelActive(context: ChannelHandlerContext) {
        responder.state.connectionOpened(ObjectIdentifier(context.channel))
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        responder.state.connectionClosed(ObjectIdentifier(context.channel))
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.clear()
        case .body(var chunk):
            body.writeBuffer(&chunk)
        case .end:
            guard let head else { return }
            self.head = nil
            var headers: [String: String] = [:]
            for (name, value) in head.headers {
                headers[name.lowercased()] = headers[name.lowercased()].map { "\($0), \(value)" } ?? value
            }
            let request = RecordedRequest(
                method: head.method.rawValue, target: head.uri, headers: headers, body: Data(body.readableBytesView))
            let connection = ObjectIdentifier(context.channel)
            let boundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
            let eventLoop = context.eventLoop
            let responder = responder
            submit {
                guard let answer = await responder.respond(to: request, on: connection) else { return }
                eventLoop.execute {
                    Self.write(answer, to: head, context: boundContext.value)
                }
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private static func write(_ answer: HTTPAnswer, to request: HTTPRequestHead, context: ChannelHandlerContext) {
        var headers = HTTPHeaders(answer.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        let mayHaveBody = answer.status >= 200 && answer.status != 204 && answer.status != 304
        if mayHaveBody { headers.replaceOrAdd(name: "Content-Length", value: String(answer.body.count)) }
        headers.replaceOrAdd(name: "Connection", value: request.isKeepAlive ? "keep-alive" : "close")
        let head = HTTPResponseHead(
            version: request.version, status: HTTPResponseStatus(statusCode: answer.status), headers: headers)
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        if mayHaveBody, request.method != .HEAD, !answer.body.isEmpty {
            context.write(
                NIOAny(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: answer.body)))), promise: nil)
        }
        let channel = context.channel
        let keepAlive = request.isKeepAlive
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
        }
    }
}
