/// The options every command accepts, before or after the command's name.
struct GlobalOptions: Equatable, Sendable {
    /// `--socket PATH`: the daemon's socket, overriding the lookup.
    var socketPath: String?
    /// `--json`: print the result's JSON only.
    var isJSON = false
    /// `-h`/`--help`: print help instead of running.
    var isHelpRequested = false
    /// `--version`: print the version instead of running.
    var isVersionRequested = false

    /// The declarations, in the order help lists them.
    static let specs: [OptionSpec] = [
        .value(
            ["--socket"], key: "socket", valueName: "PATH",
            abstract: "Use the daemon on this socket instead of looking for one."),
        .flag(
            ["--json"], key: "json",
            abstract: "Print the result as one line of JSON and nothing else; a refused request prints its error."),
        .flag(["-h", "--help"], key: "help", abstract: "Show help and exit."),
    ]

    /// `--version`, listed only in the overview.
    static let versionSpec = OptionSpec.flag(["--version"], key: "version", abstract: "Print the version and exit.")

    /// The global option spelled `spelling`, if there is one.
    static func spec(spelled spelling: String) -> OptionSpec? {
        if versionSpec.names.contains(spelling) {
            return versionSpec
        }
        return specs.first { $0.names.contains(spelling) }
    }
}
