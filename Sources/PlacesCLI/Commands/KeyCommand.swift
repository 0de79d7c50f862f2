import PlacesCommandLine
import PlacesProtocol

/// `placesctl key generate [--raw]`.
enum KeyCommand {
    /// The one action.
    static let generate = "generate"

    /// The declaration.
    static let spec = CommandSpec(
        name: "key",
        abstract: "Generate a new key for encrypting placesd's places.",
        discussion: """
            Prints a new key, \(StoreKeyText.byteCount) random bytes from the kernel (getrandom), as base64 and a \
            newline, ready to be sealed for placesd:
              placesctl key generate | systemd-creds encrypt --name=placesd.key - \\
                  /etc/credstore.encrypted/placesd.key
            With --raw, writes the \(StoreKeyText.byteCount) bytes themselves, never to a terminal. With --json, \
            prints {"key": BASE64}. Needs no daemon.
            """,
        arguments: [
            ArgumentDeclaration(
                name: "ACTION", abstract: "What to do: generate, the only action.", isRequired: false,
                completion: .words([generate]))
        ],
        options: [raw],
        forms: [[generate, "[--raw]"]],
        handler: run
    )

    /// `--raw`.
    static let raw = Flag(
        ["--raw"], abstract: "Write the \(StoreKeyText.byteCount) raw bytes instead of base64 (to a file or pipe).")

    /// Checks the action, draws the key and writes it.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        guard let action = input.argument(0) else {
            throw input.usageError("missing action: the only one is '\(generate)'")
        }
        guard action == generate else {
            throw input.usageError("unknown action '\(action)' for 'key': the only one is '\(generate)'")
        }
        let isRaw = input[raw]
        if isRaw && context.isJSON {
            throw input.usageError("options '--raw' and '--json' cannot be used together")
        }
        if isRaw && context.runtime.isStandardOutputTerminal {
            throw input.usageError(
                "refusing to write a raw key to a terminal: redirect standard output to a file or pipe, "
                    + "or leave out --raw")
        }
        let key = try draw(context)
        if isRaw {
            return try context.write(bytes: key)
        }
        let text = Base64.encode(key)
        if context.isJSON {
            return try context.writeJSON(["key": .string(text)])
        }
        try context.write(text + "\n")
    }

    /// A key's worth of random bytes.
    private static func draw(_ context: CommandContext) throws(CLIFailure) -> [UInt8] {
        let key: [UInt8]
        do {
            key = try context.runtime.randomBytes(StoreKeyText.byteCount)
        } catch {
            throw .input("cannot read random bytes from the kernel: \(error.reason)")
        }
        guard key.count == StoreKeyText.byteCount else {
            throw .software("the random source gave \(key.count) bytes instead of \(StoreKeyText.byteCount)")
        }
        return key
    }
}
