/// What a shell completes for an option's value or a positional argument.
public enum CompletionKind: Sendable, Equatable {
    /// Nothing: free text, a number, a coordinate.
    case none
    /// A file name.
    case file
    /// A file name, or `-` for standard input.
    case fileOrStandardInput
    /// A directory name.
    case directory
    /// One of a fixed list of words.
    case words([String])
    /// The id of one of the caller's places, asked from the daemon (`PROGRAM [--socket PATH] --json list`).
    case placeID
    /// The name of one of the program's commands.
    case command
    /// The name of a group of the system.
    case group
}
