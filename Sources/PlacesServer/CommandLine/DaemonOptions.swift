import PlacesCommandLine

/// `placesd`'s options and commands, declared once: `--help`, the parser and the shell completions use them.
public enum DaemonOptions {
    /// `--config PATH`.
    static let config = Option<String>(
        ["--config"], valueName: "PATH",
        abstract: "Read settings from PATH (default: $CONFIGURATION_DIRECTORY/placesd.conf; else "
            + "/etc/placesd/placesd.conf for root, ~/.config/placesd/placesd.conf for others; a missing default "
            + "file means the defaults).",
        completion: .file)
    /// `--check-config`.
    static let checkConfig = Flag(
        ["--check-config"], abstract: "Check the configuration file and flags, print the result and exit.")
    /// `--openrpc`.
    static let openRPC = Flag(
        ["--openrpc"], abstract: "Print the protocol's OpenRPC document (what rpc.discover returns) and exit.")
    /// `--version`.
    static let version = Flag(["--version"], abstract: "Print the version and exit.")
    /// `-h`, `--help`.
    static let help = Flag(["-h", "--help"], abstract: "Print this help and exit.")

    /// The options of `placesd` itself, in the order `--help` lists them: one per configuration key among them.
    static let serve: [OptionDeclaration] =
        [config.declaration, checkConfig.declaration] + ConfigurationKey.allCases.map(\.option.declaration)
        + [openRPC.declaration, version.declaration, help.declaration]

    /// `placesd rekey`'s options.
    enum Rekey {
        /// `--config PATH`.
        static let config = Option<String>(
            ["--config"], valueName: "PATH",
            abstract: "Read database and key-file from PATH (default: as for placesd).",
            completion: .file)
        /// `--database PATH`.
        static let database = Option<String>(
            ["--database"], valueName: "PATH", abstract: "The database to rekey (default: as for placesd).",
            completion: .file)
        /// `--key-file PATH`.
        static let keyFile = Option<String>(
            ["--key-file"], valueName: "PATH",
            abstract: "The current key (default: key-file from the configuration, else the "
                + "$CREDENTIALS_DIRECTORY/placesd.key credential); not needed for a plaintext database.",
            completion: .file)
        /// `--new-key-file PATH`.
        static let newKeyFile = Option<String>(
            ["--new-key-file"], valueName: "PATH",
            abstract: "The new key: 32 bytes, or their base64 text ('placesctl key generate').", completion: .file
        ).excluding(group: "target")
        /// `--decrypt`.
        static let decrypt = Flag(
            ["--decrypt"], abstract: "Store the places in plaintext instead of sealing them with a new key.",
            exclusiveGroup: "target")

        /// `--config`, `--database` and `--key-file`, as `DaemonInvocation` reads them.
        static let store = DaemonInvocation.StoreOptions(
            config: config.declaration, database: database.declaration, keyFile: keyFile.declaration)

        /// The command.
        static let command = CommandDeclaration(
            name: "rekey", abstract: "Re-seal the database with a new key, or decrypt it.",
            options: [config, database, keyFile, newKeyFile, decrypt, DaemonOptions.help])
    }

    /// `placesd migrate`'s options.
    enum Migrate {
        /// `--from DATABASE`.
        static let from = Option<String>(
            ["--from"], valueName: "DATABASE", abstract: "The store to copy.", completion: .file)
        /// `--to DATABASE`.
        static let to = Option<String>(
            ["--to"], valueName: "DATABASE", abstract: "The empty store to copy it into.", completion: .file)

        /// The command.
        static let command = CommandDeclaration(
            name: "migrate", abstract: "Copy a store between SQLite and PostgreSQL.",
            options: [from, to, DaemonOptions.help])
    }

    /// `placesd backup`'s options.
    enum Backup {
        /// `--info FILE`.
        static let info = Option<String>(
            ["--info"], valueName: "FILE",
            abstract: "Print what the backup FILE holds and whether it passes its integrity check.",
            completion: .file)
        /// `--json`.
        static let json = Flag(["--json"], abstract: "Print it as one JSON object.")

        /// The command.
        static let command = CommandDeclaration(
            name: "backup", abstract: "Inspect a backup file.", options: [info, json, DaemonOptions.help])
    }

    /// `placesd restore`'s options.
    enum Restore {
        /// `FILE`.
        static let file = ArgumentDeclaration(
            name: "FILE", abstract: "The backup to restore.", isRequired: true, completion: .file)
        /// `--config PATH`.
        static let config = Option<String>(
            ["--config"], valueName: "PATH",
            abstract: "Read database and key-file from PATH (default: as for placesd).",
            completion: .file)
        /// `--database DATABASE`.
        static let database = Option<String>(
            ["--database"], valueName: "DATABASE",
            abstract: "The database to restore into (default: as for placesd).", completion: .file)
        /// `--key-file PATH`.
        static let keyFile = Option<String>(
            ["--key-file"], valueName: "PATH",
            abstract: "The key the backup was sealed with (default: key-file from the configuration, else the "
                + "$CREDENTIALS_DIRECTORY/placesd.key credential); not needed for a plaintext backup.",
            completion: .file)
        /// `--replace`.
        static let replace = Flag(
            ["--replace"],
            abstract: "Replace a SQLite database that holds places, keeping it as PATH.before-restore-TIME.")

        /// `--config`, `--database` and `--key-file`, as `DaemonInvocation` reads them.
        static let store = DaemonInvocation.StoreOptions(
            config: config.declaration, database: database.declaration, keyFile: keyFile.declaration)

        /// The command.
        static let command = CommandDeclaration(
            name: "restore", abstract: "Restore a backup into the database, with the daemon stopped.",
            arguments: [file], options: [config, database, keyFile, replace, DaemonOptions.help])
    }

    /// The whole command line, as the completion scripts are made from it.
    public static let program = ProgramDeclaration(
        name: "placesd", topOptions: serve,
        commands: [Rekey.command, Migrate.command, Backup.command, Restore.command], isCommandOptional: true)

    /// The option of `placesd` itself spelled `spelling`, if there is one.
    static func serveOption(spelled spelling: String) -> OptionDeclaration? {
        serve.first { $0.isSpelled(spelling) }
    }

    /// The configuration key `option` sets, if it sets one.
    static func key(for option: OptionDeclaration) -> ConfigurationKey? {
        ConfigurationKey.allCases.first { $0.option.declaration == option }
    }
}
