import PlacesGPX
import PlacesModel
import PlacesProtocol

/// Runs every method's params decoder over each request's params and checks what each accepts or refuses.
///
/// Every decoder sees every params object, whatever the method, so the fuzzer need not guess a method name
/// to reach a decoder. What a decoder accepts is checked against the place rules and written back as params,
/// which must decode to the same value; accepted places are kept for the export checks.
struct ParamsCheck {
    /// Places made from accepted drafts and patches, at most `PlaceSample.maximumCount`.
    var places: [Place] = []
    /// Picks ids, owners, versions and times for those places.
    var random: FuzzRandom

    /// Creates a check that picks with `random`.
    init(random: FuzzRandom) {
        self.random = random
    }

    /// Runs every decoder over `params` (nil when the request has none).
    mutating func run(_ params: JSONObject?) throws(FuzzViolation) {
        if case .success(let add) = try attempt(AddParams.decode, params) { try checkAdd(add, params) }
        let get = try attempt(GetParams.decode, params)
        try checkID(params, get.map(\.id))
        if case .success(let get) = get { try checkGet(get) }
        try checkList(attempt(ListParams.decode, params), params)
        let update = try attempt(UpdateParams.decode, params)
        try checkID(params, update.map(\.id))
        if case .success(let update) = update { try checkUpdate(update) }
        let remove = try attempt(RemoveParams.decode, params)
        try checkID(params, remove.map(\.id))
        if case .success(let remove) = remove { try checkRemove(remove) }
        let move = try attempt(MoveParams.decode, params)
        try checkID(params, move.map(\.id))
        if case .success(let move) = move { try checkMove(move) }
        try checkNear(attempt(NearParams.decode, params), params)
        if case .success(let density) = try attempt(DensityParams.decode, params) {
            let members = density.encoded.members.map { ($0.key, Optional($0.value)) }
            try require(
                try decodeAgain(DensityParams.decode, members) == density, "params.density",
                "density params written back decode differently")
        }
        if case .success(let watch) = try attempt(WatchParams.decode, params) {
            try require(
                try decodeAgain(WatchParams.decode, [("allUsers", .bool(watch.allUsers))]) == watch, "params.watch",
                "watch params written back decode differently")
        }
        if case .success(let export) = try attempt(ExportParams.decode, params) {
            let members: [(String, JSONValue?)] = [
                ("format", .string(export.format.rawValue)), ("allUsers", .bool(export.allUsers)),
            ]
            try require(
                try decodeAgain(ExportParams.decode, members) == export, "params.export",
                "export params written back decode differently")
        }
        let isEmpty = params?.members.isEmpty ?? true
        let empty = try attempt(EmptyParams.decode, params)
        let isAccepted = (try? empty.get()) != nil
        try require(
            isAccepted == isEmpty, "params.empty",
            "EmptyParams \(isAccepted ? "accepted" : "refused") params with \(params?.members.count ?? 0) members")
        if case .success(let unlock) = try attempt(UnlockParams.decode, params) { try checkUnlock(unlock) }
        if case .success(let imported) = try attempt(Self.decodeImport, params, nested: true) {
            try checkImport(imported)
        }
    }

    /// `places.import` params as the daemon decodes them, GPX and CSV included (KML and KMZ are refused as not read).
    static func decodeImport(_ params: JSONObject?) throws(RPCError) -> ImportParams {
        try ImportParams.decode(params, maximumPlaces: .max) { (text, format, maximumPlaces) throws(RPCError) in
            guard format == .gpx else { return try ImportParams.readHere(text, format, maximumPlaces: maximumPlaces) }
            return try GPXImport.document(from: text, maximumPlaces: maximumPlaces)
        }
    }

    /// Decodes `params`, checking the error's shape when the decoder refuses them.
    func attempt<Params>(
        _ decode: (JSONObject?) throws(RPCError) -> Params,
        _ params: JSONObject?,
        nested: Bool = false
    ) throws(FuzzViolation) -> Result<Params, RPCError> {
        do throws(RPCError) {
            return .success(try decode(params))
        } catch {
            try Self.checkError(error, params: params, nested: nested)
            return .failure(error)
        }
    }

    /// Decodes params built from a decoded value, which must be accepted.
    func decodeAgain<Params>(
        _ decode: (JSONObject?) throws(RPCError) -> Params,
        _ members: [(String, JSONValue?)]
    ) throws(FuzzViolation) -> Params {
        do throws(RPCError) {
            return try decode(ParamsObject.make(members))
        } catch {
            throw FuzzViolation(check: "params.reencode", detail: "decoded params written back are refused: \(error)")
        }
    }

    /// Keeps a place for the export checks.
    mutating func remember(_ place: Place) {
        if places.count < PlaceSample.maximumCount { places.append(place) }
    }

    /// A -32602 whose data names the field and the reason, and whose message says both.
    static func checkError(_ error: RPCError, params: JSONObject?, nested: Bool) throws(FuzzViolation) {
        try require(error.code == RPCErrorCode.invalidParams, "params.code", "a decoder threw code \(error.code)")
        guard case .object(let data)? = error.data, data.members.count == 2,
            case .string(let field) = data["field"], case .string(let reason) = data["reason"]
        else {
            throw FuzzViolation(check: "params.errorData", detail: "the error data is not {field, reason}")
        }
        try require(
            error.message == "Invalid params: \(field) \(reason).", "params.errorMessage",
            "the message \(error.message.debugDescription) does not name \(field) and \(reason)")
        if reason == "is not a known parameter" && !nested {
            try require(
                params?.members.contains { $0.key == field } ?? false, "params.unknownKey",
                "\(field.debugDescription) is called unknown but is not in the params")
        }
        try EnvelopeCheck.checkErrorReply(id: .number(JSONNumber(1)), error: error)
    }
}
