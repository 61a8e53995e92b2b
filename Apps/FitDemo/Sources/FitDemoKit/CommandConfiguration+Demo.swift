import ArgumentParser

extension CommandConfiguration {
    /// A fit-demo subcommand's configuration. Its help lists only its own arguments, so the discussion names
    /// the global options, which may come before or after the subcommand.
    static func demo(
        _ commandName: String? = nil, abstract: String, subcommands: [any ParsableCommand.Type] = [],
        defaultSubcommand: (any ParsableCommand.Type)? = nil
    ) -> CommandConfiguration {
        CommandConfiguration(
            commandName: commandName, abstract: abstract, discussion: GlobalOptions.discussion,
            subcommands: subcommands, defaultSubcommand: defaultSubcommand)
    }
}
