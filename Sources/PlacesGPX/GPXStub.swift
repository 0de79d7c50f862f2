import PlacesProtocol

// A stand-in for the GPX reader's report until it is merged.

extension GPXImport {
    /// The places of a GPX document and what it left out.
    public static func document(from text: String, maximumPlaces: Int) throws(RPCError) -> ImportedDocument {
        ImportedDocument(places: try places(from: text, maximumPlaces: maximumPlaces))
    }
}
