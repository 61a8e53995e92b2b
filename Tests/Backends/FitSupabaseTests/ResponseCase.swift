import FitCore
import FitSupabase
import Foundation
import Testing

/// One row of the response table: an answer PostgREST (or something in the way) gives to a request, and what
/// FitSupabase makes of it.
struct ResponseCase: Sendable, CustomTestStringConvertible {
    enum Outcome: Sendable, Equatable {
        /// The raw JSON handed to FitCore's decoder, and the count.
        case rows(String, count: Int?)
        case databaseError(DatabaseError, status: Int)
        case notAuthenticated(code: String)
        case connection(ConnectionError.Kind)
        case cancelled
    }

    let name: String
    let query: @Sendable (SupabaseDatabase) -> FilterBuilder
    let answer: Result<PostgRESTResponse, ResponseCase.TransportFailure>
    let expected: Outcome

    var testDescription: String { name }

    /// An error the transport throws instead of answering.
    enum TransportFailure: Error, Sendable {
        case connection(ConnectionError)
        case cancelled
    }

    init(
        _ name: String, _ query: @escaping @Sendable (SupabaseDatabase) -> FilterBuilder,
        status: Int, headers: [String: String] = ["Content-Type": "application/json; charset=utf-8"], body: String,
        expect expected: Outcome
    ) {
        self.name = name
        self.query = query
        answer = .success(PostgRESTResponse(status: status, headers: headers, body: Data(body.utf8)))
        self.expected = expected
    }

    init(
        _ name: String, _ query: @escaping @Sendable (SupabaseDatabase) -> FilterBuilder, failure: TransportFailure,
        expect expected: Outcome
    ) {
        self.name = name
        self.query = query
        answer = .failure(failure)
        self.expected = expected
    }

    /// Runs the case through a transport that gives the canned answer.
    func observe() async -> Outcome {
        let transport = RecordingTransport()
        switch answer {
        case .success(let response): transport.answer(response)
        case .failure(.connection(let error)): transport.fail(error)
        case .failure(.cancelled): transport.fail(CancellationError())
        }
        let database = SupabaseDatabase(
            url: TestTokens.projectURL, anonKey: TestTokens.anonKey,
            accessToken: TestTokens.member(GoldenValues.alice), transport: transport)
        do {
            let raw = try await query(database).executeRaw()
            return .rows(String(decoding: raw.data, as: UTF8.self), count: raw.count)
        } catch let error as DatabaseError {
            return .databaseError(error, status: error.httpStatus ?? 0)
        } catch SupabaseError.notAuthenticated(let error) {
            return .notAuthenticated(code: error.code)
        } catch let error as ConnectionError {
            return .connection(error.kind)
        } catch is CancellationError {
            return .cancelled
        } catch {
            return .databaseError(DatabaseError(code: "unexpected", message: "\(error)"), status: -1)
        }
    }
}
