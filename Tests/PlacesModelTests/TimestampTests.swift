import PlacesModel
import Testing

@Suite("Timestamps")
struct TimestampTests {
    @Test(
        "RFC 3339 UTC with milliseconds",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00.000Z"),
            (1_795_968_235_123, "2026-11-29T16:03:55.123Z"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (-1, "1969-12-31T23:59:59.999Z"),
            (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
        ])
    func formatting(milliseconds: Int64, expected: String) {
        #expect(Timestamp(millisecondsSinceEpoch: milliseconds).description == expected)
    }
}
