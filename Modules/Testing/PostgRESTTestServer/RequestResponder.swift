import FitCore
import FitInMemory
import Foundation

/// Answers one request: logs it, holds it when the test asked to, gives it a canned answer when the test queued
/// one, and otherwise authenticates it, decodes it, runs it on the database as its role and encodes the result
/// (or the error) as PostgREST would.
struct RequestResponder: Sendable {
    /// The client a request runs on, for the role its token gives.
    let client: @Sendable (DatabaseRole) -> any DatabaseClient
    let authenticator: Authenticator
    let state: ServerState

    /// The answer, or `nil` when the request was held and its client went away (nothing to send, nothing run).
    func respond(to request: RecordedRequest, on connection: ObjectIdentifier) async -> HTTPAnswer? {
        if let hold = state.arrive(request, on: connection), await state.waitWhileHeld(hold) == .clientGone {
            return nil
        }
        if let canned = state.takeCannedAnswer() { return canned }
        let role: DatabaseRole
        do {
            role = try authenticator.role(for: request)
        } catch {
            return error
        }
        do {
            let query = try await RequestDecoder.decode(request)
            let response = try await client(role).run(query)
            return ResponseEncoder.answer(query, response, to: request)
        } catch let error as DatabaseError {
            return ErrorEncoder.answer(error, authenticated: role != .anonymous)
        } catch is CancellationError {
            let error = DatabaseError(code: "57014", message: "canceling statement due to user request")
            return ErrorEncoder.answer(error, authenticated: role != .anonymous)
        } catch {
            return ErrorEncoder.answer(
                DatabaseError(code: "XX000", message: String(describing: error)), authenticated: role != .anonymous)
        }
    }
}
