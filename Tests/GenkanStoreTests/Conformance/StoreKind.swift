import Foundation
@testable import GenkanStore
import Testing

/// The storage implementations the conformance suite runs against: every test of the suite takes
/// one as its argument, so a new implementation is one more case here. SQLite always runs;
/// PostgreSQL runs when `GENKAN_TEST_POSTGRES` names a server the tests may create databases on.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgresql

    static var available: [StoreKind] { allCases.filter(\.isAvailable) }

    /// Whether the tests can create databases of this kind here.
    var isAvailable: Bool {
        switch self {
        case .sqlite: true
        case .postgresql: PostgresTestDatabase.serverURL != nil
        }
    }

    var testDescription: String { rawValue }

    /// A new, empty database of this kind, removed when the value is released.
    func freshDatabase() throws -> TestDatabase {
        switch self {
        case .sqlite:
            let directory = TemporaryDirectory()
            return TestDatabase(location: .sqlite(path: directory.database), keepAlive: directory)
        case .postgresql:
            let database = try PostgresTestDatabase()
            return TestDatabase(location: .postgresql(url: database.url), keepAlive: database)
        }
    }
}

/// One empty database for one test, and a way to open connections to it.
final class TestDatabase: Sendable {
    let location: StoreLocation
    private let keepAlive: any Sendable

    init(location: StoreLocation, keepAlive: any Sendable) {
        self.location = location
        self.keepAlive = keepAlive
    }

    /// A new connection, as one worker thread of one server holds it.
    func connect(clock: ManualClock, sessionPolicy: SessionPolicy = .standard, codePolicy: ActionCodePolicy = .standard) throws
        -> AccountStore
    {
        try AccountStore(location: location, clock: clock.storeClock, sessionPolicy: sessionPolicy, codePolicy: codePolicy)
    }

    /// A bare connection of the storage protocol.
    func storage() throws -> any Storage {
        try location.open()
    }
}
