/// Where `unlock` gets the key: a file, a pipe, or the terminal.
enum KeyInput {
    /// The prompt on standard error when the key is typed.
    static let prompt = "Key (base64): "

    /// The key in `path` (`-`: standard input, asked for without echo on a terminal). Errors name the source
    /// and what a key looks like, never the bytes read.
    static func read(_ path: String, context: CommandContext) throws(CLIFailure) -> [UInt8] {
        let runtime = context.runtime
        let name = path == "-" ? "standard input" : "'\(path)'"
        let contents: [UInt8]
        do {
            if path == "-" && runtime.isStandardInputTerminal {
                context.writeError(prompt)
                contents = try runtime.readHiddenLine()
            } else {
                contents = try runtime.readKey(path)
            }
        } catch {
            throw .input("cannot read the key from \(name): \(error.reason)")
        }
        if let key = StoreKeyText.key(in: contents) {
            return key
        }
        let problem = StoreKeyText.isBlank(contents) ? "is empty" : "does not hold a key"
        throw .data("\(name) \(problem): \(StoreKeyText.expectation)")
    }
}
