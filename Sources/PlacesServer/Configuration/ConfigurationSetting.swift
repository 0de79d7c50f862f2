import PlacesCommandLine
import PlacesSystem

/// What one configuration key is: everything `--help`, `--check-config`, the reload and the file know about it,
/// declared once (see `ConfigurationKey.setting`).
struct ConfigurationSetting: Sendable {
    /// When a changed value takes effect.
    enum Reload: Sendable {
        /// On reload (SIGHUP), for everything from then on.
        case live
        /// On reload, for connections accepted from then on.
        case newConnections
        /// Only after a restart.
        case restart
    }

    /// What the value is called in the help: `N`, `BYTES`, `PATH`.
    let placeholder: String
    /// What the setting does, one or more sentences without the default.
    let help: String
    /// The default as `--help` and the manual pages give it, when it is not simply the default value.
    let defaultText: String?
    /// The smallest value allowed, when the help should say it (above 1).
    var minimum: Int?
    /// When a changed value takes effect.
    let reload: Reload
    /// The value as `--check-config` prints it and the file would write it; nil when the setting is not set.
    let value: @Sendable (ServerConfiguration) -> String?
    /// Sets the value from text; the error says what is wrong with it.
    let apply: @Sendable (String, inout ServerConfiguration) throws(UsageError) -> Void
    /// What a shell completes for the value of `--key`.
    var completion: CompletionKind = .none

    /// A whole number of at least `minimum`.
    static func number(
        _ path: WritableKeyPath<ServerConfiguration, Int> & Sendable, placeholder: String = "N",
        atLeast minimum: Int = 1, help: String, reload: Reload = .live
    ) -> ConfigurationSetting {
        ConfigurationSetting(
            placeholder: placeholder, help: help, defaultText: nil, minimum: minimum > 1 ? minimum : nil,
            reload: reload, value: { "\($0[keyPath: path])" },
            apply: { text, configuration throws(UsageError) in
                guard let number = Int(text), number >= minimum else {
                    throw UsageError(
                        minimum == 1
                            ? "must be a positive whole number, not '\(text)'"
                            : "must be a whole number of at least \(minimum), not '\(text)'")
                }
                configuration[keyPath: path] = number
            })
    }

    /// Text that must not be empty.
    static func text(
        _ path: WritableKeyPath<ServerConfiguration, String> & Sendable, placeholder: String, help: String,
        defaultText: String? = nil, reload: Reload, completion: CompletionKind = .file
    ) -> ConfigurationSetting {
        nonEmptyText(
            path, from: { $0 }, shown: { $0 }, placeholder: placeholder, help: help, defaultText: defaultText,
            reload: reload, completion: completion)
    }

    /// Text that must not be empty, unset by default.
    static func optionalText(
        _ path: WritableKeyPath<ServerConfiguration, String?> & Sendable, placeholder: String, help: String,
        defaultText: String, reload: Reload
    ) -> ConfigurationSetting {
        nonEmptyText(
            path, from: { $0 }, shown: { $0 }, placeholder: placeholder, help: help, defaultText: defaultText,
            reload: reload, completion: .file)
    }

    /// Text that must not be empty, kept at `path` as `from` makes it and shown as `shown` gives it.
    private static func nonEmptyText<Value>(
        _ path: WritableKeyPath<ServerConfiguration, Value> & Sendable,
        from: @escaping @Sendable (String) -> Value, shown: @escaping @Sendable (Value) -> String?,
        placeholder: String, help: String, defaultText: String?, reload: Reload, completion: CompletionKind
    ) -> ConfigurationSetting {
        ConfigurationSetting(
            placeholder: placeholder, help: help, defaultText: defaultText, reload: reload,
            value: { shown($0[keyPath: path]) },
            apply: { text, configuration throws(UsageError) in
                configuration[keyPath: path] = from(try nonEmpty(text))
            }, completion: completion)
    }

    private static func nonEmpty(_ text: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw UsageError("must not be empty") }
        return text
    }
}
