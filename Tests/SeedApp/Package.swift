// swift-tools-version:6.2
import PackageDescription

// The seed app's view models, written the way the seed wrote them, built against this checkout by
// path as an app would depend on Genkan. `make test` runs it (scripts/check-seed-app.sh).
let swiftSettings: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "SeedApp",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Genkan", path: "../..")],
    targets: [
        .target(
            name: "SeedApp",
            dependencies: [
                .product(name: "GenkanValidation", package: "Genkan"),
                .product(name: "GenkanLocalization", package: "Genkan"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(name: "SeedAppTests", dependencies: ["SeedApp"], swiftSettings: swiftSettings),
    ]
)
