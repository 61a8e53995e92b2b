/// Commits that change tables in place: a draft of the storage shares its tables with the committed state, so its
/// first write to a table would copy every row and index of it (O(rows) for a one-row commit). A table whose state
/// before the commit nobody needs is instead handed to the draft alone, which changes it in place and records how to
/// take each write back (``TableStore/beginUndo()``).
extension Storage {
    /// The tables a commit may change in place: those that no trigger and no follower compares before and after (the
    /// triggers and the change feed diff the committed state against the draft). With a follower of a view, which may
    /// read any table, none.
    func tablesToChangeInPlace() -> [String] {
        guard !subscriptions.isEmpty || !triggers.isEmpty else { return Array(tables.keys) }
        if subscriptions.values.contains(where: { views[$0.target] != nil }) { return [] }
        let compared = Set(subscriptions.values.map(\.target)).union(triggers.map(\.table))
        return tables.keys.filter { !compared.contains($0) }
    }

    /// Hands `names` to `draft` alone, recording undo: this committed state lets go of them until the draft commits
    /// (``endInPlace(_:)`` on the draft, whose tables then become these) or fails (``takeBack(_:from:)``).
    mutating func lend(_ names: [String], to draft: inout Storage) {
        for name in names { draft.tables[name]?.beginUndo() }
        for name in names { tables[name] = nil }
    }

    /// The draft commits: its lent tables stop recording undo.
    mutating func endInPlace(_ names: [String]) {
        for name in names { tables[name]?.endUndo() }
    }

    /// The draft failed: the lent tables come back, each write taken back.
    mutating func takeBack(_ names: [String], from draft: inout Storage) {
        for name in names {
            guard var table = draft.tables.removeValue(forKey: name) else { continue }
            table.rollBack()
            tables[name] = table
        }
    }
}
