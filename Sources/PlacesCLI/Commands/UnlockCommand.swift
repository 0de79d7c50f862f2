import PlacesClient
import PlacesCommandLine
import PlacesProtocol

/// `placesctl unlock [--key-file FILE]`.
enum UnlockCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "unlock",
        abstract: "Give a locked placesd the key to its encrypted places.",
        discussion: """
            Reads the key from FILE, or from standard input when FILE is - or not given; on a terminal it asks \
            for the key and does not echo it. The key is \(StoreKeyText.byteCount) raw bytes or their base64 \
            text, as 'placesctl key generate' prints it. Only root, members of placesd's admin group and the \
            user placesd runs as may unlock it. A wrong key leaves placesd locked, and each further wrong key is answered more slowly \
            (up to a minute).
            """,
        options: [keyFile],
        handler: run
    )

    /// `--key-file FILE`.
    static let keyFile = Option<String>(
        ["--key-file"], valueName: "FILE", abstract: "Read the key from FILE (- for standard input).",
        completion: .fileOrStandardInput, defaultValue: "-")

    /// Reads the key, sends `server.unlock` and confirms.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let key = try KeyInput.read(input[keyFile] ?? "-", context: context)
        let result: JSONValue
        do {
            result = try context.callReportingClientErrors(UnlockParams(key: key))
        } catch {
            throw failure(error, socketPath: context.socketPath)
        }
        if context.isJSON {
            return try context.writeJSON(result)
        }
        try context.write("Unlocked.\n")
    }

    /// What a refused unlock means: no permission, a wrong key, or a store that is not encrypted.
    static func failure(_ error: ClientError, socketPath: String) -> CLIFailure {
        guard case .rpc(let refusal) = error else {
            return CLIFailure(error, socketPath: socketPath)
        }
        switch refusal.code {
        case RPCErrorCode.permissionDenied:
            return .refused(refusal, message: "cannot unlock placesd: \(RPCErrorMessage.text(for: refusal))")
        case RPCErrorCode.locked:
            return .refused(refusal, message: CLIFailure.wrongKeyMessage)
        case RPCErrorCode.invalidParams where refusal.data?["field"]?.stringValue == "key":
            let reason = refusal.data?["reason"]?.stringValue ?? refusal.message
            return .refused(refusal, message: "cannot unlock placesd: \(reason)")
        default:
            return CLIFailure(refusal: refusal)
        }
    }
}
