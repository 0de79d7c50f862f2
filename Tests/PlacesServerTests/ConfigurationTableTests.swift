import Foundation
import Testing

@testable import PlacesServer

/// The configuration table is the one place a key is declared: the manual pages, the packaged configuration
/// file and `--help` must say what it says.
@Suite("Configuration table")
struct ConfigurationTableTests {
    private static let root = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    private static func file(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// `text` as roff writes it: every `-` escaped.
    private static func roff(_ text: String) -> String {
        text.replacingOccurrences(of: "-", with: "\\-")
    }

    /// The paragraph of a manual page that starts with the line `heading`, up to the next paragraph.
    private static func paragraph(after heading: String, in page: String) -> String? {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return nil }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix(".TP") || $0.hasPrefix(".SH") || $0.hasPrefix(".SS") } ?? rest.endIndex
        return rest[..<end].joined(separator: " ")
    }

    /// The default as a manual page must give it, for keys whose default does not depend on the environment.
    private static func fixedDefault(of key: ConfigurationKey) -> String? {
        key.setting.defaultText == nil ? key.defaultText : nil
    }

    @Test(
        "placesd(8) describes every key with its placeholder, default and bounds", arguments: ConfigurationKey.allCases)
    func daemonPage(key: ConfigurationKey) throws {
        let heading = ".BI \\-\\-\(Self.roff(key.rawValue)) \" \(key.setting.placeholder)\""
        let text = try #require(
            Self.paragraph(after: heading, in: try Self.file("man/placesd.8")), "placesd(8) has no '\(heading)'")
        if let value = Self.fixedDefault(of: key) {
            #expect(text.contains("default: \(Self.roff(value))"), "placesd(8) on \(key.rawValue): \(text)")
        }
        if let minimum = key.setting.minimum {
            #expect(text.contains("at least \(minimum)"), "placesd(8) on \(key.rawValue): \(text)")
        }
    }

    @Test(
        "placesd.conf(5) describes every key with its placeholder, default and bounds",
        arguments: ConfigurationKey.allCases)
    func filePage(key: ConfigurationKey) throws {
        let heading = ".BI \"\(Self.roff(key.rawValue)) = \" \(key.setting.placeholder)"
        let text = try #require(
            Self.paragraph(after: heading, in: try Self.file("man/placesd.conf.5")),
            "placesd.conf(5) has no '\(heading)'")
        if let value = Self.fixedDefault(of: key) {
            #expect(text.contains("default: \(Self.roff(value))"), "placesd.conf(5) on \(key.rawValue): \(text)")
        }
        if let minimum = key.setting.minimum {
            #expect(text.contains("at least \(minimum)"), "placesd.conf(5) on \(key.rawValue): \(text)")
        }
    }

    @Test("The packaged placesd.conf shows every key with a fixed default, commented out at that default")
    func packagedFile() throws {
        let lines = try Self.file("packaging/placesd.conf").split(separator: "\n").map(String.init)
        for key in ConfigurationKey.allCases {
            guard let value = Self.fixedDefault(of: key) else { continue }
            #expect(
                lines.contains("#\(key.rawValue) = \(value)"),
                "packaging/placesd.conf lacks '#\(key.rawValue) = \(value)'")
        }
    }

    @Test("--help shows every key with its placeholder and default", arguments: ConfigurationKey.allCases)
    func help(key: ConfigurationKey) {
        let help = DaemonCommandLine.helpText.split(separator: "\n").joined(separator: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        #expect(help.contains("--\(key.rawValue) \(key.setting.placeholder)"))
        #expect(help.contains("(default: \(key.defaultText)"), "\(key.rawValue)")
    }

    @Test("A reload warns about every changed key it cannot apply, and about no other")
    func reloadDiff() {
        let old = ServerConfiguration(environment: [:], uid: 1000)
        for key in ConfigurationKey.allCases {
            var new = old
            let changed =
                key == .socketMode
                ? "0644" : key == .logLevel ? "debug" : key.setting.minimum.map { "\($0 + 1)" } ?? "7"
            #expect(throws: Never.self) {
                try key.apply(
                    key == .socket || key == .database || key == .keyFile || key == .adminGroup ? "/x" : changed,
                    to: &new)
            }
            #expect(key.setting.value(old) != key.setting.value(new), "\(key.rawValue) changed")
            for other in ConfigurationKey.allCases where other != key {
                #expect(other.setting.value(old) == other.setting.value(new), "\(other.rawValue) unchanged")
            }
        }
    }
}
