import PlacesModel

/// The tags a placemark gets from where it sits: the names of the `Folder`s around it, outermost first, or the
/// `Document`'s name in a document without folders (Organic Maps writes one list per file, named there).
///
/// A name is trimmed, its control characters (line breaks) become spaces, and one longer than a tag may be is
/// cut to `TagRules.maximumLength` characters; blank names give no tag.
struct KMLFolderTags {
    private let containers: [KMLContainer]
    private let hasFolder: Bool
    /// The tag of each container, computed once.
    private var tagOfContainer: [String?]

    /// The folder tags of `contents`' containers.
    init(_ contents: KMLContents) {
        containers = contents.containers
        hasFolder = contents.hasFolder
        tagOfContainer = containers.map { container in
            guard container.isFolder || !contents.hasFolder, let name = container.shownName else { return nil }
            let cleaned = String(
                String.UnicodeScalarView(
                    name.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            let tag = KMLText.trimmed(String(cleaned.prefix(TagRules.maximumLength)))
            return tag.isEmpty ? nil : tag
        }
    }

    /// The tags of `placemark`, outermost container first.
    func tags(of placemark: KMLPlacemark) -> [String] {
        var tags: [String] = []
        var next = placemark.container
        while let index = next {
            if let tag = tagOfContainer[index] { tags.append(tag) }
            next = containers[index].parent
        }
        return tags.reversed()
    }
}
