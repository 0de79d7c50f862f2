import PlacesClient
import PlacesModel
import PlacesProtocol

/// Sends an import document to the daemon as a staged import: `places.import.begin`, the places in parts that
/// each fit in one of the daemon's request lines (`places.import.add`), then `places.import.commit` with the
/// options, so that a file of any size is imported at once, all or nothing, whatever placesd's `max-line-bytes`.
///
/// A daemon without staged imports (an older placesd) gets the whole document in one `places.import` instead.
struct ImportUpload {
    /// What a request line holds besides its part's places: the envelope, the method, the token.
    static let envelopeBytes = 1024

    /// The daemon to send to.
    let context: CommandContext
    /// Where the progress shows, on a terminal.
    let bar: ProgressBar?

    /// Imports `document` with `options` and returns the daemon's result.
    func run(_ document: ImportParams.Document, options: ImportOptions) throws(ClientError) -> JSONValue {
        let begun: ImportBeginResult
        do throws(ClientError) {
            let result = try context.callReportingClientErrors(Method.importBegin.rawValue)
            do {
                begun = try ImportBeginResult.decode(result)
            } catch {
                throw ClientError.protocolViolation("\(Method.importBegin.rawValue): \(error)")
            }
        } catch {
            guard case .rpc(let refusal) = error, refusal.code == RPCErrorCode.methodNotFound else { throw error }
            return try context.callReportingClientErrors(
                ImportParams.method.rawValue, .object(oneRequest(document, options: options)), progress: progress(0))
        }
        let parts = Self.parts(of: document, lineBytes: Int(begun.maxLineBytes))
        let total = parts.reduce(0) { $0 + $1.bytes }
        var sent = 0
        for part in parts {
            let params = ImportAddParams(token: begun.token, part: part.content)
            _ = try context.callReportingClientErrors(params, progress: progress(sent, total: total))
            sent += part.bytes
        }
        if total > ProgressBar.threshold {
            bar?.show("Waiting for placesd to import \(ProgressBar.mebibytes(total)) MiB…")
        }
        return try context.callReportingClientErrors(ImportCommitParams(token: begun.token, options: options))
    }

    /// The params of `places.import` for `document` and `options`, for a daemon without staged imports.
    private func oneRequest(_ document: ImportParams.Document, options: ImportOptions) -> JSONObject {
        var params = document.encoded
        params.members += ImportCommitParams(token: "", options: options).encoded.members.filter {
            $0.key != ImportAddParams.tokenKey
        }
        return params
    }

    /// The bar's update for a request of a part whose first byte is the import's `before`-th of `total`.
    private func progress(_ before: Int, total: Int? = nil) -> ((Int, Int) -> Void)? {
        bar.map { bar in
            { sent, requestTotal in
                let whole = total ?? requestTotal
                guard whole > ProgressBar.threshold else { return }
                bar.update("Sending", done: min(before + sent, whole), total: whole)
            }
        }
    }

    /// One part of an import: what it holds and about how many bytes of the file that is.
    struct Part {
        /// The part: places in the form of the whole, or a piece of a document's text.
        let content: ImportAddParams.Part
        /// The bytes of its places' JSON, or of its text.
        let bytes: Int

        /// The places of a part that holds places; nil for a piece of text.
        var document: ImportParams.Document? { content.document }

        /// A part of places.
        init(document: ImportParams.Document, bytes: Int) {
            self.content = .document(document)
            self.bytes = bytes
        }

        /// A piece of a document's text in `format`.
        init(text: String, format: ImportTextFormat) {
            self.content = .text(text, format)
            self.bytes = text.utf8.count
        }
    }

    /// `document` cut into parts whose request lines fit in `lineBytes`: an array of places, or a GeoJSON
    /// collection's features, a run of whole elements at a time; a document sent as text (GPX, KML, CSV, or KMZ's
    /// base64) too large for one line goes as pieces of its text (placesctl reads none of them), which the daemon
    /// joins and reads at the commit.
    static func parts(of document: ImportParams.Document, lineBytes: Int) -> [Part] {
        let budget = max(lineBytes - envelopeBytes, 1)
        switch document {
        case .places(.array(let elements)):
            return runs(of: elements, budget: budget).map {
                Part(document: .places(.array($0.elements)), bytes: $0.bytes)
            }
        case .geojson(.object(let collection)):
            if case .array(let features)? = collection["features"] {
                return runs(of: features, budget: budget).map { run in
                    var part = JSONObject(collection.members.filter { $0.key != "features" })
                    part.members.append((key: "features", value: .array(run.elements)))
                    return Part(document: .geojson(.object(part)), bytes: run.bytes)
                }
            }
        case .text(let text, let format):
            let pieces = Self.pieces(of: text, budget: budget)
            if pieces.count > 1 { return pieces.map { Part(text: $0, format: format) } }
        default:
            break
        }
        // Sent whole: the daemon reads it, and refuses what it would refuse in one request.
        return [Part(document: document, bytes: document.encoded.members.first?.value.jsonBytes.count ?? 0)]
    }

    /// `text` in pieces whose JSON strings fit in `budget` bytes, cut between Unicode scalars (joined, they are
    /// `text` again); one piece when it fits whole.
    static func pieces(of text: String, budget: Int) -> [String] {
        var text = text
        return text.withUTF8 { utf8 in
            var pieces: [String] = []
            var start = 0
            var bytes = 2
            // By the UTF-8 bytes, not by decoded scalars: a scalar's size is known from its first byte.
            for index in utf8.indices {
                // What a JSON writer may take for the scalar starting here at most: an escape for a quote, a
                // backslash or a control character, its UTF-8 bytes otherwise; nothing for the rest of its bytes.
                let size =
                    switch utf8[index] {
                    case 0..<0x20: 6
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"): 2
                    case 0x80..<0xC0: 0
                    case 0xF0...: 4
                    case 0xE0...: 3
                    case 0xC0...: 2
                    default: 1
                    }
                if bytes + size > budget, index > start, size > 0 {
                    pieces.append(String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<index]), as: UTF8.self))
                    start = index
                    bytes = 2
                }
                bytes += size
            }
            if start < utf8.count || pieces.isEmpty {
                pieces.append(String(decoding: UnsafeBufferPointer(rebasing: utf8[start...]), as: UTF8.self))
            }
            return pieces
        }
    }

    /// `elements` in runs whose JSON, with a comma between elements, fits in `budget` bytes (an element larger
    /// than that alone); always at least one run, so that an empty import is still sent.
    private static func runs(of elements: [JSONValue], budget: Int) -> [(elements: [JSONValue], bytes: Int)] {
        var runs: [(elements: [JSONValue], bytes: Int)] = []
        var current: [JSONValue] = []
        var bytes = 0
        for element in elements {
            var writer = JSONWriter()
            writer.write(element)
            let size = writer.bytes.count + 1
            if !current.isEmpty, bytes + size > budget {
                runs.append((current, bytes))
                current = []
                bytes = 0
            }
            current.append(element)
            bytes += size
        }
        if !current.isEmpty || runs.isEmpty { runs.append((current, bytes)) }
        return runs
    }
}
