import Foundation

/// The language of the text FitKit writes for members: labels, messages and the descriptions of member-facing errors.
///
/// Each feature keeps its text in a String Catalog (`Localizable.xcstrings`, Xcode's format) and reads it at run time
/// on every platform; English is the source language and German is complete. Text follows ``locale``: the device's
/// language unless a caller binds another for a task, as tests and `fit-demo --locale` do:
///
/// ```swift
/// let label = FitLocalization.$locale.withValue(Locale(identifier: "de_DE")) { session.availabilityLabel }
/// // "Noch 1 Platz"
/// ```
///
/// Text built with a `DisplayFormatter` (dates, credit chips) follows the formatter's locale instead. A language no
/// catalog has falls back to English. Errors meant for developers (a malformed query, a failed migration) stay in
/// English.
public enum FitLocalization {
    /// The locale member-facing text is written in, in this task: `Locale.autoupdatingCurrent` unless bound.
    @TaskLocal public static var locale: Locale = .autoupdatingCurrent

    /// The catalogs' source language: what ``/FitCore/ContractError/message`` and `description`s are written in.
    public static let sourceLocale = Locale(identifier: "en")
}
