import ArgumentParser

/// The options every command takes: who to act as, how to print, and which backend to use.
struct GlobalOptions: ParsableArguments {
    /// Shown in every subcommand's help, which lists only the subcommand's own arguments.
    static let discussion = """
        Global options (before or after the subcommand): --member <id or name>, --json, --data-file <path>, \
        --database-url <postgres://…>, --migrations <path>, --supabase-url <url>, --supabase-key <anon key>, \
        --access-token <jwt>, --offline-replica <path>, --locale <identifier>. See `fit-demo --help`.
        """

    @Option(help: "The member to act as: a member id or name (default: Maya Thompson, the first seed member).")
    var member: String?

    @Option(
        help: ArgumentHelp(
            "The language and region of FitKit's labels, messages, dates and numbers (default: en_US). FitKit's "
                + "text is in English and German; the demo's own narration stays English.",
            valueName: "identifier"))
    var locale: LocaleArgument?

    @Flag(help: "Print machine-readable JSON (sorted keys) instead of text.")
    var json = false

    @Option(
        name: .customLong("data-file"),
        help: ArgumentHelp(
            "Keep the in-memory database in this file between runs (SQLite; seeded when missing).", valueName: "path"))
    var dataFile: String?

    @Option(
        name: .customLong("database-url"),
        help: ArgumentHelp(
            "Use PostgreSQL (needs `swift run --traits Postgres fit-demo`): migrations not yet applied are applied, "
                + "and a database without studios is seeded.",
            valueName: "postgres://…"))
    var databaseURL: String?

    @Option(
        name: .customLong("migrations"),
        help: ArgumentHelp(
            "The SQL migrations applied with --database-url (default: the repository's Backend/migrations).",
            valueName: "path"))
    var migrations: String?

    @Option(
        name: .customLong("supabase-url"),
        help: ArgumentHelp(
            "Use a Supabase project with Backend/migrations applied, over HTTP (default: $SUPABASE_URL). Nothing is "
                + "seeded: the project's own data is shown.",
            valueName: "https://<ref>.supabase.co"))
    var supabaseURL: String?

    @Option(
        name: .customLong("supabase-key"),
        help: ArgumentHelp("The project's anon key (default: $SUPABASE_ANON_KEY).", valueName: "anon key"))
    var supabaseKey: String?

    @Option(
        name: .customLong("access-token"),
        help: ArgumentHelp(
            "A signed-in member's access token (JWT) for --supabase-url (default: $SUPABASE_ACCESS_TOKEN); without "
                + "one, requests are anonymous.",
            valueName: "jwt"))
    var accessToken: String?

    @Option(
        name: .customLong("offline-replica"),
        help: ArgumentHelp(
            "Go through FitOffline's offline-first client, over whichever backend the other options pick, reached "
                + "through a simulated network, with its replica and outbox kept in this file (created when "
                + "missing). The tour then adds a section that cuts the network, works offline and syncs.",
            valueName: "path"))
    var offlineReplica: String?
}
