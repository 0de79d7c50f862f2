/// Reads a command line one token at a time, for both programs: `--name value` and `--name=value` alike, an
/// option that takes a value always taking the next argument (so `--lat -33.9` works), and, where asked, `--`
/// ending the options.
///
/// The reader finds each option among the declarations it is given at that point, so a program may accept
/// different options before and after a command; what is an error, and how it is worded, is the program's.
public struct ArgumentReader {
    /// One token read.
    public enum Token: Equatable, Sendable {
        /// A declared option. A flag's `value` is the text after `=` if it was written (`--json=yes`), else nil;
        /// an option that takes a value has it, from after `=` or from the next argument.
        case option(OptionDeclaration, spelling: String, value: String?)
        /// A declared option that takes a value, last on the line.
        case missingValue(OptionDeclaration, spelling: String)
        /// An option no declaration spells: the name before any `=`, and the argument as written.
        case unknownOption(spelling: String, text: String)
        /// A positional argument.
        case argument(String)
    }

    private var remaining: ArraySlice<String>
    private let isDoubleDashEnd: Bool
    private let isEveryArgumentAnOption: Bool
    private let isNegativeNumberAnArgument: Bool
    private var hasEndedOptions = false

    /// Reads `arguments` in order. With `doubleDashEndsOptions`, a first `--` is dropped and everything after it
    /// is an argument; with `everyArgumentIsAnOption`, words without a dash are looked up as options too; with
    /// `negativeNumbersAreArguments`, a word such as `-0.1246` or `-.5` that no option spells is an argument (a
    /// western longitude), not an unknown option.
    public init(
        _ arguments: ArraySlice<String>, doubleDashEndsOptions: Bool = true, everyArgumentIsAnOption: Bool = false,
        negativeNumbersAreArguments: Bool = false
    ) {
        remaining = arguments
        isDoubleDashEnd = doubleDashEndsOptions
        isEveryArgumentAnOption = everyArgumentIsAnOption
        isNegativeNumberAnArgument = negativeNumbersAreArguments
    }

    /// The next token, looking options up with `options`; nil at the end.
    public mutating func next(options: (String) -> OptionDeclaration?) -> Token? {
        guard let text = remaining.popFirst() else { return nil }
        if hasEndedOptions {
            return .argument(text)
        }
        if isDoubleDashEnd && text == "--" {
            hasEndedOptions = true
            return next(options: options)
        }
        guard isEveryArgumentAnOption || (text.hasPrefix("-") && text.count > 1) else {
            return .argument(text)
        }
        var spelling = text
        var inlineValue: String?
        if text.hasPrefix("--"), let equals = text.firstIndex(of: "=") {
            spelling = String(text[..<equals])
            inlineValue = String(text[text.index(after: equals)...])
        }
        guard let option = options(spelling) else {
            if isNegativeNumberAnArgument && Self.looksNegativeNumeric(text) {
                return .argument(text)
            }
            return .unknownOption(spelling: spelling, text: text)
        }
        guard option.takesValue, inlineValue == nil else {
            return .option(option, spelling: spelling, value: inlineValue)
        }
        guard let value = remaining.popFirst() else {
            return .missingValue(option, spelling: spelling)
        }
        return .option(option, spelling: spelling, value: value)
    }

    /// Whether `text` starts like a negative number: a minus, then a digit or a point and a digit (`-5`, `-.5`,
    /// `-0.1246, 51.5` too: what follows is the command's to judge).
    static func looksNegativeNumeric(_ text: String) -> Bool {
        let characters = Array(text.prefix(3))
        guard characters.count >= 2, characters[0] == "-" else { return false }
        if characters[1].isASCII && characters[1].isNumber {
            return true
        }
        return characters[1] == "." && characters.count == 3 && characters[2].isASCII && characters[2].isNumber
    }
}
