import PlacesModel

extension StoreSnapshot {
    /// `owner`'s places (every owner's, by owner, when nil) that hold every one of `tags` (compared folded), in
    /// list order: read from the tag index, so a tag held by few places costs about that many look-ups whatever
    /// the size of the list.
    public func places(of owner: UserID?, holdingAll tags: [String]) -> [StoredPlace] {
        let state = self.state
        return (owner.map { [$0] } ?? state.owners).flatMap { owner -> [StoredPlace] in
            guard let list = state.lists[owner] else { return [] }
            var found: [(position: Int64, stored: StoredPlace)] = []
            for id in list.tags.ids(holdingAll: tags) {
                guard let location = state.index[id], let offset = list.index(ofPosition: location.position) else {
                    continue
                }
                let slot = list.places.slot(at: offset)
                found.append((slot.position, slot.stored))
            }
            found.sort { $0.position < $1.position }
            return found.map(\.stored)
        }
    }

    /// `owner`'s tags (every owner's, when nil), each as first written with the number of places that hold it,
    /// ordered by folded tag.
    public func tagCounts(of owner: UserID?) -> [(tag: String, count: Int)] {
        let state = self.state
        var merged: [String: (tag: String, count: Int)] = [:]
        for owner in owner.map({ [$0] }) ?? state.owners {
            guard let entries = state.lists[owner]?.tags.entries else { continue }
            for (key, entry) in entries {
                merged[key, default: (entry.tag, 0)].count += entry.ids.count
            }
        }
        return merged.sorted { $0.key < $1.key }.map(\.value)
    }
}
