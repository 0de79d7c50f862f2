import PlacesCommandLine
import PlacesSystem

/// A setting that both the configuration file (`key = value`) and the command line (`--key value`) accept.
public enum ConfigurationKey: String, Sendable, CaseIterable {
    /// Where the listening socket is created.
    case socket
    /// The SQLite database file, or the PostgreSQL database to share with other hosts.
    case database
    /// Permission bits of the socket, in octal.
    case socketMode = "socket-mode"
    /// The most clients served at once.
    case maxConnections = "max-connections"
    /// The longest request line, in bytes.
    case maxLineBytes = "max-line-bytes"
    /// The most places one user may keep.
    case maxPlaces = "max-places"
    /// The most clients one user (uid) may have connected at once.
    case maxConnectionsPerUser = "max-connections-per-user"
    /// The most requests one connection may have read and not yet answered.
    case maxRequestsInFlight = "max-requests-in-flight"
    /// The most bytes of replies one connection may leave unread, at least 1 MiB.
    case maxReplyBuffer = "max-reply-buffer"
    /// The most bytes of unread replies one user's connections may hold together beyond each one's first MiB.
    case maxReplyBufferPerUser = "max-reply-buffer-per-user"
    /// The most bytes of events that may wait for a subscriber, at least 1 MiB.
    case maxSubscriberBuffer = "max-subscriber-buffer"
    /// The most places one `places.import` may add.
    case maxImportPlaces = "max-import-places"
    /// The most changes the change log keeps.
    case maxChangeLogEntries = "max-change-log-entries"
    /// The longest the change log keeps a change, in seconds.
    case maxChangeLogAge = "max-change-log-age"
    /// The group whose members may pass `allUsers`.
    case adminGroup = "admin-group"
    /// How verbose the log is.
    case logLevel = "log-level"
    /// The file holding the store's 32-byte key (raw or base64).
    case keyFile = "key-file"

    /// Everything about the key, declared here once: `--help`, `--check-config`, the reload and the file all
    /// take it from this table.
    var setting: ConfigurationSetting {
        switch self {
        case .socket:
            .text(
                \.socketPath, placeholder: "PATH",
                help: "Listen on PATH. Ignored when systemd passes the listening socket (socket activation).",
                defaultText: "$RUNTIME_DIRECTORY/placesd.sock, else $XDG_RUNTIME_DIR/placesd.sock; without either, "
                    + "/run/placesd/placesd.sock for root and /tmp/placesd-$UID/placesd.sock for others",
                reload: .restart)
        case .database:
            .text(
                \.databasePath, placeholder: "DATABASE",
                help: "Keep the places in the SQLite file DATABASE, or, when DATABASE is a PostgreSQL connection URI "
                    + "(postgresql://…) or key=value string, in that database, shared with every host that uses it. "
                    + "Give passwords in PGPASSFILE or the placesd.pgpass credential, never here.",
                defaultText: "$STATE_DIRECTORY/places.sqlite, else $XDG_STATE_HOME/placesd/places.sqlite, else "
                    + "~/.local/state/placesd/places.sqlite",
                reload: .restart)
        case .socketMode:
            ConfigurationSetting(
                placeholder: "MODE", help: "Permission bits of the socket, in octal.", defaultText: nil,
                reload: .restart, value: { "0" + String($0.socketMode, radix: 8) },
                apply: { text, configuration throws(UsageError) in
                    guard let mode = UInt32(text, radix: 8), mode <= 0o777 else {
                        throw UsageError("must be octal permission bits such as 0600, not '\(text)'")
                    }
                    configuration.socketMode = mode
                })
        case .maxConnections:
            .number(\.maximumConnections, help: "Serve at most N clients at once.")
        case .maxLineBytes:
            .number(
                \.maximumLineBytes, help: "Refuse request lines longer than N bytes.", reload: .newConnections)
        case .maxPlaces:
            .number(\.maximumPlacesPerUser, help: "Let each user keep at most N places.")
        case .maxConnectionsPerUser:
            .number(\.maximumConnectionsPerUser, help: "Serve at most N clients of one uid at once, root included.")
        case .maxRequestsInFlight:
            .number(
                \.maximumRequestsInFlight,
                help: "Stop reading a client that has N requests waiting for the store (each request of a batch "
                    + "counts) until answers come back.",
                reload: .newConnections)
        case .maxReplyBuffer:
            .number(
                \.maximumReplyBytes, placeholder: "BYTES", atLeast: Self.minimumReplyBufferBytes,
                help: "Stop reading a client once BYTES of its replies wait unread, until it reads.",
                reload: .newConnections)
        case .maxReplyBufferPerUser:
            .number(
                \.maximumReplyBytesPerUser, placeholder: "BYTES", atLeast: Self.minimumReplyBufferBytes,
                help: "Let the unread replies of one uid's clients take at most BYTES beyond each client's first "
                    + "MiB; past it they are not read until theirs are.")
        case .maxSubscriberBuffer:
            .number(
                \.maximumSubscriberBufferBytes, placeholder: "BYTES", atLeast: Self.minimumSubscriberBufferBytes,
                help: "End a places.watch subscription once BYTES of events wait unread.", reload: .newConnections)
        case .maxImportPlaces:
            .number(\.maximumImportPlaces, help: "Refuse a places.import of more than N places.")
        case .maxChangeLogEntries:
            .number(
                \.maximumChangeLogEntries,
                help: "Keep the last N changes in the change log, from which places.watch with since resumes.",
                reload: .restart)
        case .maxChangeLogAge:
            .number(
                \.maximumChangeLogAge, placeholder: "SECONDS",
                help: "Drop changes older than SECONDS from the change log.", reload: .restart)
        case .adminGroup:
            .text(
                \.adminGroup, placeholder: "NAME", help: "Members of group NAME may pass allUsers; root always may.",
                reload: .newConnections, completion: .group)
        case .logLevel:
            ConfigurationSetting(
                placeholder: "LEVEL", help: "One of \(Self.logLevelNames.joined(separator: ", ")).", defaultText: nil,
                reload: .live, value: { $0.logLevel.name },
                apply: { text, configuration throws(UsageError) in
                    guard let level = LogLevel(name: text) else {
                        throw UsageError("must be one of \(Self.logLevelNames.joined(separator: ", ")), not '\(text)'")
                    }
                    configuration.logLevel = level
                }, completion: .words(Self.logLevelNames))
        case .keyFile:
            .optionalText(
                \.keyFilePath, placeholder: "PATH",
                help: "Seal the places with the 32-byte key in PATH (raw, or its base64 text). A plaintext "
                    + "database is encrypted on the first start with a key; an encrypted one without its key starts "
                    + "locked until 'placesctl unlock'.",
                defaultText: "the systemd credential $CREDENTIALS_DIRECTORY/placesd.key if present",
                reload: .restart)
        }
    }

    /// Whether a new value takes effect on reload (SIGHUP); the others need a restart.
    public var isReloadable: Bool {
        setting.reload != .restart
    }

    /// Sets this key's field of `configuration` from `text`; the error says what is wrong with the value.
    func apply(_ text: String, to configuration: inout ServerConfiguration) throws(UsageError) {
        try setting.apply(text, &configuration)
    }

    /// The help's text for the key: its sentences, with the default (and the smallest value allowed) after the
    /// first.
    var helpSentences: String {
        let help = setting.help
        let bounds = setting.minimum.map { "; at least \($0)" } ?? ""
        let note = " (default: \(defaultText)\(bounds))"
        guard let end = help.firstRange(of: ". ") else {
            return String(help.dropLast()) + note + "."
        }
        return help[..<end.lowerBound] + note + "." + help[end.upperBound...].description.prefixedWithSpace
    }

    /// The default as the help and the manual pages give it.
    var defaultText: String {
        setting.defaultText ?? setting.value(ServerConfiguration(environment: [:], uid: 0)) ?? "none"
    }

    /// The log levels `log-level` is given as, least verbose first.
    static let logLevelNames = ["error", "warning", "notice", "info", "debug"]

    /// The option `--key VALUE` that sets this key from the command line.
    var option: Option<String> {
        Option(
            ["--" + rawValue], valueName: setting.placeholder, abstract: helpSentences, completion: setting.completion)
    }

    /// The smallest reply buffer: what every connection may hold before its user's budget counts.
    static let minimumReplyBufferBytes = 1 << 20

    /// The smallest subscriber buffer the protocol allows (it promises at least 1 MiB of events).
    static let minimumSubscriberBufferBytes = 1 << 20
}

extension String {
    /// The text after a space.
    fileprivate var prefixedWithSpace: String { " " + self }
}
