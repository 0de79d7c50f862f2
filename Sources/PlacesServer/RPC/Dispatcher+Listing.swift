import Dispatch
import PlacesModel
import PlacesProtocol
import PlacesState

/// `places.list`, `places.near`, `places.density` and `places.resolve`: the reads that order, filter, count and look up
/// a caller's places.
extension Dispatcher {
    func list(_ params: ListParams, caller: Caller) throws(RPCError) -> Execution {
        if params.allUsers { try requireAdmin(caller) }
        let snapshot = try unlockedSnapshot()
        let (places, revision) = snapshot.visible(to: caller.uid, allUsers: params.allUsers)
        let selection = params.selection
        let filter = Self.filter(of: selection)
        // The list in its own order, unfiltered: a page of its kept rendering, or of the places' own.
        if selection.sort == .position, selection.order == .ascending, params.after == nil, filter.isEmpty {
            if let rendering = Self.keptRendering(of: places, allUsers: params.allUsers) {
                return page(of: rendering, params: params, revision: revision)
            }
            return page(of: places, params: params, revision: revision)
        }
        let owner = params.allUsers ? nil : caller.uid
        var request = ListingRequest(
            sort: selection.sort, direction: selection.order, filter: filter, origin: params.point,
            after: params.after, offset: params.offset, limit: params.limit)
        let listing: Listing
        do throws(ListingError) {
            if let from = params.from { request.origin = try snapshot.stored(from, owner: owner).place.coordinate }
            listing = try snapshot.listing(request, owner: owner)
        } catch {
            throw Self.rpcError(error)
        }
        let includeOwner = params.allUsers
        return .success { writer in
            ListPage.write(total: listing.total, revision: revision, to: &writer) { writer in
                KeptRenderings.writeArray(includeOwner: includeOwner, to: &writer) { body in listing.page.forEach(body)
                }
            }
        }
    }

    /// The filters `selection` asks for.
    private static func filter(of selection: PlaceSelection) -> PlaceFilter {
        PlaceFilter(
            visited: selection.visited, query: selection.query.flatMap(TextQuery.init), tags: selection.tags,
            box: selection.box)
    }

    /// The JSON-RPC error for a listing's: another user's place is not found, as a missing one.
    private static func rpcError(_ error: ListingError) -> RPCError {
        switch error {
        case .notFound(let id): .notFound(id: id.description)
        case .missingOrigin:
            .invalidParams(ValidationError(field: "sort", reason: "'distance' needs a point to measure from"))
        }
    }

    /// The `places.list` result for a page of a whole list, written from the places' kept renderings.
    private func page(of places: PlaceList, params: ListParams, revision: Int64) -> Execution {
        let includeOwner = params.allUsers
        return listResult(total: places.count, params: params, revision: revision) { bounds, writer in
            KeptRenderings.write(places, bounds: bounds, includeOwner: includeOwner, to: &writer)
        }
    }

    /// The `places.list` result for a page of a kept rendering: one copy of the page's bytes.
    private func page(of rendering: PlaceListRendering, params: ListParams, revision: Int64) -> Execution {
        listResult(total: rendering.count, params: params, revision: revision) { bounds, writer in
            writer.beginArray()
            writer.writeRaw(rendering.elements(bounds))
            writer.endArray()
        }
    }

    /// The `ListPage` of `total` matches that `offset` and `limit` select, which `writePage` writes as an array.
    private func listResult(
        total: Int, params: ListParams, revision: Int64,
        writePage: @escaping (_ bounds: Range<Int>, _ writer: inout JSONWriter) -> Void
    ) -> Execution {
        let start = min(params.offset, total)
        let end = params.limit.map { min(total, start + $0) } ?? total
        return .success { writer in
            ListPage.write(total: total, revision: revision, to: &writer) { writer in writePage(start..<end, &writer) }
        }
    }

    /// The most places a list keeps its whole rendering for (about 2.5 MB of JSON): longer lists are written
    /// from the places' own kept renderings (`KeptRenderings`).
    static let largestKeptListRendering = 10_000

    /// A caller's own list as one JSON array, made by the first reader of this version of the list and kept with
    /// it (`PlaceList.rendering`); nil for every user's places or a list over `largestKeptListRendering`.
    static func keptRendering(of places: PlaceList, allUsers: Bool) -> PlaceListRendering? {
        guard !allUsers, places.count <= largestKeptListRendering else { return nil }
        return places.rendering.rendering { KeptRenderings.listRendering(of: places) }
    }

    func near(_ params: NearParams, caller: Caller) throws(RPCError) -> Execution {
        let snapshot = try unlockedSnapshot()
        let selection = params.selection
        var filter = Self.filter(of: selection)
        let origin: Coordinate
        if let from = params.from {
            do throws(ListingError) {
                origin = try snapshot.stored(from, owner: caller.uid).place.coordinate
            } catch {
                throw Self.rpcError(error)
            }
            filter.excluded = from
        } else if let coordinate = params.coordinate {
            origin = coordinate
        } else {
            throw .invalidParams(ValidationError(field: "latitude", reason: "is required"))
        }
        let results = snapshot.nearestPlaces(
            to: origin, owner: caller.uid, radius: params.radius, limit: params.limit, filter: filter,
            sort: selection.sort, direction: selection.order)
        return .success { writer in
            writer.bytes.reserveCapacity(writer.bytes.count + results.estimatedJSONBytes + 16)
            NearResults.write(to: &writer) { body in results.forEach(body) }
        }
    }

    func density(_ params: DensityParams, caller: Caller) throws(RPCError) -> Execution {
        let filter = PlaceFilter(
            visited: params.visited, query: params.query.flatMap(TextQuery.init), tags: params.tags)
        let map = try unlockedSnapshot().density(
            of: caller.uid, grid: params.grid, filter: filter, labels: params.labels)
        return .success { writer in
            let parts = map.writingParts
            writer.bytes.reserveCapacity(writer.bytes.count + map.estimatedJSONBytes + 128)
            DensityResult.write(
                visited: map.visited, unvisited: map.unvisited, revision: map.revision, to: &writer
            ) { writer in
                guard parts.count > 1 else {
                    Self.writeCells(of: map, in: parts[0], isFirst: true, to: &writer)
                    return
                }
                // The first run into the reply on this thread while the others are each written into a writer of
                // their own on another, appended in order once all are written. The first run holds a cell (the runs
                // share the cells with places), so the others' first cells follow a comma.
                let others = DensityWriters(count: parts.count - 1)
                let group = DispatchGroup()
                for part in 1..<parts.count {
                    DispatchQueue.global().async(group: group) {
                        others.writers[part - 1] = JSONWriter(capacity: map.estimatedJSONBytes(in: parts[part]))
                        Self.writeCells(of: map, in: parts[part], isFirst: false, to: &others.writers[part - 1])
                    }
                }
                Self.writeCells(of: map, in: parts[0], isFirst: true, to: &writer)
                group.wait()
                for other in others.writers { writer.bytes.append(contentsOf: other.bytes) }
            }
        }
    }

    /// Writes the cells of `map` in `cells` that hold a place, the first after a comma unless `isFirst`.
    private static func writeCells(of map: DensityMap, in cells: Range<Int>, isFirst: Bool, to writer: inout JSONWriter)
    {
        var isFirstCell = isFirst
        map.forEachCell(in: cells) { cell, nearest in
            DensityResult.writeCell(
                (cell.column, cell.row, cell.visited, cell.unvisited), isFirst: isFirstCell, to: &writer)
            isFirstCell = false
            var isFirstPlace = true
            nearest.forEach { place in
                let label = DensityResult.Label(
                    id: place.id, name: place.name, coordinate: place.coordinate, isVisited: place.isVisited)
                DensityResult.writeLabel(label, isFirst: isFirstPlace, to: &writer)
                isFirstPlace = false
            }
            DensityResult.endCell(to: &writer)
        }
    }

    func resolve(_ params: ResolveParams, caller: Caller) throws(RPCError) -> Execution {
        let resolution = try unlockedSnapshot().resolve(params.reference, owner: caller.uid, limit: params.limit)
        let candidates = resolution.candidates.map { ResolveResult.Candidate(id: $0.id, name: $0.name) }
        return .success { writer in
            ResolveResult.write(
                match: resolution.match.rawValue, candidates: candidates, hasMore: resolution.hasMore, to: &writer)
        }
    }
}

/// The writers of a `places.density` reply's cells written on other threads, one each: each thread writes only its
/// own, and the request's thread reads them only once every thread is done (`DispatchGroup.wait`), which orders the
/// writes before the reads; hence `@unchecked Sendable`.
private final class DensityWriters: @unchecked Sendable {
    /// The writers, one a run of cells.
    let writers: UnsafeMutableBufferPointer<JSONWriter>

    /// `count` empty writers.
    init(count: Int) {
        writers = .allocate(capacity: count)
        writers.initialize(repeating: JSONWriter(capacity: 0))
    }

    deinit {
        _ = writers.deinitialize()
        writers.deallocate()
    }
}
