import FitCore

/// A rating as the screen shows it: five symbols, the first `value` of them lit (rating 3 → 1–3 lit).
public struct ExerciseRating: Sendable, Hashable {
    /// Valid ratings.
    public static let range = 1...5

    /// 1 through 5, or `nil` when the member has not rated the exercise.
    public let value: Int?

    /// Unrated.
    public init() {
        value = nil
    }

    /// A rating; anything outside ``range`` is a ``RatingError``.
    ///
    /// - Parameter value: The rating, 1 through 5.
    /// - Throws: ``RatingError/outOfRange(_:)`` with `value` when it is outside ``range``.
    public init(_ value: Int) throws(RatingError) {
        guard Self.range.contains(value) else { throw .outOfRange(value) }
        self.value = value
    }

    /// One flag per symbol, first to last: `true` when lit.
    public var litSymbols: [Bool] { Self.range.map { $0 <= (value ?? 0) } }

    /// For VoiceOver and text UIs: `3 of 5`, or `Not rated`, in ``/FitCore/FitLocalization/locale``'s language.
    public var label: String {
        guard let value else { return localized("Not rated") }
        return localized("%1$lld of %2$lld", .integer(value), .integer(Self.range.upperBound))
    }
}
