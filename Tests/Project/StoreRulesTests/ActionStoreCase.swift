import FitTesting
import Foundation
import Testing

/// A store that runs actions (a Book or Join button), with one tap of its button: the tap returns whether the action
/// ran (`nil` from `run` is a tap ignored), and `function` is the request the action sends.
struct ActionStoreCase: Sendable, CustomTestStringConvertible {
    let name: String
    let function: String
    let make: @Sendable (FitFixture) async -> @Sendable () async -> Bool

    var testDescription: String { name }
}
