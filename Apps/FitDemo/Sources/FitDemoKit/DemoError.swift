import Foundation

/// A problem with what the user typed or asked for, reported as one line on standard error.
enum DemoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An argument that should be a UUID is not one; `kind` says what it should identify.
    case malformedID(String, kind: String)
    case unknownSession(UUID)
    case unknownBooking(UUID)
    case unknownEvent(UUID)
    case unknownWorkout(String)
    case unknownMember(String, known: [String])
    case unknownExercise(String, known: [String])
    case badDate(String)
    case badColor(String)
    case badSets(String)
    case badRating(String)
    case badDayCount(Int)
    /// `watch --changes` below 1.
    case badChangeCount(Int)
    case nothingToEdit
    /// `--database-url` in a build without the `Postgres` trait.
    case postgresNotBuilt
    case notSeeded(String)
    /// `--supabase-url` without an anon key.
    case missingSupabaseKey
    /// `--supabase-url` that is not an http(s) URL.
    case badSupabaseURL(String)
    /// A Supabase project where no member is visible: no access token, or a token for someone with no `members` row.
    case noSignedInMember
    /// `--offline-replica` with an empty path, or in a folder that does not exist.
    case badReplicaPath(String)
    /// `--locale` whose language is not an ISO 639 code.
    case badLocale(String)

    var description: String {
        switch self {
        case .malformedID(let text, let kind): "'\(text)' is not \(Self.withArticle(kind)) id (expected a UUID)"
        case .unknownSession(let id): "there is no class session with id \(id.lowercased)"
        case .unknownBooking(let id): "you have no active booking with id \(id.lowercased) (see `fit-demo timetable`)"
        case .unknownEvent(let id): "you have no event with id \(id.lowercased) (see `fit-demo events list`)"
        case .unknownWorkout(let text): "you have no workout '\(text)' (see `fit-demo workouts list`)"
        case .unknownMember(let text, let known):
            "there is no member '\(text)' (members: \(known.joined(separator: ", ")))"
        case .unknownExercise(let text, let known):
            "there is no exercise '\(text)' (exercises: \(known.joined(separator: ", ")))"
        case .badDate(let text):
            "'\(text)' is not a date (expected YYYY-MM-DD, YYYY-MM-DDTHH:MM in your time zone, or ISO 8601 with a zone)"
        case .badLocale(let text): "'\(text)' is not a locale (expected an identifier such as de_DE or en_US)"
        case .badColor(let text): "'\(text)' is not a colour (expected #RRGGBBAA, e.g. #E4572EFF)"
        case .badSets(let text):
            "'\(text)' is not an exercise with sets (expected NAME:REPSxKG[,REPSxKG…], e.g. \"Deadlift:5x100,5x100\")"
        case .badRating(let text): "'\(text)' is not a rating (expected a whole number from 1 to 5)"
        case .badDayCount(let days): "--days must be between 1 and 14, not \(days)"
        case .badChangeCount(let count): "--changes must be 1 or more, not \(count)"
        case .nothingToEdit: "nothing to change: give --title, --date or --color"
        case .postgresNotBuilt:
            "PostgreSQL support is not built in: run `swift run --traits Postgres fit-demo --database-url postgres://…`"
        case .notSeeded(let what): "the database has no \(what): was it seeded?"
        case .missingSupabaseKey: "--supabase-url needs the project's anon key: --supabase-key or $SUPABASE_ANON_KEY"
        case .badSupabaseURL(let text): "'\(text)' is not a Supabase project URL (expected https://<ref>.supabase.co)"
        case .noSignedInMember:
            "no member is signed in: pass a member's access token with --access-token or $SUPABASE_ACCESS_TOKEN"
        case .badReplicaPath(let path):
            "--offline-replica needs a file in an existing folder, not '\(path)'"
        }
    }

    /// "a session", "an event".
    private static func withArticle(_ noun: String) -> String {
        (noun.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + noun
    }
}

extension UUID {
    /// Lower-case, as PostgreSQL prints uuids.
    var lowercased: String { uuidString.lowercased() }
}
