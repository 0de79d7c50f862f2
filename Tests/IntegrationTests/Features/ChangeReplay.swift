/// Rebuilds a list from a `places.watch` snapshot and the `places.changed` events after it.
enum ChangeReplay {
    /// `places` with `events` (the notifications' params) applied in order: an added place goes last, an updated
    /// one is replaced where it stands, a removed one is dropped. A move cannot be replayed (the event does not say
    /// where to), so it is a failure here.
    static func apply(_ events: [JSON], to places: [JSON]) throws -> [JSON] {
        var list = places
        for event in events {
            guard let place = event["place"], let id = place["id"] else {
                throw TestFailure("event without a place id: \(event)")
            }
            let position = list.firstIndex { $0["id"] == id }
            switch (event["change"]?.string, position) {
            case ("added", nil):
                list.append(place)
            case ("updated", let index?):
                list[index] = place
            case ("removed", let index?):
                list.remove(at: index)
            default:
                throw TestFailure("event does not fit the list replayed so far: \(event)")
            }
        }
        return list
    }

    /// Throws unless `events` carry the revisions `after + 1`, `after + 2`, … with no gap and no repeat.
    static func checkConsecutive(_ events: [JSON], after revision: Int) throws {
        let revisions = events.map { $0["revision"]?.int ?? -1 }
        let expected = Array((revision + 1)..<(revision + 1 + events.count))
        guard revisions == expected else {
            throw TestFailure("event revisions \(revisions) are not \(revision + 1)… in order")
        }
    }
}
