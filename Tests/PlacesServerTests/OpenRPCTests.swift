import Foundation
import PlacesProtocol
import Testing

@testable import PlacesServer

@Suite("rpc.discover")
struct OpenRPCTests {
    @Test("docs/openrpc.json is the document the daemon serves")
    func committedCopyMatches() throws {
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let text = try String(contentsOfFile: "/" + root + "/docs/openrpc.json", encoding: .utf8)
        let committed = try JSONParser.parse(text)
        #expect(committed == OpenRPCDocument.value, "regenerate docs/openrpc.json with: make openrpc")
    }

    @Test("Every method is described once, with a summary and a result")
    func everyMethodDescribed() throws {
        let methods = try #require(OpenRPCDocument.value.objectValue?["methods"]?.arrayValue)
        let names = methods.compactMap { $0.objectValue?["name"]?.stringValue }
        #expect(names == Method.allCases.map(\.rawValue))
        for method in methods {
            #expect(method.objectValue?["summary"]?.stringValue?.isEmpty == false)
            #expect(method.objectValue?["result"] != nil)
        }
    }
}
