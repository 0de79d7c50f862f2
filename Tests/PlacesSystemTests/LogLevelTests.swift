import PlacesSystem
import Testing

@Suite struct LogLevelTests {
    @Test(arguments: [
        ("emerg", LogLevel.emergency), ("emergency", .emergency), ("alert", .alert), ("crit", .critical),
        ("critical", .critical), ("err", .error), ("error", .error), ("ERROR", .error), ("warning", .warning),
        ("warn", .warning), ("Notice", .notice), ("info", .info), ("debug", .debug), ("0", .emergency),
        ("3", .error), ("4", .warning), ("7", .debug),
    ])
    func parsesNamesAndDigits(text: String, expected: LogLevel) {
        #expect(LogLevel(name: text) == expected)
    }

    @Test(arguments: ["", "8", "-1", "verbose", "warnings", " info", "10"])
    func rejectsOtherText(text: String) {
        #expect(LogLevel(name: text) == nil)
    }

    @Test func namesRoundTripAndOrderBySeverity() {
        for level in LogLevel.allCases {
            #expect(LogLevel(name: level.name) == level)
        }
        #expect(
            LogLevel.allCases.map(\.name) == [
                "emergency", "alert", "critical", "error", "warning", "notice", "info", "debug",
            ])
        #expect(LogLevel.error < LogLevel.warning)
        #expect(LogLevel.allCases == LogLevel.allCases.sorted())
    }
}
