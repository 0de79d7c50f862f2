// swift-tools-version:6.2
// placesd is licensed under the Apache License, Version 2.0: see LICENSE and NOTICE.
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode is the default for this
/// tools version; warnings are errors.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "placesd",
    products: [
        .executable(name: "placesd", targets: ["placesd"]),
        .executable(name: "placesctl", targets: ["placesctl"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .systemLibrary(
            name: "CExpat",
            pkgConfig: "expat",
            providers: [.apt(["libexpat1-dev"])]
        ),
        .systemLibrary(
            name: "CZip",
            pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"])]
        ),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        .target(name: "PlacesModel", swiftSettings: strict),
        .target(name: "PlacesLocking", swiftSettings: strict),
        .target(name: "PlacesSystem", dependencies: ["CLinux"], swiftSettings: strict),
        .target(name: "PlacesCommandLine", swiftSettings: strict),
        .target(name: "PlacesSystemd", dependencies: ["PlacesSystem", "CSystemd"], swiftSettings: strict),
        .target(name: "PlacesState", dependencies: ["PlacesModel", "PlacesLocking"], swiftSettings: strict),
        .target(name: "PlacesSealing", dependencies: ["PlacesModel", "CSodium"], swiftSettings: strict),
        .target(
            name: "PlacesPersistence", dependencies: ["PlacesModel", "PlacesState", "PlacesSealing"],
            swiftSettings: strict),
        .target(
            name: "PlacesSQLite",
            dependencies: [
                "PlacesModel", "PlacesState", "PlacesSealing", "PlacesPersistence", "PlacesLocking", "PlacesSystem",
                "CSQLite",
            ],
            swiftSettings: strict
        ),
        .target(
            name: "PlacesPostgres",
            dependencies: [
                "PlacesModel", "PlacesState", "PlacesSealing", "PlacesPersistence", "PlacesLocking", "PlacesSystem",
                "CLibPQ",
            ],
            swiftSettings: strict
        ),
        .target(
            name: "PlacesStore",
            dependencies: [
                "PlacesModel", "PlacesState", "PlacesSealing", "PlacesPersistence", "PlacesLocking", "PlacesSystem",
            ],
            swiftSettings: strict
        ),
        // Test support: makes the SQLite engine's storage fail on purpose. No product depends on it.
        .target(
            name: "PlacesStoreFaults", dependencies: ["PlacesSQLite", "PlacesLocking", "CSQLite"], swiftSettings: strict
        ),
        .target(name: "PlacesProtocol", dependencies: ["PlacesModel"], swiftSettings: strict),
        .target(name: "PlacesMap", dependencies: ["PlacesModel"], swiftSettings: strict),
        .target(name: "PlacesXML", dependencies: ["CExpat"], swiftSettings: strict),
        .target(
            name: "PlacesGPX", dependencies: ["PlacesProtocol", "PlacesModel", "PlacesXML"], swiftSettings: strict),
        .target(
            name: "PlacesFormats", dependencies: ["PlacesProtocol", "PlacesModel", "PlacesXML", "CZip"],
            swiftSettings: strict),
        .target(
            name: "PlacesFuzzing", dependencies: ["PlacesProtocol", "PlacesModel", "PlacesGPX", "PlacesFormats"],
            swiftSettings: strict),
        .target(
            name: "PlacesServer",
            dependencies: [
                "PlacesModel", "PlacesLocking", "PlacesSystem", "PlacesSystemd", "PlacesState", "PlacesSealing",
                "PlacesPersistence", "PlacesSQLite", "PlacesPostgres", "PlacesStore", "PlacesProtocol", "PlacesGPX",
                "PlacesFormats", "PlacesCommandLine",
            ],
            swiftSettings: strict
        ),
        .target(
            name: "PlacesGazetteer", dependencies: ["PlacesModel", "PlacesSystem", "PlacesCommandLine"],
            swiftSettings: strict),
        .target(name: "PlacesClient", dependencies: ["PlacesProtocol", "PlacesSystem"], swiftSettings: strict),
        .target(
            name: "PlacesCLI",
            dependencies: [
                "PlacesClient", "PlacesProtocol", "PlacesModel", "PlacesSystem", "PlacesCommandLine", "PlacesMap",
                "PlacesGazetteer",
            ],
            swiftSettings: strict
        ),
        .executableTarget(name: "placesd", dependencies: ["PlacesServer", "PlacesSystem"], swiftSettings: strict),
        .executableTarget(name: "placesctl", dependencies: ["PlacesCLI"], swiftSettings: strict),
        // Writes the shell completions from both programs' declarations (`make completions`); in no product, so
        // neither program's command line grows a hidden option for it.
        .executableTarget(
            name: "CompletionsGenerator", dependencies: ["PlacesCommandLine", "PlacesCLI", "PlacesServer"],
            swiftSettings: strict),
        .testTarget(name: "PlacesModelTests", dependencies: ["PlacesModel"], swiftSettings: strict),
        .testTarget(name: "PlacesSystemTests", dependencies: ["PlacesSystem", "PlacesSystemd"], swiftSettings: strict),
        .testTarget(
            name: "PlacesStoreTests",
            dependencies: [
                "PlacesStore", "PlacesState", "PlacesSealing", "PlacesPersistence", "PlacesSQLite", "PlacesStoreFaults",
                "PlacesModel", "PlacesLocking",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "PlacesProtocolTests", dependencies: ["PlacesProtocol", "PlacesModel"], exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(name: "PlacesMapTests", dependencies: ["PlacesMap", "PlacesModel"], swiftSettings: strict),
        .testTarget(name: "PlacesFuzzingTests", dependencies: ["PlacesFuzzing"], swiftSettings: strict),
        .testTarget(
            name: "PlacesGPXTests", dependencies: ["PlacesGPX", "PlacesProtocol", "PlacesModel"], exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "PlacesFormatsTests", dependencies: ["PlacesFormats", "PlacesProtocol", "PlacesModel"],
            // KML documents written in the shapes the apps write, read by the tests (see Fixtures/SOURCES.md).
            exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "PlacesServerTests",
            dependencies: [
                "PlacesServer", "PlacesStore", "PlacesState", "PlacesPersistence", "PlacesSQLite", "PlacesStoreFaults",
                "PlacesProtocol", "PlacesModel", "PlacesSystem", "PlacesLocking", "PlacesCommandLine",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlacesCLITests",
            dependencies: [
                "PlacesCLI", "PlacesClient", "PlacesProtocol", "PlacesModel", "PlacesSystem", "PlacesCommandLine",
                "PlacesMap",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlacesGazetteerTests", dependencies: ["PlacesGazetteer", "PlacesModel", "PlacesSystem"],
            swiftSettings: strict),
        .testTarget(
            name: "PlacesCommandLineTests", dependencies: ["PlacesCommandLine", "PlacesCLI", "PlacesServer"],
            swiftSettings: strict),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "PlacesClient", "PlacesLocking", "PlacesMap", "PlacesModel", "PlacesProtocol", "PlacesSystem",
            ],
            // Databases an earlier release wrote, which the upgrade tests open (scripts/make-upgrade-fixtures.sh).
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
    ]
)
