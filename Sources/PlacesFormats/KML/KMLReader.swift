/// Reads the point placemarks of a KML document with expat, streaming, and within limits.
///
/// The document's bytes are read in the encoding its XML declaration names (UTF-8 when it names none); bytes
/// that are not of that encoding make it malformed. A document type declaration is refused before anything in
/// it is read, so no entity can be declared: only XML's five predefined entities and character references are
/// ever expanded, and nothing is fetched. Elements may nest `maximumDepth` deep, and reading stops at the point
/// placemark past the limit.
enum KMLReader {
    /// How deep elements may nest: a placemark's fields need five levels, folders inside folders more.
    static let maximumDepth = 64
    /// The `ExtendedData` names whose values placesd keeps, in lower case (they are matched ignoring case).
    static let dataNames: Set<String> = ["visited", "visitedat", "tags", "id"]

    /// The point placemarks of `document`, at most `maximumPlaces` of them, and their containers.
    static func read(_ document: UnsafeRawBufferPointer, maximumPlaces: Int) throws(KMLError) -> KMLContents {
        try KMLParse(maximumPlaces: maximumPlaces).run(document)
    }
}
