// swift-tools-version:6.2
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
        .systemLibrary(name: "CLinux"),
        .systemLibrary(
            name: "CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        .target(name: "PlacesModel", swiftSettings: strict),
        .target(name: "PlacesLocking", swiftSettings: strict),
        .target(name: "PlacesSystem", dependencies: ["CLinux"], swiftSettings: strict),
        .target(name: "PlacesSystemd", dependencies: ["PlacesSystem", "CSystemd"], swiftSettings: strict),
        .target(
            name: "PlacesStore",
            dependencies: ["PlacesModel", "PlacesLocking", "CSQLite", "CSodium"],
            swiftSettings: strict
        ),
        .target(name: "PlacesProtocol", dependencies: ["PlacesModel"], swiftSettings: strict),
        .target(
            name: "PlacesGPX", dependencies: ["PlacesProtocol", "PlacesModel", "CExpat"], swiftSettings: strict),
        .target(
            name: "PlacesFuzzing", dependencies: ["PlacesProtocol", "PlacesModel", "PlacesGPX"],
            swiftSettings: strict),
        .target(
            name: "PlacesServer",
            dependencies: [
                "PlacesModel", "PlacesLocking", "PlacesSystem", "PlacesSystemd", "PlacesStore", "PlacesProtocol",
                "PlacesGPX",
            ],
            swiftSettings: strict
        ),
        .target(name: "PlacesClient", dependencies: ["PlacesProtocol", "PlacesSystem"], swiftSettings: strict),
        .target(
            name: "PlacesCLI",
            dependencies: ["PlacesClient", "PlacesProtocol", "PlacesModel", "PlacesSystem"],
            swiftSettings: strict
        ),
        .executableTarget(name: "placesd", dependencies: ["PlacesServer"], swiftSettings: strict),
        .executableTarget(name: "placesctl", dependencies: ["PlacesCLI"], swiftSettings: strict),
        .testTarget(name: "PlacesModelTests", dependencies: ["PlacesModel"], swiftSettings: strict),
        .testTarget(name: "PlacesSystemTests", dependencies: ["PlacesSystem", "PlacesSystemd"], swiftSettings: strict),
        .testTarget(name: "PlacesStoreTests", dependencies: ["PlacesStore"], swiftSettings: strict),
        .testTarget(name: "PlacesProtocolTests", dependencies: ["PlacesProtocol"], swiftSettings: strict),
        .testTarget(name: "PlacesFuzzingTests", dependencies: ["PlacesFuzzing"], swiftSettings: strict),
        .testTarget(
            name: "PlacesGPXTests", dependencies: ["PlacesGPX", "PlacesProtocol", "PlacesModel"], swiftSettings: strict
        ),
        .testTarget(
            name: "PlacesServerTests",
            dependencies: [
                "PlacesServer", "PlacesStore", "PlacesProtocol", "PlacesModel", "PlacesSystem", "PlacesLocking",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlacesCLITests",
            dependencies: ["PlacesCLI", "PlacesClient", "PlacesProtocol", "PlacesModel", "PlacesSystem"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["PlacesClient", "PlacesProtocol", "PlacesSystem"],
            swiftSettings: strict
        ),
    ]
)
