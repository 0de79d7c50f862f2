import PlacesProtocol

/// What each element means to the reader, by where it is.
extension KMLParse {
    /// The geometries a placemark may have besides a point, which make it skipped.
    private static let otherGeometries: Set<String> = ["LineString", "LinearRing", "Polygon", "Model"]
    /// Google's geometries, all of them tracks.
    private static let googleGeometries: Set<String> = ["Track", "MultiTrack"]

    /// The frame for an element `local` of namespace `uri` opening inside the innermost open one; `attribute`
    /// reads one of its attributes.
    func frame(uri: String, local: String, attribute: (String) -> String?) -> Frame {
        guard let parent = open.last else {
            guard local == "kml", KMLNamespace.kml.contains(uri) else {
                fail(.notKML(rootElement: uri.isEmpty ? local : "{\(uri)}\(local)"))
                return .other
            }
            namespace = uri
            return .root
        }
        let isKML = uri == namespace
        // Looked up only for an element outside the document's namespace, the rare case.
        let isOrganicMaps = !isKML && KMLNamespace.organicMaps.contains(uri)
        switch parent {
        case .root where isKML, .container where isKML:
            return featureFrame(local: local, in: parent)
        case .containerData(let index) where isOrganicMaps && local == "name":
            return .organicMapsNames(.container(index))
        case .placemark:
            return placemarkFrame(uri: uri, local: local)
        case .multiGeometry where isKML:
            return geometryFrame(local: local)
        case .point(let isFirst) where isKML && local == "coordinates" && isFirst:
            placemark?.coordinatesLine = line
            return .text(.coordinates)
        case .extendedData where isKML && local == "Data":
            return dataFrame(name: attribute("name")) { .data($0) }
        case .extendedData where isKML && local == "SchemaData":
            return .schemaData
        case .extendedData where isOrganicMaps:
            if local == "name" || local == "customName" {
                return .organicMapsNames(.placemark(isCustom: local == "customName"))
            }
            contents.omissions.drop(field: KMLNamespace.spelled(local, in: uri))
            return .other
        case .data(let name) where isKML && local == "value":
            return .text(.value(name))
        case .schemaData where isKML && local == "SimpleData":
            return dataFrame(name: attribute("name")) { .text(.value($0)) }
        case .organicMapsNames(let owner) where isOrganicMaps && local == "lang" && attribute("code") == "default":
            return .text(.organicMapsName(owner))
        default:
            return .other
        }
    }

    /// A child of the root or of a `Document` or `Folder`.
    private func featureFrame(local: String, in parent: Frame) -> Frame {
        var parentIndex: Int?
        if case .container(let index) = parent { parentIndex = index }
        switch local {
        case "Document", "Folder":
            let isFolder = local == "Folder"
            if isFolder { contents.hasFolder = true }
            contents.containers.append(KMLContainer(isFolder: isFolder, parent: parentIndex))
            return .container(contents.containers.count - 1)
        case "Placemark":
            placemark = KMLPlacemark(index: placemarkCount, line: line, container: parentIndex)
            placemarkCount += 1
            return .placemark
        case "name":
            return parentIndex.map { .text(.containerName($0)) } ?? .other
        case "ExtendedData":
            return parentIndex.map { .containerData($0) } ?? .other
        default:
            return .other
        }
    }

    /// A child of a `Placemark`: the fields a place has, its geometry, or a field read past.
    private func placemarkFrame(uri: String, local: String) -> Frame {
        if uri == KMLNamespace.googleExtensions, Self.googleGeometries.contains(local) {
            return geometryFrame(local: "gx:" + local)
        }
        guard uri == namespace else {
            contents.omissions.drop(field: KMLNamespace.spelled(local, in: uri))
            return .other
        }
        switch local {
        case "name": return .text(.placemarkName)
        case "description": return .text(.description)
        case "ExtendedData": return .extendedData
        case "Point", "MultiGeometry": return geometryFrame(local: local)
        case _ where Self.otherGeometries.contains(local): return geometryFrame(local: local)
        default:
            contents.omissions.drop(field: local)
            return .other
        }
    }

    /// A geometry of the placemark, directly or in a `MultiGeometry`: its first `Point` is the place's.
    private func geometryFrame(local: String) -> Frame {
        switch local {
        case "Point":
            let isFirst = placemark?.hasPoint == false
            placemark?.hasPoint = true
            return .point(isFirst: isFirst)
        case "MultiGeometry":
            return .multiGeometry
        default:
            if placemark?.otherGeometry == nil { placemark?.otherGeometry = local }
            return .other
        }
    }

    /// A `Data` or `SimpleData` element named `name`: kept when placesd has the field, reported as dropped
    /// otherwise.
    private func dataFrame(name: String?, _ frame: (String) -> Frame) -> Frame {
        guard let name else { return .other }
        guard KMLReader.dataNames.contains(name.lowercased()) else {
            contents.omissions.drop(field: name)
            return .other
        }
        return frame(name.lowercased())
    }

    /// Keeps the text of an element that ended; the first of each kind is kept.
    func keep(_ text: String, for target: TextTarget) {
        switch target {
        case .containerName(let index):
            if contents.containers[index].name == nil { contents.containers[index].name = text }
        case .placemarkName:
            if placemark?.name == nil { placemark?.name = text }
        case .description:
            if placemark?.description == nil { placemark?.description = text }
        case .coordinates:
            if placemark?.coordinates == nil { placemark?.coordinates = text }
        case .value(let name):
            if placemark?.data[name] == nil { placemark?.data[name] = text }
        case .organicMapsName(.placemark(let isCustom)):
            // The name a user gave a bookmark comes before the map feature's.
            if isCustom {
                placemark?.organicMapsNames.insert(text, at: 0)
            } else {
                placemark?.organicMapsNames.append(text)
            }
        case .organicMapsName(.container(let index)):
            if contents.containers[index].organicMapsName == nil { contents.containers[index].organicMapsName = text }
        }
    }

    /// Keeps the placemark that ended when it has a point with coordinates, and reports it skipped otherwise.
    func finishPlacemark() {
        guard let placemark else { return }
        self.placemark = nil
        guard placemark.hasPoint else {
            let reason = placemark.otherGeometry.map(ImportOmissions.Reason.geometry) ?? .withoutCoordinates
            return contents.omissions.skip(reason, at: "line \(placemark.line)")
        }
        guard let coordinates = placemark.coordinates, !KMLText.isBlank(coordinates) else {
            return contents.omissions.skip(.withoutCoordinates, at: "line \(placemark.line)")
        }
        guard contents.placemarks.count < maximumPlaces else { return fail(.tooManyPlaces(limit: maximumPlaces)) }
        contents.placemarks.append(placemark)
    }
}
