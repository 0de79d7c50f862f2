import PlacesModel
import PlacesProtocol
import PlacesStore

extension Dispatcher {
    /// Runs one request's method for `caller`.
    func execute(_ request: RPCRequest, caller: Caller) -> Execution {
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
        let isFiltered = params.visited != nil || !query.isEmpty
        let matches: [Place] =
            isFiltered
            ? places.filter { place in
                (params.visited.map { $0 == place.isVisited } ?? true) && place.matches(query: query)
            } : Array(places)
        let start = min(params.offset, matches.count)
        let end = params.limit.map { min(matches.count, start + $0) } ?? matches.count
        let page = matches[start..<end]
        let total = matches.count
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
