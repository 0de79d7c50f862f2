import PlacesGPX
import PlacesModel
import PlacesProtocol
import PlacesState

extension Dispatcher {
    /// `places.import` and the staged import's methods for `caller`, on the connection `sink` answers.
    func executeImport(_ request: RPCRequest, method: Method, caller: Caller, sink: ReplySink) throws(RPCError)
        -> Execution
    {
        let connection = ImportStaging.ConnectionKey(sink)
        let maximumPlaces = settings.current.maximumImportPlaces
        switch method {
        case .importBegin:
            _ = try EmptyParams.decode(request.params)
            let begun = ImportBeginResult(
                token: try staging.begin(owner: caller.uid, connection: connection),
                maxLineBytes: Int64(settings.current.maximumLineBytes), maxPlaces: Int64(maximumPlaces))
            return .success { writer in begun.write(to: &writer) }
        case .importAdd:
            let params = try ImportAddParams.decode(request.params)
            let document: ImportParams.Document
            switch params.part {
            case .document(let part):
                document = part
            case .gpxText(let text):
                // Its waypoints are read at the commit: the count is of the places staged as places.
                _ = try staging.add(
                    gpxText: text, to: params.token, connection: connection, maximumPlaces: maximumPlaces)
                let staged = try staging.count(of: params.token, connection: connection)
                return .success { writer in StagedImportResult(staged: Int64(staged)).write(to: &writer) }
            }
            let places = try ImportParams.places(
                in: document, firstIndex: staging.count(of: params.token, connection: connection),
                maximumPlaces: maximumPlaces, readingGPXWith: GPXImport.places)
            try checkVisitDates(places.lazy.map(\.draft.visitedAt))
            let staged = try staging.add(
                places, to: params.token, connection: connection, maximumPlaces: maximumPlaces)
            return .success { writer in StagedImportResult(staged: Int64(staged)).write(to: &writer) }
        case .importCommit:
            let params = try ImportCommitParams.decode(request.params)
            let contents = try staging.take(params.token, connection: connection)
            var places = contents.places
            if !contents.gpxText.isEmpty {
                let read = try ImportParams.places(
                    in: .gpx(contents.gpxText), firstIndex: places.count, maximumPlaces: maximumPlaces,
                    readingGPXWith: GPXImport.places)
                try checkVisitDates(read.lazy.map(\.draft.visitedAt))
                places += read
            }
            return .mutation(.importPlaces(places.map { PlaceImport(id: $0.id, draft: $0.draft) }, params.options))
        case .importAbort:
            let params = try ImportAbortParams.decode(request.params)
            let dropped = try staging.take(params.token, connection: connection).places.count
            return .success { writer in StagedImportResult(staged: Int64(dropped)).write(to: &writer) }
        default:
            let params = try ImportParams.decode(
                request.params, maximumPlaces: maximumPlaces, readingGPXWith: GPXImport.places)
            try checkVisitDates(params.places.lazy.map(\.draft.visitedAt))
            return .mutation(
                .importPlaces(params.places.map { PlaceImport(id: $0.id, draft: $0.draft) }, params.options))
        }
    }
}
