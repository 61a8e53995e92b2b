/// A related table read inside each row through a foreign key, as PostgREST embeds it:
/// `select("*, studio:studios(name, time_zone)")`. Many-to-one (the row's own key points at it) gives an object or
/// `null`; one-to-many (its rows point at this one) gives an array.
public struct EmbeddedResource: Sendable, Hashable {
    /// The foreign key to follow when there is more than one (`studios!class_sessions_studio_id_fkey`): its
    /// constraint name or its referencing column; `nil` when the tables have one relationship.
    public var hint: String?
    /// Whether a row without a related row is left out (`!inner`); otherwise it keeps `null` or `[]`.
    public var isInner: Bool
    /// The related table's select list; `nil` for every column.
    public var columns: [SelectedColumn]?

    /// An embedding.
    ///
    /// - Parameters:
    ///   - hint: The foreign key's constraint name or referencing column, when the tables have several; `nil` (the
    ///     default) otherwise.
    ///   - isInner: Whether rows without a related row are left out (`!inner`); `false` by default.
    ///   - columns: The related table's select list; `nil` (the default) for every column.
    public init(hint: String? = nil, isInner: Bool = false, columns: [SelectedColumn]? = nil) {
        self.hint = hint
        self.isInner = isInner
        self.columns = columns
    }
}
