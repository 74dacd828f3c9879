// swift-tools-version:6.2
import PackageDescription

// Genkan's libFuzzer targets, a package of their own so that `swift build` and `make test` of
// Genkan never see them: they only build with sanitizer flags (`make fuzz`, scripts/fuzz.py) and
// reach internal API through `@testable import`, as the test targets do. docs/architecture/fuzzing.md
// says why.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// Every fuzz target: a directory `Sources/fuzz-<name>` with a main.swift and the modules it
/// reaches into.
let targets: [(name: String, modules: [String])] = [
    ("email-strict", ["GenkanValidation"]),
    ("email-html", ["GenkanValidation"]),
    ("name", ["GenkanValidation"]),
    ("password", ["GenkanValidation"]),
    ("form", ["GenkanHTTP"]),
    ("cookies", ["GenkanHTTP"]),
    ("accept-language", ["GenkanLocalization"]),
    ("auth-error", ["GenkanLocalization"]),
    ("xcstrings", ["GenkanCatalogTools", "GenkanLocalization", "GenkanValidation"]),
    ("po", ["GenkanCatalogTools"]),
    ("xliff", ["GenkanCatalogTools"]),
    ("strings", ["GenkanCatalogTools"]),
    ("android", ["GenkanCatalogTools"]),
    ("firebase-api", ["GenkanHTTP", "GenkanServer", "GenkanStore"]),
    ("jose", ["GenkanOIDC", "GenkanJSON"]),
    ("webauthn", ["GenkanWebAuthn", "GenkanJSON"]),
    ("json", ["GenkanJSON"]),
]

/// Targets whose shared code lives in a support module of its own.
let supportModules: [String: [Target.Dependency]] = [
    "xcstrings": ["CatalogFuzzSupport"], "po": ["CatalogFuzzSupport"], "xliff": ["CatalogFuzzSupport"],
    "strings": ["CatalogFuzzSupport"], "android": ["CatalogFuzzSupport"],
]

let package = Package(
    name: "GenkanFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Genkan", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["FuzzDriver"], swiftSettings: swiftSettings),
        .target(
            name: "CatalogFuzzSupport",
            dependencies: ["FuzzSupport", .product(name: "GenkanCatalogTools", package: "Genkan")],
            swiftSettings: swiftSettings),
    ] + targets.map { target in
        .executableTarget(
            name: "fuzz-\(target.name)",
            dependencies: ["FuzzSupport"] + (supportModules[target.name] ?? []) + target.modules.map { .product(name: $0, package: "Genkan") },
            swiftSettings: swiftSettings,
            // libFuzzer itself. The build instruments every module with the frontend's
            // `-sanitize=fuzzer,address` and links the ASan runtime everywhere (scripts/fuzz.py);
            // only the targets get libFuzzer, so the build's own tools stay ordinary programs.
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])])
    }
)
