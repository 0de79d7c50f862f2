/// The colours of a PNG's pixels, read by a short Python script (zlib and the PNG filters, no imaging library):
/// 8-bit RGB or RGBA, not interlaced, as `rsvg-convert` writes them.
enum PNGPixels {
    /// The script: `python3 -c SCRIPT FILE X,Y...` prints `R G B A` for each point, one a line.
    static let script = """
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG'
        pos, idat = 8, b''
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b'IHDR':
                width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
                assert depth == 8 and colour in (2, 6) and interlace == 0, 'unsupported PNG'
            elif kind == b'IDAT':
                idat += body
            pos += 12 + length
        size = 4 if colour == 6 else 3
        raw = zlib.decompress(idat)
        stride = width * size
        rows, previous, at = [], bytearray(stride), 0
        for _ in range(height):
            kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
            at += 1 + stride
            for i in range(stride):
                a = line[i - size] if i >= size else 0
                b = previous[i]
                c = previous[i - size] if i >= size else 0
                if kind == 1: line[i] = (line[i] + a) & 255
                elif kind == 2: line[i] = (line[i] + b) & 255
                elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            rows.append(line)
            previous = line
        print(width, height)
        for point in sys.argv[2:]:
            x, y = (int(v) for v in point.split(','))
            pixel = rows[y][x * size:(x + 1) * size]
            print(*(list(pixel) + [255] * (4 - size)))
        """

    /// The picture's size and the colour at each point, `[r, g, b, a]`.
    static func read(
        _ path: String, at points: [(x: Int, y: Int)], in directory: TemporaryDirectory
    ) throws -> (width: Int, height: Int, colours: [[Int]]) {
        let run = try ExternalTool.python(script, [path] + points.map { "\($0.x),\($0.y)" }, in: directory)
        guard run.status == .exited(0) else { throw TestFailure("reading the PNG failed: \(run.summary)") }
        let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
        guard let size = lines.first, size.count == 2, lines.count == points.count + 1 else {
            throw TestFailure("unexpected output reading the PNG: \(run.stdout)")
        }
        return (size[0], size[1], Array(lines.dropFirst()))
    }
}
