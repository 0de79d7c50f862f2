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

    @Test(
        "RFC 3339 read back to the same milliseconds, year 0 included",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00.000Z"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
            (-62_162_121_600_001, "0000-02-28T23:59:59.999Z"),
            (-62_162_035_200_000, "0000-03-01T00:00:00.000Z"),
            (-62_135_596_800_001, "0000-12-31T23:59:59.999Z"),
            (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
        ])
    func parsing(milliseconds: Int64, text: String) {
        #expect(Timestamp(rfc3339: text)?.millisecondsSinceEpoch == milliseconds)
        #expect(Timestamp(millisecondsSinceEpoch: milliseconds).description == text)
    }

    @Test("year 0 is a leap year") func leapDayOfYearZero() {
        #expect(Timestamp(rfc3339: "0000-02-29")?.millisecondsSinceEpoch == -62_162_121_600_000)
    }
}
