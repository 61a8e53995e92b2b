import FitCore
import FitSupabase
import Foundation

/// A transport that records every request and answers each from a queue of canned responses (or with `[]`).
final class RecordingTransport: PostgRESTTransport {
    private let state = LockedState<(requests: [PostgRESTRequest], answers: [Result<PostgRESTResponse, any Error>])>(
        ([], []))

    init(answers: [Result<PostgRESTResponse, any Error>] = []) {
        state.withLock { $0.answers = answers }
    }

    /// What was sent, in order.
    var requests: [PostgRESTRequest] { state.withLock { $0.requests } }

    /// Queues the answer to the next request.
    func answer(_ response: PostgRESTResponse) { state.withLock { $0.answers.append(.success(response)) } }

    /// Queues an error for the next request.
    func fail(_ error: any Error) { state.withLock { $0.answers.append(.failure(error)) } }

    func send(_ request: PostgRESTRequest) async throws -> PostgRESTResponse {
        let answer = state.withLock { state -> Result<PostgRESTResponse, any Error> in
            state.requests.append(request)
            return state.answers.isEmpty
                ? .success(
                    PostgRESTResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("[]".utf8))
                )
                : state.answers.removeFirst()
        }
        return try answer.get()
    }
}
