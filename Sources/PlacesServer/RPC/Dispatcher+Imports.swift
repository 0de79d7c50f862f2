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
            switch params.part {
            case .document(let document):
                let read = try ImportParams.read(
                    document, firstIndex: staging.count(of: params.token, connection: connection),
                    maximumPlaces: maximumPlaces, readingWith: ImportReading.read)
                try checkVisitDates(read.places.lazy.map(\.draft.visitedAt))
                _ = try staging.add(read, to: params.token, connection: connection, maximumPlaces: maximumPlaces)
            case .text(let text, let format):
                // Read at the commit: the count is of the places staged as places.
                try staging.add(
                    text: text, format: format, to: params.token, connection: connection, maximumPlaces: maximumPlaces)
            }
            let staged = try staging.count(of: params.token, connection: connection)
            return .success { writer in StagedImportResult(staged: Int64(staged)).write(to: &writer) }
        case .importCommit:
            let params = try ImportCommitParams.decode(request.params)
            let contents = try staging.take(params.token, connection: connection)
            var places = contents.places
            var omissions = contents.omissions
            if let (text, format) = contents.text {
                // Read as the pieces came, when that reading took it all (within this commit's limit too).
                let readAhead = contents.csvReading?.finish()
                let read = try ImportParams.read(
                    .text(text, format), firstIndex: places.count, maximumPlaces: maximumPlaces,
                    readingWith: { (text, format, maximumPlaces) throws(RPCError) in
                        if let readAhead, readAhead.places.count <= maximumPlaces { return readAhead }
                        return try ImportReading.read(text, format, maximumPlaces: maximumPlaces)
                    })
                try checkVisitDates(read.places.lazy.map(\.draft.visitedAt))
                // Taken over rather than copied when the import came as text only, as a file's does.
                if places.isEmpty { places = read.places } else { places += read.places }
                omissions.merge(read.omissions)
            }
            return .mutation(
                .importPlaces(places.map { PlaceImport(id: $0.id, draft: $0.draft) }, params.options),
                omissions: omissions)
        case .importAbort:
            let params = try ImportAbortParams.decode(request.params)
            let taken = try staging.take(params.token, connection: connection)
            taken.csvReading?.drop()
            let dropped = taken.places.count
            return .success { writer in StagedImportResult(staged: Int64(dropped)).write(to: &writer) }
        default:
            let params = try ImportParams.decode(
                request.params, maximumPlaces: maximumPlaces, readingWith: ImportReading.read)
            try checkVisitDates(params.places.lazy.map(\.draft.visitedAt))
            return .mutation(
                .importPlaces(params.places.map { PlaceImport(id: $0.id, draft: $0.draft) }, params.options),
                omissions: params.omissions)
        }
    }
}
