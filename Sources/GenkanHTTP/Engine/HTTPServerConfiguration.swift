#if canImport(Glibc)
import Glibc
#endif

/// Where the engine listens, how many loops it runs, and its limits.
public struct HTTPServerConfiguration: Sendable {
    /// A numeric IPv4 or IPv6 address, or a host name.
    public var host: String = "127.0.0.1"
    /// 0 picks a free port (tests); `HTTPServer.port` tells which.
    public var port: UInt16 = 8080
    /// Event loops, one thread and one `SO_REUSEPORT` listener each; default one per core.
    public var loops: Int = HTTPServerConfiguration.processorCount
    /// Request line and header fields together, in bytes (more → 431).
    public var maxHeadSize: Int = 16 * 1024
    /// Request body, in bytes (more → 413). Forms are small; 64 KiB is plenty.
    public var maxBodySize: Int = 64 * 1024
    /// Requests whose target starts with this prefix may have bodies up to `maxLargeBodySize`
    /// instead: an API's bulk endpoints (a thousand users imported in one call), while every form
    /// keeps the small limit. Nil: none.
    public var largeBodyPathPrefix: String? = nil
    /// The body limit under `largeBodyPathPrefix`, in bytes.
    public var maxLargeBodySize: Int = 4 << 20
    /// From a request's first byte to the end of its head (slower → 408).
    public var headTimeout: Duration = .seconds(10)
    /// From the end of the head to the end of the body (slower → 408).
    public var bodyTimeout: Duration = .seconds(20)
    /// A keep-alive connection with no new request this long after its last response is closed.
    /// (A new connection that sends nothing gets `headTimeout`.)
    public var idleTimeout: Duration = .seconds(30)
    /// A client that does not read its response is disconnected after this.
    public var writeTimeout: Duration = .seconds(20)
    /// On stop, how long requests in progress may take before connections are cut.
    public var shutdownTimeout: Duration = .seconds(10)
    /// Open connections per loop, at most: the engine lowers it to what the descriptor limit
    /// allows (`HTTPServer.capacity`). At the cap, the oldest connection that has sent nothing
    /// makes room for a new one; when there is none, the new one is closed at once.
    public var maxConnectionsPerLoop: Int = 10_000
    /// Descriptors kept out of the connection budget for files opened after start (SQLite's
    /// temporary files, a mail server connection, an outbox file).
    public var reservedDescriptors: Int = 64
    /// Open connections per client address (IPv6: per /64), all loops together; more are closed at
    /// once. 0: no cap (behind a proxy, whose connections all come from one address).
    public var maxConnectionsPerClient: Int = 64
    /// Tests only, and only in debug builds: pads `100 Continue` so that a client that does not
    /// read holds its write pending (CH2O's `test_continue_padding`).
    var testContinuePadding: Int = 0

    public init() {}

    /// The number of online processors.
    public static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

extension Duration {
    var milliseconds: UInt32 {
        let (seconds, attoseconds) = components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return UInt32(clamping: max(1, total))
    }
}
