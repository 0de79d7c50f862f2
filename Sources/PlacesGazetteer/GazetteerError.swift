import PlacesSystem

/// Why the gazetteer could not be opened.
public enum GazetteerError: Error, Sendable, Equatable {
    /// No directory looked in holds the cities file; `searched` lists them in the order looked in.
    case missing(searched: [String])
    /// The file is there but could not be read.
    case unreadable(path: String, SystemError)
    /// The file is not a list of cities in the format `scripts/make-gazetteer.py` writes.
    case malformed(path: String, reason: String)

    /// The sentence for the user, naming the file and the reason.
    public var message: String {
        switch self {
        case .missing(let searched):
            let places = searched.map { "'\($0)'" }.joined(separator: ", ")
            return "cannot find the list of cities '\(GazetteerFiles.citiesFileName)' (looked in \(places)); "
                + "set \(GazetteerFiles.environmentVariable) to the directory that holds it"
        case .unreadable(let path, let error):
            return "cannot read the list of cities '\(path)': \(error.reason)"
        case .malformed(let path, let reason):
            return "the list of cities '\(path)' is malformed: \(reason)"
        }
    }
}
