import PlacesModel
import PlacesProtocol

/// The OpenRPC 1.2 description of every `Method`, which `rpc.discover` returns.
enum OpenRPCDocument {
    /// The document as compact JSON, encoded once.
    static let bytes: [UInt8] = value.jsonBytes

    /// The document.
    static let value: JSONValue = [
        "openrpc": "1.2.6",
        "info": [
            "title": "placesd",
            "version": .string(DaemonCommandLine.version),
            "description":
                "A person's list of places over newline-delimited JSON-RPC 2.0 on a Unix socket. Each place belongs to the user who added it (SO_PEERCRED).",
        ],
        "methods": .array(Method.allCases.map(describe)),
        "components": [
            "schemas": [
                "Place": WirePlace.schema,
                "PlaceID": ["type": "string", "format": "uuid", "description": "The place's UUID; any case on input."],
                "Latitude": ["type": "number", "minimum": -90, "maximum": 90],
                "Point": [
                    "type": "object", "required": ["latitude", "longitude"],
                    "properties": [
                        "latitude": ["$ref": "#/components/schemas/Latitude"],
                        "longitude": ["$ref": "#/components/schemas/Longitude"],
                    ],
                ],
                "Longitude": ["type": "number", "minimum": -180, "maximum": 180],
            ],
            "errors": .object(JSONObject(errorValues)),
        ],
    ]

    private static let errors: [(name: String, code: Int, message: String)] = [
        ("NotFound", RPCErrorCode.notFound, "No place with that id for this caller."),
        (
            "Conflict", RPCErrorCode.conflict,
            "ifVersion did not match (data.currentVersion), or an imported id is in use."
        ),
        (
            "PermissionDenied", RPCErrorCode.permissionDenied,
            "The caller may not do this (allUsers without being an administrator)."
        ),
        (
            "Locked", RPCErrorCode.locked,
            "The store is encrypted and not unlocked yet, or server.unlock was given a key that does not open it."
        ),
        ("StorageFailure", RPCErrorCode.storageFailure, "The disk refused the write; nothing was changed."),
        ("LimitReached", RPCErrorCode.limitReached, "Too many places, connections or subscriptions."),
        (
            "OutcomeUnknown", RPCErrorCode.outcomeUnknown,
            "The change's commit went out but its outcome is not known (the database went away, or did not confirm it): it may or may not have been saved."
        ),
        (
            "InvalidParams", RPCErrorCode.invalidParams,
            "A parameter is missing, unknown, of the wrong type or out of range; data names the field and the reason."
        ),
    ].map { ($0.0, $0.1, $0.2) }

    private static var errorValues: [(key: String, value: JSONValue)] {
        errors.map { error in
            (error.name, ["code": .number(JSONNumber(error.code)), "message": .string(error.message)])
        }
    }

    private static func errorRefs(_ names: [String]) -> JSONValue {
        .array((["InvalidParams"] + names).map { ["$ref": .string("#/components/errors/\($0)")] })
    }

    static func param(_ name: String, _ schema: JSONValue, required: Bool = false, _ summary: String)
        -> JSONValue
    {
        ["name": .string(name), "required": .bool(required), "summary": .string(summary), "schema": schema]
    }

    /// The params of the fields a client sets, in the params' order: as `places.update` takes them (each optional)
    /// when `isUpdate`, else as `places.add` does.
    private static func placeParams(isUpdate: Bool) -> [JSONValue] {
        PlaceField.draftFields.compactMap { field in
            field.param.map {
                isUpdate
                    ? param(field.text, $0.schema, $0.updateSummary)
                    : param(field.text, $0.schema, required: $0.isRequiredToAdd, $0.addSummary)
            }
        }
    }

    private static let allUsers = param(
        "allUsers", ["type": "boolean"], "Root and the admin group: every user's places, each with its owner.")
    private static let ifVersion = param(
        "ifVersion", ["type": "integer", "minimum": 1], "Only if the place is still at this version.")
    private static let placeResult = result("place", ref("Place"))
    /// The `id` param of the methods that act on one place.
    private static let placeID = param(PlaceField.id.text, ref("PlaceID"), required: true, "The place.")
    /// The errors a change to one place can end in.
    private static let placeChangeErrors = ["NotFound", "Conflict", "StorageFailure", "OutcomeUnknown", "Locked"]

    /// A method's result: its name and its schema.
    static func result(_ name: String, _ schema: JSONValue) -> JSONValue {
        ["name": .string(name), "schema": schema]
    }

    static func ref(_ schema: String) -> JSONValue {
        WireSchema.ref(schema)
    }

    static func method(
        _ method: Method, _ summary: String, params: [JSONValue], result: JSONValue, errors: [String] = []
    ) -> JSONValue {
        [
            "name": .string(method.rawValue), "summary": .string(summary), "paramStructure": "by-name",
            "params": .array(params), "result": result, "errors": errorRefs(errors),
        ]
    }

    private static func describe(_ method: Method) -> JSONValue {
        switch method {
        case .add:
            return Self.method(
                method, "Adds a place; answered once it is on disk.",
                params: placeParams(isUpdate: false),
                result: placeResult, errors: ["LimitReached", "StorageFailure", "OutcomeUnknown", "Locked"])
        case .get:
            return Self.method(
                method, "Returns one of the caller's places.",
                params: [placeID, allUsers],
                result: placeResult, errors: ["NotFound", "PermissionDenied", "Locked"])
        case .list:
            return Self.method(
                method, "Lists the caller's places, sorted, filtered and paged.",
                params: selectionParams(defaultSort: .position) + listParams + [allUsers],
                result: result("page", ListPage.schema), errors: ["NotFound", "PermissionDenied", "Locked"])
        case .update:
            return Self.method(
                method, "Changes some fields of a place; its version grows by one.",
                params: [placeID]
                    + placeParams(isUpdate: true) + [
                        param(
                            UpdateParams.addTagsKey, WirePlace.tagsSchema,
                            "Tags to add to the place's own as they are when the change is made."),
                        param(
                            UpdateParams.removeTagsKey, WirePlace.tagsSchema,
                            "Tags to take off the place's own (ignoring case and accents); applied before addTags."),
                        ifVersion,
                    ],
                result: placeResult, errors: placeChangeErrors + ["LimitReached"])
        case .remove:
            return Self.method(
                method, "Removes a place.",
                params: [placeID, ifVersion],
                result: result("removed", RemoveResult.schema),
                errors: placeChangeErrors)
        case .move:
            return Self.method(
                method, "Moves a place to another position in the caller's list; versions do not change.",
                params: [
                    placeID,
                    param(
                        "index", ["type": "integer", "minimum": 0], required: true,
                        "0-based target; clamped to the end."),
                    ifVersion,
                ],
                result: result("moved", MoveResult.schema),
                errors: placeChangeErrors)
        case .near:
            return Self.method(
                method,
                "The caller's places nearest to a point or a place, nearest first, with great-circle distances in metres.",
                params: nearParams + selectionParams(defaultSort: .distance),
                result: result("nearest", NearResults.schema), errors: ["NotFound", "Locked"])
        case .density:
            return Self.method(
                method,
                "Counts the caller's places (visited and unvisited apart) in each cell of a grid over a box, with the places nearest to each cell's centre, for drawing a map.",
                params: densityParams + filterParams, result: result("density", DensityResult.schema),
                errors: ["Locked"])
        case .resolve:
            return Self.method(
                method, "The caller's places a name, the beginning of one, or an id prefix names.",
                params: resolveParams, result: result("resolved", ResolveResult.schema), errors: ["Locked"])
        case .tags:
            return Self.method(
                method, "Each of the caller's tags, as first written, with how many places hold it, by folded tag.",
                params: [], result: result("tags", TagsResult.schema), errors: ["Locked"])
        case .watch:
            return Self.method(
                method,
                "Returns a snapshot (or, with since, the changes after that revision from the change log), then sends places.changed notifications for every committed change, starting at revision + 1; places.overflow ends a subscription that falls behind.",
                params: [
                    allUsers,
                    param(
                        WatchParams.sinceKey, ["type": "integer", "minimum": 0],
                        "Resume after this revision: no snapshot, the changes after it instead; -32602 with data.oldestRevision when the change log no longer reaches back."
                    ),
                ],
                result: result("snapshot", WatchResult.schema), errors: ["PermissionDenied", "Locked", "InvalidParams"])
        case .importPlaces, .importBegin, .importAdd, .importCommit, .importAbort:
            return describeImport(method)
        case .export:
            return Self.method(
                method,
                "Returns the caller's places as a JSON array, a GeoJSON FeatureCollection, GPX 1.1, KML 2.2, KMZ (a "
                    + "zipped KML document, as base64) or CSV.",
                params: [
                    param(
                        "format", ["enum": .array(ExportFormat.allCases.map { .string($0.rawValue) })], required: true,
                        "The document's format."),
                    allUsers,
                    param(
                        ExportParams.groupByTagKey, ["type": "boolean"],
                        "kml and kmz only: one Folder per tag, each place in the Folder of its first tag (places "
                            + "without tags at the top), instead of a flat list."),
                ],
                result: result("export", ExportResult.schema), errors: ["PermissionDenied", "Locked"])
        case .undo:
            return Self.method(
                method,
                "Reverts the caller's last changes, newest first, as new changes (all or nothing); a second undo reverts the change before the ones reverted, never redoes them. -32002 when there is nothing to undo, the change log no longer holds the change, or the place changed since.",
                params: [
                    param(
                        UndoParams.countKey,
                        ["type": "integer", "minimum": 1, "maximum": .number(JSONNumber(UndoParams.maximumCount))],
                        "How many changes to revert; default 1.")
                ],
                result: result(HistoryItem.undoneKey.description, HistoryItem.listSchema(HistoryItem.undoneKey)),
                errors: ["Conflict", "LimitReached", "StorageFailure", "OutcomeUnknown", "Locked"])
        case .history:
            return Self.method(
                method, "The caller's recent changes from the change log, newest first.",
                params: [
                    param(PlaceField.id.text, ref("PlaceID"), "Only this place's changes."),
                    param(
                        HistoryParams.limitKey,
                        ["type": "integer", "minimum": 1, "maximum": .number(JSONNumber(HistoryParams.maximumLimit))],
                        "At most this many; default 20."),
                ],
                result: result(HistoryItem.changesKey.description, HistoryItem.listSchema(HistoryItem.changesKey)),
                errors: ["Locked"])
        case .status:
            return Self.method(
                method, "Describes the daemon and the caller's places.", params: [],
                result: result("status", ServerStatus.schema))
        case .unlock:
            return Self.method(
                method,
                "Unlocks an encrypted store with its key (root, the admin group and the daemon's own user only); wrong "
                    + "keys are counted, logged and, after three in a row, answered more and more slowly.",
                params: [
                    param(
                        UnlockParams.keyKey, ["type": "string", "contentEncoding": "base64"], required: true,
                        "The base64 text of the store's 32-byte key.")
                ],
                result: result("unlocked", UnlockResult.schema),
                errors: ["PermissionDenied", "Locked"])
        case .backup:
            return Self.method(
                method,
                "Copies the whole store, while it is served, into a SQLite file in placesd's format (root, the admin "
                    + "group and the daemon's own user only; sealed rows stay sealed); one backup at a time.",
                params: [
                    param(BackupParams.pathKey, ["type": "string"], "The backup file's absolute path (or directory)."),
                    param(
                        BackupParams.directoryKey, ["type": "string"],
                        "An absolute directory: the file is named places-YYYYMMDDTHHMMSSZ.sqlite there (UTC)."),
                    param(
                        BackupParams.keepKey, ["type": "integer", "minimum": 1, "maximum": 1000],
                        "With directory: once the backup is complete, remove the oldest backups beyond this many."),
                ],
                result: result("backup", BackupResult.schema),
                errors: ["PermissionDenied", "InvalidParams", "StorageFailure", "LimitReached"])
        case .discover:
            return Self.method(
                method, "Returns this OpenRPC document.", params: [],
                result: result("document", WireSchema.type("object")))
        }
    }
}
