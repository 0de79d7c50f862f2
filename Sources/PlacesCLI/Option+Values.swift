import PlacesCommandLine

extension Option where Value == Double {
    /// An option whose value is a finite decimal number (`--lat -33.9`).
    static func number(_ names: [String], valueName: String, abstract: String) -> Option {
        Option(
            names, valueName: valueName, abstract: abstract, convert: NumberSyntax.finiteDouble,
            refusal: { spelling, text in "\(spelling) expects a number, got '\(text)'" })
    }
}

extension Option where Value == Int64 {
    /// An option whose value is a whole number (`--limit 10`).
    static func integer(_ names: [String], valueName: String, abstract: String) -> Option {
        Option(
            names, valueName: valueName, abstract: abstract, convert: { Int64($0) },
            refusal: { spelling, text in "\(spelling) expects a whole number, got '\(text)'" })
    }
}
