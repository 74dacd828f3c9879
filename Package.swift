// swift-tools-version:6.2
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode (strict concurrency) and warnings
/// treated as errors, so what builds here builds in CI.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// A test target (`Tests/<name>`) with the shared settings.
func testTarget(_ name: String, _ dependencies: [Target.Dependency], resources: [Resource]? = nil, exclude: [String] = []) -> Target {
    .testTarget(name: name, dependencies: dependencies, exclude: exclude, resources: resources, swiftSettings: swiftSettings)
}

let package = Package(
    name: "Genkan",
    platforms: [.macOS(.v15)],
    products: [
        // MARK: Products
        .library(name: "GenkanJSON", targets: ["GenkanJSON"]),
        .library(name: "GenkanErrorCodes", targets: ["GenkanErrorCodes"]),
        .library(name: "GenkanValidation", targets: ["GenkanValidation"]),
        .library(name: "GenkanLocalization", targets: ["GenkanLocalization"]),
        .library(name: "GenkanCatalogTools", targets: ["GenkanCatalogTools"]),
        .library(name: "GenkanStore", targets: ["GenkanStore"]),
        .library(name: "GenkanHTTP", targets: ["GenkanHTTP"]),
        .library(name: "GenkanHTTPTesting", targets: ["GenkanHTTPTesting"]),
        .library(name: "GenkanServer", targets: ["GenkanServer"]),
        .library(name: "GenkanMail", targets: ["GenkanMail"]),
        .library(name: "GenkanHTTPClient", targets: ["GenkanHTTPClient"]),
        .library(name: "GenkanWebhooks", targets: ["GenkanWebhooks"]),
        .library(name: "GenkanOIDC", targets: ["GenkanOIDC"]),
        .library(name: "GenkanWebAuthn", targets: ["GenkanWebAuthn"]),
        .executable(name: "genkan", targets: ["genkan"]),
        .executable(name: "genkan-bench", targets: ["GenkanBench"]),
    ],
    targets: [
        // MARK: C targets (the only code that names C library functions)
        .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CCrypt", pkgConfig: "libcrypt", providers: [.apt(["libcrypt-dev"])]),
        .target(
            name: "CH2O",
            // CH2O_TEST_HOOKS: fault injection for the engine tests, never in a release build.
            cSettings: [.define("H2O_USE_LIBUV", to: "0"), .define("CH2O_TEST_HOOKS", .when(configuration: .debug))],
            linkerSettings: [.linkedLibrary("h2o-evloop")]),
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        .target(
            name: "CCurl",
            linkerSettings: [.linkedLibrary("curl")]),
        .target(
            name: "COpenSSL",
            linkerSettings: [.linkedLibrary("crypto")]),
        .target(
            name: "CCbor",
            linkerSettings: [.linkedLibrary("cbor")]),
        .target(
            name: "CQRencode",
            linkerSettings: [.linkedLibrary("qrencode")]),

        // MARK: Build tools
        .executableTarget(name: "EmbedResourcesTool", path: "Sources/EmbedResourcesTool"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedResourcesTool"]),
        .executableTarget(name: "KeyUsageTool", path: "Sources/KeyUsageTool"),
        .plugin(name: "KeyUsage", capability: .buildTool(), dependencies: ["KeyUsageTool"]),

        // MARK: Swift targets
        .target(
            name: "GenkanUnicode",
            dependencies: ["CICU"],
            swiftSettings: swiftSettings),
        // The one JSON reader and writer (no dependencies): validation output, OpenID, WebAuthn,
        // the Firebase API and the catalog tools all read and write through it.
        .target(
            name: "GenkanJSON",
            swiftSettings: swiftSettings),
        // The stable error codes: Firebase Authentication's (AuthErrorCode, generated from the
        // reference table) and the store's (StoreError). No dependencies, so the store, its drivers
        // and OpenID share them without localization or validation.
        .target(
            name: "GenkanErrorCodes",
            swiftSettings: swiftSettings),
        .target(
            name: "GenkanValidation",
            dependencies: ["CPCRE2", "GenkanUnicode", "GenkanJSON"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedResources"]),
        .target(
            name: "GenkanLocalization",
            dependencies: ["GenkanErrorCodes", "GenkanJSON", "GenkanValidation", "GenkanUnicode"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedResources"]),
        .target(
            name: "GenkanCatalogTools",
            dependencies: ["GenkanUnicode", "GenkanJSON"],
            swiftSettings: swiftSettings),
        // What the store's one SQL implementation asks of a database driver (a connection, its
        // dialect, rows): package-level, in no product.
        .target(
            name: "GenkanSQL",
            dependencies: ["GenkanErrorCodes"],
            swiftSettings: swiftSettings),
        // One module per database driver; its types are internal, reached through one factory.
        .target(
            name: "GenkanSQLite",
            dependencies: ["CSQLite", "GenkanErrorCodes", "GenkanSQL"],
            swiftSettings: swiftSettings),
        .target(
            name: "GenkanPostgreSQL",
            dependencies: ["CLibPQ", "GenkanErrorCodes", "GenkanSQL"],
            swiftSettings: swiftSettings),
        .target(
            name: "GenkanStore",
            dependencies: [
                "CCrypt", "COpenSSL", "CSodium", "GenkanErrorCodes", "GenkanSQL", "GenkanSQLite", "GenkanPostgreSQL", "GenkanJSON", "GenkanUnicode",
                "GenkanWebAuthn",
            ],
            swiftSettings: swiftSettings),
        // Running programs from tests (the built genkan, the Python reference scripts, sqlite3):
        // one runner for every test target, in no product.
        .target(
            name: "GenkanTestSupport",
            swiftSettings: swiftSettings),
        .target(
            name: "GenkanThreads",
            swiftSettings: swiftSettings),
        .target(
            name: "GenkanCurl",
            dependencies: ["CCurl"],
            swiftSettings: swiftSettings),
        .target(
            name: "GenkanMail",
            dependencies: ["GenkanCurl", "GenkanThreads"],
            swiftSettings: swiftSettings),
        .target(
            name: "GenkanHTTPClient",
            dependencies: ["GenkanCurl"],
            swiftSettings: swiftSettings),
        // Standard Webhooks signing and blocking hooks' calls, over the HTTPS client.
        .target(
            name: "GenkanWebhooks",
            dependencies: ["COpenSSL", "GenkanHTTPClient", "GenkanJSON", "GenkanThreads"],
            swiftSettings: swiftSettings),
        .target(
            name: "GenkanOIDC",
            dependencies: ["COpenSSL", "GenkanErrorCodes", "GenkanHTTPClient", "GenkanJSON"],
            swiftSettings: swiftSettings),
        .target(
            name: "GenkanWebAuthn",
            dependencies: ["CCbor", "COpenSSL", "CSodium", "GenkanJSON"],
            swiftSettings: swiftSettings),
        // QR codes through libqrencode, drawn as SVG (the second factor's enrolment page).
        .target(
            name: "GenkanQRCode",
            dependencies: ["CQRencode"],
            swiftSettings: swiftSettings),
        // The HTTP engine on H2O and the framework over it (router, groups, middleware, cookies,
        // forms, the HTML writer): no site module.
        .target(
            name: "GenkanHTTP",
            dependencies: ["CH2O", "GenkanThreads"],
            exclude: ["README.md"],
            swiftSettings: swiftSettings),
        // Driving a GenkanHTTP router in-process from tests (`TestClient`).
        .target(
            name: "GenkanHTTPTesting",
            dependencies: ["GenkanHTTP", "GenkanThreads"],
            swiftSettings: swiftSettings),
        // The site: features, pages, forms, mail and the Firebase-compatible API, on GenkanHTTP.
        .target(
            name: "GenkanServer",
            dependencies: [
                "GenkanHTTP", "GenkanThreads", "GenkanJSON", "GenkanStore", "GenkanValidation", "GenkanLocalization", "GenkanMail", "GenkanOIDC",
                "GenkanHTTPClient", "GenkanWebAuthn", "GenkanWebhooks", "GenkanQRCode",
            ],
            swiftSettings: swiftSettings,
            plugins: ["KeyUsage"]),
        .executableTarget(
            name: "genkan",
            dependencies: [
                "GenkanJSON", "GenkanValidation", "GenkanLocalization", "GenkanCatalogTools", "GenkanHTTP", "GenkanServer", "GenkanStore",
                "GenkanOIDC", "GenkanHTTPClient", "GenkanWebhooks",
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "GenkanBench",
            dependencies: ["GenkanJSON", "GenkanValidation", "GenkanServer", "GenkanStore"],
            swiftSettings: swiftSettings),

        // MARK: Tests
        testTarget("GenkanJSONTests", ["GenkanJSON", "GenkanTestSupport"]),
        testTarget("GenkanUnicodeTests", ["GenkanUnicode"]),
        testTarget(
            "GenkanValidationTests", ["GenkanValidation", "GenkanJSON", "GenkanUnicode", "GenkanTestSupport"], resources: [.copy("Fixtures")]),
        testTarget(
            "GenkanLocalizationTests", ["GenkanLocalization", "GenkanValidation", "GenkanUnicode", "GenkanTestSupport"], resources: [.copy("Fixtures")]),
        testTarget("GenkanCLITests", ["genkan", "GenkanTestSupport"]),
        testTarget(
            "GenkanCatalogToolsTests", ["GenkanCatalogTools", "GenkanJSON", "GenkanUnicode", "GenkanTestSupport", "genkan"], resources: [.copy("Fixtures")]),
        testTarget(
            "GenkanStoreTests", [
                "GenkanStore", "GenkanSQL", "GenkanSQLite", "GenkanPostgreSQL", "GenkanJSON", "GenkanLocalization", "GenkanTestSupport",
                "GenkanWebAuthn", "GenkanValidation",
            ],
            exclude: ["Fixtures"]),
        testTarget("GenkanMailTests", ["GenkanMail", "GenkanThreads", "GenkanTestSupport"], exclude: ["Support/smtp_server.py", "Support/parse_mail.py"]),
        testTarget("GenkanHTTPClientTests", ["GenkanHTTPClient"], exclude: ["Support/http_server.py"]),
        testTarget(
            "GenkanWebhooksTests", ["GenkanWebhooks", "GenkanJSON", "GenkanHTTPClient", "GenkanThreads", "GenkanTestSupport"],
            exclude: ["Support/standard_webhooks.py", "Support/hook_server.py"]),
        testTarget("GenkanOIDCTests", ["GenkanOIDC", "GenkanJSON", "GenkanHTTPClient", "GenkanLocalization"]),
        testTarget("GenkanQRCodeTests", ["GenkanQRCode", "GenkanTestSupport"]),
        testTarget("GenkanWebAuthnTests", ["GenkanWebAuthn", "GenkanJSON"], resources: [.copy("Fixtures")]),
        // The engine and the framework alone: builds and runs without the site.
        testTarget("GenkanHTTPTests", ["GenkanHTTP", "GenkanHTTPTesting", "GenkanThreads"]),
        testTarget("GenkanServerTests", [
            "GenkanServer", "GenkanHTTP", "GenkanHTTPTesting", "GenkanThreads", "GenkanJSON", "GenkanStore", "GenkanPostgreSQL", "GenkanLocalization",
            "GenkanValidation", "GenkanOIDC", "GenkanTestSupport", "GenkanWebAuthn", "GenkanHTTPClient", "GenkanWebhooks",
        ]),
    ]
)
