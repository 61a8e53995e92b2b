extension GlobalOptions {
    /// Says, after a change, that the embedded database is made afresh from the seed on every run unless a
    /// `--data-file` (or a server) keeps it: a booking made now is gone on the next run. Text output only.
    func noteIfNotKept(in context: DemoContext) {
        let onServer =
            databaseURL != nil || supabaseURL != nil || !(context.environment.variables["SUPABASE_URL"] ?? "").isEmpty
        guard !context.json, dataFile == nil, !onServer, context.environment.embeddedDatabase == nil else { return }
        context.output.line("  Not kept: each run starts from the seed again; add --data-file PATH to keep changes.")
    }
}
