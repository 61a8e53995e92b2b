import FitCore

/// The `Prefer` header as PostgREST reads it (RFC 7240; comma-separated, case-sensitive values).
///
/// Applied: `return` (`headers-only` answers like `minimal`, without `Location`), `count`, `resolution`,
/// `missing` and `handling`. Accepted but not applied: `timezone`, `tx`, `max-affected`, `params`. Anything else
/// is ignored, or with `handling=strict` refused with `PGRST122`.
struct Preferences: Sendable, Hashable {
    /// How `POST` resolves conflicts: an upsert.
    enum Resolution: Sendable, Hashable {
        case mergeDuplicates, ignoreDuplicates
    }

    var returning: DatabaseQuery.Returning = .minimal
    var count: CountOption?
    var resolution: Resolution?
    /// `missing=default`: keys a `columns=` list names but an object lacks take the column default, not NULL.
    var missingDefault = false

    init(header: String?) throws(DatabaseError) {
        var strict = false
        var invalid: [String] = []
        for token in (header ?? "").split(separator: ",") {
            let preference = token.trimmingCharacters(in: .whitespaces)
            let parts = preference.split(separator: "=", maxSplits: 1).map(String.init)
            switch (parts.first ?? "", parts.count == 2 ? parts[1] : "") {
            case ("", _): continue
            case ("return", "minimal"), ("return", "headers-only"): returning = .minimal
            case ("return", "representation"): returning = .representation
            case ("count", let option) where CountOption(rawValue: option) != nil: count = CountOption(rawValue: option)
            case ("resolution", "merge-duplicates"): resolution = .mergeDuplicates
            case ("resolution", "ignore-duplicates"): resolution = .ignoreDuplicates
            case ("missing", "default"): missingDefault = true
            case ("missing", "null"): missingDefault = false
            case ("handling", "strict"): strict = true
            case ("handling", "lenient"): strict = false
            case ("tx", "commit"), ("tx", "rollback"), ("params", "single-object"): continue
            case ("timezone", let zone) where !zone.isEmpty: continue
            case ("max-affected", let limit) where Int(limit) != nil: continue
            default: invalid.append(preference)
            }
        }
        if strict, !invalid.isEmpty {
            throw DatabaseError(
                code: "PGRST122", message: "Invalid preferences given with handling=strict",
                details: "Invalid preferences: " + invalid.joined(separator: ", "))
        }
    }
}
