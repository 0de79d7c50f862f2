import PlacesModel
import PlacesProtocol
import PlacesStore

extension Dispatcher {
    /// Runs one request's method for `caller`.
    func execute(_ request: RPCRequest, caller: Caller, connection: ConnectionHandle) -> Execution {
        do throws(RPCError) {
            switch request.method {
            case "places.add":
                return .mutation(.add(try AddParams.decode(request.params).draft))
            case "places.get":
                return try get(GetParams.decode(request.params), caller: caller)
            case "places.list":
                return try list(ListParams.decode(request.params), caller: caller)
            case "places.update":
                let params = try UpdateParams.decode(request.params)
                return .mutation(.update(params.id, params.patch, ifVersion: params.ifVersion))
            case "places.remove":
                let params = try RemoveParams.decode(request.params)
                return .mutation(.remove(params.id, ifVersion: params.ifVersion))
            case "places.watch":
                return try watch(WatchParams.decode(request.params), caller: caller, connection: connection)
            case "server.status":
                _ = try EmptyParams.decode(request.params)
                return status(caller: caller)
            default:
                return .failure(.methodNotFound(request.method))
            }
        } catch {
            return .failure(error)
        }
    }

    private func requireAdmin(_ caller: Caller) throws(RPCError) {
        guard caller.isAdmin else {
            throw .permissionDenied(
                "allUsers is only for root and members of the group '\(settings.current.adminGroupName)'."
            )
        }
    }

    private func get(_ params: GetParams, caller: Caller) throws(RPCError) -> Execution {
        if params.allUsers { try requireAdmin(caller) }
        guard let place = store.snapshot().place(params.id), params.allUsers || place.owner == caller.uid else {
            return .failure(.notFound(id: params.id.description))
        }
        let includeOwner = params.allUsers
        return .success { writer in PlaceEncoding.write(place, includeOwner: includeOwner, to: &writer) }
    }

    private func list(_ params: ListParams, caller: Caller) throws(RPCError) -> Execution {
        if params.allUsers { try requireAdmin(caller) }
        let snapshot = store.snapshot()
        let places = params.allUsers ? snapshot.allPlaces() : snapshot.places(of: caller.uid)
        let revision = params.allUsers ? snapshot.revision : snapshot.revision(of: caller.uid)
        let query = params.query ?? ""
        let matches: [Place]?
        if params.visited != nil || !query.isEmpty {
            matches = places.filter { place in
                (params.visited.map { $0 == place.isVisited } ?? true) && place.matches(query: query)
            }
        } else {
            matches = nil
        }
        let total = matches?.count ?? places.count
        let start = min(params.offset, total)
        let end = params.limit.map { min(total, start + $0) } ?? total
        // Only the page is copied; an unfiltered list is read straight from the snapshot.
        let page = matches.map { Array($0[start..<end]) } ?? Array(places[start..<end])
        let includeOwner = params.allUsers
        return .success { writer in
            writer.writeRaw("{\"places\":[")
            for (index, place) in page.enumerated() {
                if index > 0 { writer.writeRaw(",") }
                PlaceEncoding.write(place, includeOwner: includeOwner, to: &writer)
            }
            writer.writeRaw("],\"total\":")
            writer.writeInt(Int64(total))
            writer.writeRaw(",\"revision\":")
            writer.writeInt(revision)
            writer.writeRaw("}")
        }
    }

    private func watch(_ params: WatchParams, caller: Caller, connection: ConnectionHandle) throws(RPCError)
        -> Execution
    {
        if params.allUsers { try requireAdmin(caller) }
        let snapshot = hub.subscribe(connection, owner: params.allUsers ? nil : caller.uid, store: store)
        let places = params.allUsers ? snapshot.allPlaces() : snapshot.places(of: caller.uid)
        let revision = params.allUsers ? snapshot.revision : snapshot.revision(of: caller.uid)
        let includeOwner = params.allUsers
        return .success { writer in
            writer.writeRaw("{\"revision\":")
            writer.writeInt(revision)
            writer.writeRaw(",\"places\":[")
            for (index, place) in places.enumerated() {
                if index > 0 { writer.writeRaw(",") }
                PlaceEncoding.write(place, includeOwner: includeOwner, to: &writer)
            }
            writer.writeRaw("]}")
        }
    }

    private func status(caller: Caller) -> Execution {
        let snapshot = store.snapshot()
        let places = snapshot.count(of: caller.uid)
        let revision = snapshot.revision(of: caller.uid)
        let connections = statistics.connections.load(ordering: .relaxed)
        let uptime = statistics.uptimeSeconds
        let database = store.path
        return .success { writer in
            writer.writeRaw("{\"version\":")
            writer.writeString(DaemonCommandLine.version)
            writer.writeRaw(",\"protocol\":1,\"uptime\":")
            writer.writeInt(uptime)
            writer.writeRaw(",\"places\":")
            writer.writeInt(Int64(places))
            writer.writeRaw(",\"revision\":")
            writer.writeInt(revision)
            writer.writeRaw(",\"connections\":")
            writer.writeInt(Int64(connections))
            writer.writeRaw(",\"database\":")
            writer.writeString(database)
            writer.writeRaw(",\"locked\":false}")
        }
    }
}
