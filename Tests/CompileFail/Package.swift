// swift-tools-version:6.2
import PackageDescription

// A package that must not compile when WRONG_GROUP is defined: scripts/check-compile-fail.sh
// builds it as it is (it must build) and with -DWRONG_GROUP (it must fail with the one error that
// says a signed-in handler cannot go on a group that looks no session up). Not part of Genkan's
// own build.
let package = Package(
    name: "CompileFail",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Genkan", path: "../..")],
    targets: [
        .executableTarget(
            name: "GroupContexts",
            dependencies: [.product(name: "GenkanHTTP", package: "Genkan")],
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ])
