import PlacesModel
import PlacesProtocol
import PlacesState

/// Writes a user's stored places from the JSON kept in the store's slots (`StoredPlace.rendering(_:)`,
/// `PlaceList.rendering`), making it where a list needs it; the bytes are the ones `PlaceEncoding` writes.
///
/// Only what a user sees of their own places is kept: with the owner (every user's places) each place is encoded
/// afresh. A single place (`places.get`, a change event) is written field by field by `PlaceEncoding` and keeps
/// nothing: keeping every place ever read one by one would hold its bytes for good.
enum KeptRenderings {
    /// Writes `places` as an array, from each place's kept bytes, making and keeping them where there are none.
    static func writeArray(
        includeOwner: Bool, to out: inout JSONWriter, _ forEachPlace: ((StoredPlace) -> Void) -> Void
    ) {
        out.beginArray()
        var isFirst = true
        forEachPlace { stored in
            if !isFirst { out.comma() }
            isFirst = false
            write(stored, includeOwner: includeOwner, to: &out)
        }
        out.endArray()
    }

    /// Writes the places of `list` at `bounds` as an array, as `writeArray` does.
    static func write(_ list: PlaceList, bounds: Range<Int>, includeOwner: Bool, to out: inout JSONWriter) {
        writeArray(includeOwner: includeOwner, to: &out) { body in list.forEachStored(in: bounds, body) }
    }

    /// Writes one place of a list: its kept bytes, made and kept now if there are none; with the owner, field by
    /// field.
    private static func write(_ stored: StoredPlace, includeOwner: Bool, to out: inout JSONWriter) {
        guard !includeOwner else { return PlaceEncoding.write(stored.place, includeOwner: true, to: &out) }
        let rendering = stored.rendering {
            var writer = JSONWriter()
            PlaceEncoding.write(stored.place, includeOwner: false, to: &writer)
            return writer.bytes
        }
        out.writeRaw(rendering.bytes)
    }

    /// A user's own list as one JSON array with where each place begins, to be kept with the list
    /// (`PlaceList.rendering`) so that listing it again is one copy. Uses a place's kept bytes where it has them
    /// and keeps none, so that the list's bytes are held once.
    static func listRendering(of places: PlaceList) -> PlaceListRendering {
        var out = JSONWriter(capacity: 2 + places.count * 256)
        var starts: [UInt32] = []
        starts.reserveCapacity(places.count + 1)
        out.beginArray()
        places.forEachStored(in: 0..<places.count) { stored in
            if !starts.isEmpty { out.comma() }
            starts.append(UInt32(out.bytes.count))
            if let kept = stored.existingRendering {
                out.writeRaw(kept.bytes)
            } else {
                PlaceEncoding.write(stored.place, includeOwner: false, to: &out)
            }
        }
        out.endArray()
        starts.append(UInt32(out.bytes.count))
        return PlaceListRendering(bytes: out.bytes, starts: starts)
    }
}
