import PlacesCommandLine
import PlacesProtocol

/// `placesctl call METHOD [PARAMS-JSON]`.
enum CallCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "call",
        abstract: "Call any JSON-RPC method and print its result as JSON.",
        discussion: """
            For scripts: prints the result's compact JSON (--json is implied). Example:
              placesctl call places.near '{"latitude": 48.85, "longitude": 2.29}'
            """,
        arguments: [
            ArgumentDeclaration(
                name: "METHOD", abstract: "The method's name, such as places.list.", isRequired: true,
                completion: .words(Method.allCases.map(\.rawValue))),
            ArgumentDeclaration(name: "PARAMS-JSON", abstract: "The params, as one JSON object.", isRequired: false),
        ],
        impliesJSON: true,
        handler: run
    )

    /// Parses the params, calls the method and prints the result.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let method = input.argument(0) ?? ""
        var params: JSONValue?
        if let text = input.argument(1) {
            do {
                params = try JSONParser.parse(text)
            } catch {
                throw input.usageError("PARAMS-JSON is not valid JSON: \(error.reason) at offset \(error.offset)")
            }
        }
        try context.writeJSON(context.call(method, params))
    }
}
