import PlacesModel

/// The places a name or id prefix names (`places.resolve`).
package struct Resolution: Sendable {
    /// How the reference matched.
    package enum Match: String, Sendable {
        /// Names equal to it, folded (case and accents ignored).
        case name
        /// Names that begin with it, folded, where none is equal.
        case namePrefix
        /// Ids that begin with it (4 or more hex digits), where no name begins with it.
        case idPrefix
        /// Nothing.
        case none
    }

    /// How the reference matched.
    package let match: Match
    /// The places it names, in name order (id order for ids), at most the limit asked for.
    package let candidates: [Place]
    /// Whether more places matched than `candidates` holds.
    package let hasMore: Bool
}

extension StoreSnapshot {
    /// The shortest id prefix a reference may be.
    package static let shortestIDPrefix = 4

    /// The places of `owner` that `reference` names: those whose folded name equals it; else those whose folded
    /// name begins with it; else, for 4 or more hex digits (dashes ignored), those whose id begins with them. At
    /// most `limit` candidates.
    ///
    /// Names are looked up in the owner's kept name order (built on the first request, see `keptOrder`): the
    /// equal names come first among those beginning with the reference, so one walk from the first of them
    /// answers both.
    package func resolve(_ reference: String, owner: UserID, limit: Int) -> Resolution {
        let folded = TextFolding.folded(reference)
        guard !folded.isEmpty else { return Resolution(match: .none, candidates: [], hasMore: false) }
        let order = keptOrder(.name, of: owner)
        let start = order.count(before: { entry in
            entry.stored.withFoldedName { name in folded.withUnsafeBufferPointer { TextFolding.compare(name, $0) < 0 } }
        })
        var equal: [Place] = []
        var prefixed: [Place] = []
        var hasMore = false
        folded.withUnsafeBufferPointer { folded in
            order.forEach(from: start, descending: false) { stored in
                let (isPrefix, isEqual) = stored.withFoldedName { name in
                    let isPrefix =
                        name.count >= folded.count
                        && TextFolding.compare(UnsafeBufferPointer(rebasing: name[..<folded.count]), folded) == 0
                    return (isPrefix, isPrefix && name.count == folded.count)
                }
                guard isPrefix, !(equal.count > 0 && !isEqual) else { return false }
                if equal.count + prefixed.count >= limit {
                    hasMore = true
                    return false
                }
                if isEqual { equal.append(stored.place) } else { prefixed.append(stored.place) }
                return true
            }
        }
        if !equal.isEmpty { return Resolution(match: .name, candidates: equal, hasMore: hasMore) }
        if !prefixed.isEmpty { return Resolution(match: .namePrefix, candidates: prefixed, hasMore: hasMore) }
        return resolveIDPrefix(reference, owner: owner, limit: limit)
    }

    /// The places of `owner` whose id begins with the hex digits of `reference`.
    private func resolveIDPrefix(_ reference: String, owner: UserID, limit: Int) -> Resolution {
        let digits = reference.unicodeScalars.filter { $0 != "-" }
        guard digits.count >= Self.shortestIDPrefix, digits.count <= 32,
            digits.allSatisfy(\.properties.isASCIIHexDigit),
            let value = UInt128(String(String.UnicodeScalarView(digits)), radix: 16)
        else { return Resolution(match: .none, candidates: [], hasMore: false) }
        let shift = UInt128(128 - 4 * digits.count)
        var found: [Place] = []
        var hasMore = false
        places(of: owner).forEachStored(in: 0..<count(of: owner)) { stored in
            let id = stored.place.id
            guard (UInt128(id.high) << 64 | UInt128(id.low)) >> shift == value else { return }
            if found.count < limit { found.append(stored.place) } else { hasMore = true }
        }
        found.sort { $0.id < $1.id }
        return Resolution(match: found.isEmpty ? .none : .idPrefix, candidates: found, hasMore: hasMore)
    }
}
