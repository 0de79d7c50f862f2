import PlacesCommandLine

/// The options every command accepts, before or after the command's name.
struct GlobalOptions: Equatable, Sendable {
    /// `--socket PATH`: the daemon's socket, overriding the lookup.
    var socketPath: String?
    /// `--json`: print the result's JSON only.
    var isJSON = false
    /// `--no-pager`: never page the output.
    var isPagerDisabled = false
    /// `--color WHEN`: when to colour the output.
    var color = ColorMode.auto
    /// `-h`/`--help`: print help instead of running.
    var isHelpRequested = false
    /// `--version`: print the version instead of running.
    var isVersionRequested = false

    /// `--socket PATH`.
    static let socket = Option<String>(
        ["--socket"], valueName: "PATH", abstract: "Use the daemon on this socket instead of looking for one.",
        completion: .file)
    /// `--json`.
    static let json = Flag(
        ["--json"],
        abstract: "Print the result as one line of JSON and nothing else; any failure prints one JSON error object.")
    /// `--no-pager`.
    static let noPager = Flag(
        ["--no-pager"], abstract: "Do not page output taller than the terminal through $PAGER (less -FRX).")
    /// `--color WHEN`.
    static let color = Option<ColorMode>(
        ["--color"], valueName: "WHEN",
        abstract: "Colour the output: auto (on a terminal, unless NO_COLOR is set), always or never.",
        completion: .words(ColorMode.allCases.map(\.rawValue)), convert: ColorMode.init(rawValue:),
        refusal: { spelling, text in "\(spelling) expects auto, always or never, got '\(text)'" })
    /// `-h`, `--help`.
    static let help = Flag(["-h", "--help"], abstract: "Show help and exit.")
    /// `--version`, listed only in the overview.
    static let version = Flag(["--version"], abstract: "Print the version and exit.")

    /// The declarations, in the order help lists them.
    static let specs: [OptionDeclaration] = [
        socket.declaration, json.declaration, noPager.declaration, color.declaration, help.declaration,
    ]

    /// `--version`'s declaration.
    static let versionSpec = version.declaration

    /// The global option spelled `spelling`, if there is one.
    static func spec(spelled spelling: String) -> OptionDeclaration? {
        if versionSpec.isSpelled(spelling) {
            return versionSpec
        }
        return specs.first { $0.isSpelled(spelling) }
    }
}

/// When placesctl colours its output (`--color`).
enum ColorMode: String, CaseIterable, Sendable {
    /// On a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    case auto
    /// Always, even into a pipe.
    case always
    /// Never.
    case never
}
