import GenkanHTTP
import GenkanStore

/// The running Genkan site: the account store, the worker pool and the HTTP server together.
///
/// ```swift
/// let site = try GenkanSite(configuration: GenkanConfiguration(database: .sqlite(path: "genkan.sqlite")),
///                           server: HTTPServerConfiguration())
/// // ... until SIGTERM
/// site.stop()
/// ```
public final class GenkanSite: Sendable {
    private let server: HTTPServer
    private let app: GenkanApp
    private let sweeper: RepeatingTask
    /// The port the site listens on.
    public var port: UInt16 { server.port }
    /// How many connections it can hold (from the descriptor limit).
    public var capacity: ConnectionCapacity { server.capacity }
    /// Why passkeys are off on this site (one line for the operator), or nil when they work.
    public var passkeysUnavailable: String? { app.passkeysUnavailable }

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
        if configuration.baseURL == nil { app.baseURL.listening(host: serverConfiguration.host, port: server.port) }
        // Expired and idle sessions, expired codes and drained rate-limit buckets are deleted at
        // start and once an hour, on the pool.
        // With the Firebase API, anonymous accounts unused for `--anonymous-lifetime` go too.
        let anonymousLifetime = configuration.firebaseProject == nil ? nil : configuration.anonymousLifetime
        let log = configuration.errorLog
        let sweep: @Sendable () -> Void = { [pool = app.pool] in
            _ = pool.submit(.interactive) { core in
                do { try core.deleteExpired() } catch { log.write("expired sessions, codes or limits not swept: \(error)") }
                if let anonymousLifetime {
                    switch core.deleteUnusedAnonymousAccounts(unusedFor: anonymousLifetime) {
                    case .success(let deleted) where deleted > 0:
                        log.write("deleted \(deleted) anonymous account\(deleted == 1 ? "" : "s") unused for \(anonymousLifetime / 86_400) days")
                    case .success: break
                    case .failure(let failure): log.write("anonymous accounts not swept: \(failure)")
                    }
                }
            }
        }
        let retention = configuration.operators.eventRetentionDays
        let sweepAll: @Sendable () -> Void = { [pool = app.pool] in
            sweep()
            Self.deleteExpiredEvents(olderThanDays: retention, on: pool, log: log)
        }
        sweepAll()
        sweeper = RepeatingTask(interval: .seconds(3600), sweepAll)
    }

    /// Deletes the events older than the retention period a batch per job, each job queueing the
    /// next while the last was full: the pool's requests run between the batches.
    static func deleteExpiredEvents(olderThanDays days: Int, on pool: WorkerPool<Authenticator>, log: ErrorLog) {
        let batch = 1000
        _ = pool.submit(.interactive) { core in
            do {
                if try core.deleteExpiredEvents(olderThanDays: days, limit: batch) == batch {
                    deleteExpiredEvents(olderThanDays: days, on: pool, log: log)
                }
            } catch {
                log.write("expired events not deleted: \(error)")
            }
        }
    }

    /// Finishes the requests in progress, then ends the worker threads (closing the store).
    /// Later calls do nothing.
    public func stop() {
        sweeper.stop()
        server.stop()
        app.stop()
    }

    deinit {
        stop()
    }
}
