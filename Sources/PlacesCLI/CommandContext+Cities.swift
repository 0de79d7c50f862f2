import PlacesCommandLine
import PlacesGazetteer
import PlacesProtocol

extension CommandContext {
    /// The gazetteer; a missing or unreadable data file is an input failure naming it.
    func gazetteer() throws(CLIFailure) -> Gazetteer {
        do {
            return try runtime.openGazetteer()
        } catch {
            throw .input(error.message)
        }
    }

    /// The cities that `text` names ("Paris", "Paris, Texas"), in `country` when given, most populous first;
    /// none is refused as not found (exit 66) with the closest names, an unknown `country` as a usage error.
    func cities(named text: String, country: String?, command: String) throws(CLIFailure) -> [City] {
        let gazetteer = try gazetteer()
        if let country, !gazetteer.isCountry(country) {
            throw .usage(
                "--country expects a country code (FR) or a country's name (France), got '\(country)'",
                command: command)
        }
        let found = gazetteer.cities(matching: text, country: country)
        guard found.isEmpty else { return found }
        let named = country.map { "no city named '\(text)' in '\($0)'" } ?? "no city is named '\(text)'"
        let message = named + Suggestion.phrase(for: gazetteer.closestNames(to: text))
        throw .refused(RPCError(code: RPCErrorCode.notFound, message: message), message: message)
    }

    /// The city that `text` names: the most populous of those it may name, with a note on standard error saying
    /// which one was taken and how to pick another when there are several.
    func city(named text: String, country: String?, command: String) throws(CLIFailure) -> City {
        let found = try cities(named: text, country: country, command: command)
        let city = found[0]
        if found.count > 1 {
            // The example picks the next most populous: by its country when that differs, else by its state.
            let other = found[1]
            let example = "\(other.name), \(other.admin1.isEmpty ? other.countryCode : other.admin1)"
            let country = other.countryCode == city.countryCode ? "" : "--country \(other.countryCode) or "
            let typed = text.contains(where: { $0 == " " || $0 == "," }) ? "\"\(text)\"" : text
            note(
                "'\(text)' is taken as \(city.label), the most populous of \(found.count) cities by that name; "
                    + "for another, give \(country)\"\(example)\" ('placesctl where \(typed)' lists them)")
        }
        return city
    }
}
