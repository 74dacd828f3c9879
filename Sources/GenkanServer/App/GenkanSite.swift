import GenkanStore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The running Genkan site: the account store, the worker pool and the HTTP server together.
///
/// ```swift
/// let site = try GenkanSite(configuration: GenkanConfiguration(databasePath: "genkan.sqlite"),
///                           server: HTTPServerConfiguration())
/// // ... until SIGTERM
/// site.stop()
/// ```
public final class GenkanSite: Sendable {
    private let server: HTTPServer
    private let app: GenkanApp
    private let sweeping = Atomic<Bool>(true)
    private let sweeper: Mutex<PosixThread?> = Mutex(nil)
    /// The port the site listens on.
    public var port: UInt16 { server.port }

    /// Opens (creating or migrating) the database, reads `public/`, starts the worker threads and
    /// the event loops. Every request is recorded in `accessLog`, if given.
    public init(configuration: GenkanConfiguration, server serverConfiguration: HTTPServerConfiguration, accessLog: AccessLog? = nil)
        throws
    {
        app = try GenkanApp(configuration: configuration, loops: serverConfiguration.loops, accessLog: accessLog)
        do {
            server = try HTTPServer(configuration: serverConfiguration, responder: app.routes)
        } catch {
            app.stop()
            throw error
        }
        startSweeping()
    }

    /// Deletes expired and idle sessions once an hour (and at start), on the pool.
    private func startSweeping() {
        let pool = app.pool
        let thread = PosixThread { [weak self] in
            var ticks = 0
            while self?.sweeping.load(ordering: .acquiring) == true {
                usleep(100_000)  // short ticks: stop() waits for this thread
                ticks += 1
                if ticks % 36_000 == 0 {
                    _ = pool.submit(.interactive) { store in _ = try? store.deleteExpiredSessions() }
                }
            }
        }
        sweeper.withLock { $0 = thread }
    }

    /// Finishes the requests in progress, then ends the worker threads (closing the store).
    /// Later calls do nothing.
    public func stop() {
        sweeping.store(false, ordering: .releasing)
        if let thread = sweeper.withLock({ value -> PosixThread? in defer { value = nil }; return value }) {
            thread.join()
        }
        server.stop()
        app.stop()
    }

    deinit {
        stop()
    }
}
