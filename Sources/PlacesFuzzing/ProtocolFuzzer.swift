import PlacesProtocol

/// Everything the daemon does with a client's bytes before it touches the store, checked on one input.
///
/// The bytes are framed into lines several ways (the daemon's limit, a small limit, a limit at a line's
/// length, and for some inputs many copies of the input), each in pieces whose sizes the input decides.
/// Each line is parsed, checked as a JSON text, read as a request envelope and as a client reads a response,
/// and every request's params go through every decoder; the places that decode are exported and imported. The
/// whole input is also read as a GPX, a KML, a KMZ and a CSV document for `places.import`, and the places are
/// exported as KML and CSV and read back.
public enum ProtocolFuzzer {
    /// The daemon's default `max-line-bytes`.
    static let daemonLineLimit = 1 << 20
    /// How many bytes the repeated stream reaches, past the framer's 4 KiB compaction threshold.
    static let repeatedStreamBytes = 9000

    /// Checks `data` and throws the first broken invariant.
    public static func check(_ data: UnsafeRawBufferPointer) throws(FuzzViolation) {
        var random = FuzzRandom(seededBy: data)
        let lines = try FramingCheck.run(data, maximumLineBytes: daemonLineLimit, random: &random)
        _ = try FramingCheck.run(data, maximumLineBytes: random.pick(0...80), random: &random)
        let lengths = ReferenceFramer.lineLengths(data, limit: 8)
        let boundary = max(0, lengths[random.pick(0...(lengths.count - 1))] + random.pick(-1...1))
        _ = try FramingCheck.run(data, maximumLineBytes: boundary, random: &random)
        if !data.isEmpty && random.oneIn(16) {
            try checkRepeatedStream(data, random: &random)
        }

        var params = ParamsCheck(random: random)
        for line in lines {
            let value = try JSONCheck.run(line)
            let requests = try EnvelopeCheck.run(line, value: value)
            try ResponseCheck.run(line, value: value)
            // Params by position reach no decoder: the method refuses them.
            for request in requests where !request.hasPositionalParams {
                try params.run(request.params)
            }
        }
        try ExportCheck.check(params.places, includeOwner: random.oneIn(2))
        try CSVCheck.check(params.places)
        try GPXCheck.checkDocument(data, maximumPlaces: random.pick(0...PlaceSample.maximumCount))
        try KMLCheck.checkExport(params.places)
        try KMLCheck.checkDocument(data, maximumPlaces: random.pick(0...PlaceSample.maximumCount))
        try CSVCheck.checkDocument(data, maximumPlaces: random.pick(0...PlaceSample.maximumCount))
    }

    /// Frames enough copies of `data` that the framer drops consumed bytes while lines are still buffered.
    private static func checkRepeatedStream(
        _ data: UnsafeRawBufferPointer,
        random: inout FuzzRandom
    ) throws(FuzzViolation) {
        var stream: [UInt8] = []
        stream.reserveCapacity(repeatedStreamBytes + data.count)
        while stream.count < repeatedStreamBytes {
            stream.append(contentsOf: data)
        }
        let result = stream.withUnsafeBytes { bytes in
            Result { () throws(FuzzViolation) in
                try FramingCheck.run(bytes, maximumLineBytes: daemonLineLimit, random: &random)
            }
        }
        _ = try result.get()
    }
}
