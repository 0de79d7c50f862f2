import PlacesModel
import PlacesProtocol
import Testing

/// `places.density` params: the grid, its bounds, and the filters read as `places.list` reads them.
@Suite struct DensityParamsTests {
    private static let world = #""bbox":{"south":-90,"west":-180,"north":90,"east":180}"#

    @Test func decodesTheGridAndDefaults() throws {
        let decoded = try DensityParams.decode(params("{\(Self.world),\"columns\":120,\"rows\":40}"))
        let box = try BoundingBox(south: -90, west: -180, north: 90, east: 180, field: "bbox")
        #expect(decoded == (try DensityParams(grid: DensityGrid(box: box, columns: 120, rows: 40))))
        #expect(decoded.labels == 1)
        #expect(decoded.grid.width == 360 && decoded.grid.height == 180)
        #expect(decoded.visited == nil && decoded.query == nil && decoded.tags.isEmpty)
    }

    @Test func decodesTheFiltersOfAList() throws {
        let text =
            #"{"bbox":{"south":-10,"west":170,"north":10,"east":-170},"columns":2,"rows":1,"labels":0,"#
            + #""visited":true,"query":"Tower","tag":["rome","Museums"]}"#
        let decoded = try DensityParams.decode(params(text))
        #expect(decoded.grid.box.wraps && decoded.grid.width == 20)
        #expect(decoded.labels == 0 && decoded.visited == true && decoded.query == "Tower")
        #expect(decoded.tags == ["rome", "Museums"])
        let list = try ListParams.decode(params(#"{"visited":true,"query":"Tower","tag":["rome","Museums"]}"#))
        #expect((list.visited, list.query, list.tags) == (decoded.visited, decoded.query, decoded.tags))
    }

    static let invalid: [(String, String, String)] = [
        (#"{"columns":1,"rows":1}"#, "bbox", "is required"),
        ("{\(world),\"rows\":1}", "columns", "is required"),
        ("{\(world),\"columns\":1}", "rows", "is required"),
        (
            #"{"bbox":{"south":10,"west":0,"north":-10,"east":1},"columns":1,"rows":1}"#, "bbox",
            "must have south (10.0) at most north (-10.0)"
        ),
        (
            #"{"bbox":{"south":10,"west":0,"north":10,"east":1},"columns":1,"rows":1}"#, "bbox",
            "must have south (10.0) below north (10.0): a grid needs a height"
        ),
        (
            #"{"bbox":{"south":0,"west":5,"north":1,"east":5},"columns":1,"rows":1}"#, "bbox",
            "must have west and east apart (both 5.0): a grid needs a width"
        ),
        (
            #"{"bbox":{"south":-91,"west":0,"north":1,"east":1},"columns":1,"rows":1}"#, "bbox.south",
            "must be between -90 and 90"
        ),
        (
            #"{"bbox":{"south":0,"west":0,"north":1,"east":181},"columns":1,"rows":1}"#, "bbox.east",
            "must be between -180 and 180"
        ),
        (#"{"bbox":{"south":0,"west":0,"north":1},"columns":1,"rows":1}"#, "bbox.east", "is required"),
        (#"{"bbox":[0,0,1,1],"columns":1,"rows":1}"#, "bbox", "must be an object with south, west, north and east"),
        ("{\(world),\"columns\":0,\"rows\":1}", "columns", "must be between 1 and 1000, not 0"),
        ("{\(world),\"columns\":1,\"rows\":1001}", "rows", "must be between 1 and 1000, not 1001"),
        ("{\(world),\"columns\":-1,\"rows\":1}", "columns", "must be a non-negative integer"),
        ("{\(world),\"columns\":2.5,\"rows\":1}", "columns", "must be a non-negative integer"),
        ("{\(world),\"columns\":\"120\",\"rows\":1}", "columns", "must be a non-negative integer"),
        (
            "{\(world),\"columns\":1000,\"rows\":201}", "columns",
            "× rows must be at most 200000 cells, not 1000 × 201 = 201000"
        ),
        ("{\(world),\"columns\":1,\"rows\":1,\"labels\":11}", "labels", "must be between 0 and 10, not 11"),
        ("{\(world),\"columns\":1,\"rows\":1,\"labels\":-1}", "labels", "must be a non-negative integer"),
        (
            "{\(world),\"columns\":1000,\"rows\":40,\"labels\":6}", "labels",
            "× cells must be at most 200000, not 6 × 40000: at most 5 for 40000 cells"
        ),
        ("{\(world),\"columns\":1,\"rows\":1,\"visited\":\"yes\"}", "visited", "must be a boolean"),
        ("{\(world),\"columns\":1,\"rows\":1,\"query\":1}", "query", "must be a string"),
        ("{\(world),\"columns\":1,\"rows\":1,\"tag\":\"\"}", "tag", "must not be empty"),
        ("{\(world),\"columns\":1,\"rows\":1,\"sort\":\"name\"}", "sort", "is not a known parameter"),
        ("{\(world),\"columns\":1,\"rows\":1,\"limit\":3}", "limit", "is not a known parameter"),
        ("{\(world),\"columns\":1,\"rows\":1,\"rows\":2}", "rows", "is given more than once"),
    ]

    @Test(arguments: invalid)
    func refusesInvalidParams(text: String, field: String, reason: String) throws {
        #expect(try paramsFailure(DensityParams.decode, text) == ValidationError(field: field, reason: reason))
    }

    @Test func aClientBuildingParamsGetsTheSameErrors() throws {
        let box = try BoundingBox(south: -90, west: -180, north: 90, east: 180, field: "bbox")
        #expect(throws: ValidationError(field: "rows", reason: "must be between 1 and 1000, not 0")) {
            try DensityGrid(box: box, columns: 10, rows: 0)
        }
        let grid = try DensityGrid(box: box, columns: 500, rows: 400)
        #expect(
            throws: ValidationError(
                field: "labels", reason: "× cells must be at most 200000, not 2 × 200000: at most 1 for 200000 cells")
        ) {
            try DensityParams(grid: grid, labels: 2)
        }
    }
}
