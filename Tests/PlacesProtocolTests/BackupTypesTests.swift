import PlacesProtocol
import Testing

/// `server.backup`'s params refuse what the daemon must not take, and its result reads back what it writes.
struct BackupTypesTests {
    private static func refusal(_ params: JSONObject) -> (field: String?, reason: String?) {
        do {
            _ = try BackupParams.decode(params)
            return (nil, nil)
        } catch {
            return (ErrorData.field(of: error), ErrorData.reason(of: error))
        }
    }

    @Test func theParamsRefuseRelativePathsBothTargetsAndAKeepOutOfRange() {
        #expect(Self.refusal(["path": "backup.sqlite"]) == ("path", "must be an absolute path"))
        #expect(Self.refusal(["directory": "backups"]) == ("directory", "must be an absolute path"))
        #expect(Self.refusal([:]) == ("path", "is required (or directory)"))
        #expect(Self.refusal(["path": "/a", "directory": "/b"]).field == "directory")
        #expect(Self.refusal(["path": "/a", "keep": 2]) == ("keep", "is only for a directory"))
        #expect(Self.refusal(["directory": "/b", "keep": 0]) == ("keep", "must be from 1 to 1000"))
        #expect(Self.refusal(["directory": "/b", "keep": 1_001]) == ("keep", "must be from 1 to 1000"))
        #expect(Self.refusal(["directory": "/b", "keep": 1_000]) == (nil, nil))
    }

    @Test func theResultRoundTripsWithAndWithoutPruned() throws {
        for pruned in [nil, [], ["/b/places-20260101T000000Z.sqlite", "/b/places-20251231T000000Z.sqlite"]] {
            let result = BackupResult(
                path: "/b/places-20260102T030405Z.sqlite", revision: 12, places: 3, bytes: 40_960, isSealed: true,
                pruned: pruned)
            var out = JSONWriter()
            result.write(to: &out)
            let text = String(decoding: out.bytes, as: UTF8.self)
            #expect(
                text.hasPrefix(
                    #"{"path":"/b/places-20260102T030405Z.sqlite","revision":12,"places":3,"bytes":40960,"sealed":true"#
                ))
            #expect(text.contains(#""pruned""#) == (pruned != nil))
            #expect(try BackupResult.decode(JSONParser.parse(out.bytes)) == result)
        }
        #expect(throws: ReplyError.missing(key: "path", kind: "string")) { try BackupResult.decode([:]) }
    }
}
