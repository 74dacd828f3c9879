private import CH2O
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The HTTP engine: CH2O's event loops on H2O, handing each request to an `HTTPResponder`.
///
/// ```swift
/// let server = try HTTPServer(configuration: configuration, responder: app)
/// print(server.port)
/// server.stop()   // lets requests in progress finish
/// ```
public final class HTTPServer: Sendable {
    private let core: ServerCore
    private let handle: Mutex<RawHandle?>
    /// The port the server listens on.
    public let port: UInt16
    /// The descriptor limit the server found (and raised) and the connection cap it sized from it.
    public let capacity: ConnectionCapacity

    /// Starts listening and serving; returns once every loop accepts connections. `log` receives
    /// the engine's operator messages (descriptors running out, connections refused by a cap),
    /// each kind at most once a minute; by default they go to standard error.
    public init(
        configuration: HTTPServerConfiguration, responder: any HTTPResponder,
        log: @escaping @Sendable (String) -> Void = { ErrorLog().write($0) }
    ) throws(ServerError) {
        // A client that disconnects must not kill the process when a response is written.
        signal(SIGPIPE, SIG_IGN)
        let core = ServerCore(responder: responder, log: log)
        let context = Unmanaged.passRetained(core).toOpaque()
        var server: OpaquePointer?
        var errorNumber: Int32 = 0
        // CH2O copies the prefix; a nil one is passed as NULL.
        let prefix = configuration.largeBodyPathPrefix.map { strdup($0) } ?? nil
        defer { free(prefix) }
        let status = configuration.host.withCString { host in
            var config = CH2O_config(
                host: host, port: configuration.port, loops: Int32(configuration.loops),
                max_head_size: configuration.maxHeadSize, max_body_size: configuration.maxBodySize,
                large_body_prefix: UnsafePointer(prefix), large_body_size: configuration.maxLargeBodySize,
                head_timeout_ms: configuration.headTimeout.milliseconds,
                body_timeout_ms: configuration.bodyTimeout.milliseconds,
                idle_timeout_ms: configuration.idleTimeout.milliseconds,
                write_timeout_ms: configuration.writeTimeout.milliseconds,
                shutdown_timeout_ms: configuration.shutdownTimeout.milliseconds,
                max_connections: UInt32(clamping: configuration.maxConnectionsPerLoop),
                reserved_descriptors: UInt32(clamping: max(0, configuration.reservedDescriptors)),
                max_connections_per_client: UInt32(clamping: max(0, configuration.maxConnectionsPerClient)),
                handler: handleRequest, context: context, log: logMessage,
                test_continue_padding: configuration.testContinuePadding)
            return CH2O_server_start(&config, &server, &errorNumber)
        }
        guard Int(status) == CH2O_OK, let server else {
            Unmanaged<ServerCore>.fromOpaque(context).release()
            throw Self.failure(status, errorNumber, configuration)
        }
        self.core = core
        self.port = CH2O_server_port(server)
        let limits = CH2O_server_limits(server)
        self.capacity = ConnectionCapacity(
            initialDescriptorLimit: Int(clamping: limits.initial_soft_limit), descriptorLimit: Int(clamping: limits.soft_limit),
            openAtStart: Int(clamping: limits.open_at_start), connectionsPerLoop: Int(limits.connections_per_loop),
            loops: configuration.loops)
        self.handle = Mutex(RawHandle(server: server, context: context))
    }

    /// Stops accepting connections, finishes the requests in progress (waiting for deferred
    /// work), and returns when every loop has ended. Later calls do nothing.
    public func stop() {
        guard let raw = handle.withLock({ value -> RawHandle? in
            defer { value = nil }
            return value
        }) else { return }
        CH2O_server_stop(raw.server)
        Unmanaged<ServerCore>.fromOpaque(raw.context).release()
    }

    deinit {
        stop()
    }

    private static func failure(_ status: Int32, _ errorNumber: Int32, _ configuration: HTTPServerConfiguration)
        -> ServerError
    {
        let address = "\(configuration.host):\(configuration.port)"
        switch Int(status) {
        case CH2O_ERROR_ADDRESS: return ServerError("cannot resolve the host '\(configuration.host)'")
        case CH2O_ERROR_SOCKET: return ServerError("cannot listen on \(address): \(String(cString: strerror(errorNumber)))")
        case CH2O_ERROR_THREAD: return ServerError("cannot start an event loop thread: \(String(cString: strerror(errorNumber)))")
        default: return ServerError("invalid server configuration (loops must be 1 to 256)")
        }
    }
}

/// How many connections the server can hold, and why: the process's descriptor limit (the soft
/// `RLIMIT_NOFILE`, raised to the hard limit at start) less what was open then and a reserve,
/// shared among the loops.
public struct ConnectionCapacity: Sendable {
    /// The soft limit before the server raised it.
    public let initialDescriptorLimit: Int
    /// The soft limit the process runs with.
    public let descriptorLimit: Int
    /// Descriptors open when the server started (database, log, listeners).
    public let openAtStart: Int
    /// The cap each loop applies.
    public let connectionsPerLoop: Int
    public let loops: Int

    /// All loops together.
    public var connections: Int { connectionsPerLoop * loops }
}

/// The C server and the retained context its loops call back with.
private struct RawHandle: @unchecked Sendable {
    let server: OpaquePointer
    let context: UnsafeMutableRawPointer
}

/// A CH2O request pointer carried to a worker thread; CH2O_resume is the only thing done with it
/// there, which CH2O allows from any thread.
private struct RequestHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// What the loops call into: the responder and the operator log.
private final class ServerCore: Sendable {
    let responder: any HTTPResponder
    let log: @Sendable (String) -> Void

    init(responder: any HTTPResponder, log: @escaping @Sendable (String) -> Void) {
        self.responder = responder
        self.log = log
    }

    func handle(_ pointer: OpaquePointer) {
        let request = Self.request(from: pointer)
        let refusal = Int(CH2O_request_refusal(pointer))
        if refusal != 0 {
            send(responder.refusal(status: refusal, request: request), to: pointer)
            return
        }
        dispatch(responder.respond(to: request), pointer: pointer, request: request)
    }

    /// Sends a response now, or suspends the request until its deferred work decides the next
    /// reply (which may defer again: CH2O allows a suspend from a resume callback).
    func dispatch(_ reply: Reply, pointer: OpaquePointer, request: HTTPRequest) {
        switch reply {
        case .response(let response):
            send(response, to: pointer)
        case .deferred(let deferred):
            guard CH2O_suspend(pointer) == 0 else {
                send(HTTPResponse(status: 500, closesConnection: true), to: pointer)
                return
            }
            let handle = RequestHandle(pointer: pointer)
            let once = OnceFlag()
            let accepted = deferred.start(
                { [self] next in
                    guard once.claim() else { return }
                    resume(handle, request: request, deferred: deferred, next: next)
                },
                { CH2O_request_client_gone(handle.pointer) != 0 })
            if !accepted, once.claim() {
                let responder = self.responder
                resume(handle, request: request, deferred: deferred) { .response(responder.overloaded(request: request)) }
            }
        }
    }

    private func resume(
        _ handle: RequestHandle, request: HTTPRequest, deferred: DeferredResponse, next: @escaping @Sendable () -> Reply
    ) {
        let context = Unmanaged.passRetained(ResumeContext(core: self, request: request, deferred: deferred, next: next))
            .toOpaque()
        CH2O_resume(handle.pointer, resumeRequest, context)
    }

    func send(_ response: HTTPResponse, to pointer: OpaquePointer) {
        let headers = response.serializedHeaders()
        let status = Int32(response.status)
        let close: Int32 = response.closesConnection ? 1 : 0
        headers.withUnsafeBufferPointer { head in
            func respond(_ body: UnsafeRawBufferPointer) {
                _ = CH2O_respond(
                    pointer, status, UnsafeRawPointer(head.baseAddress)?.assumingMemoryBound(to: CChar.self), head.count,
                    body.baseAddress?.assumingMemoryBound(to: CChar.self), body.count, close)
            }
            switch response.body {
            case .empty: respond(UnsafeRawBufferPointer(start: nil, count: 0))
            case .text(var text): text.withUTF8 { respond(UnsafeRawBufferPointer($0)) }
            case .bytes(let bytes): bytes.withUnsafeBytes { respond($0) }
            case .shared(let shared): shared.bytes.withUnsafeBytes { respond($0) }
            }
        }
    }

    /// Copies what the responder needs out of the C request (valid only during this call).
    static func request(from pointer: OpaquePointer) -> HTTPRequest {
        func string(_ base: UnsafePointer<CChar>?, _ count: Int) -> String {
            guard let base, count > 0 else { return "" }
            return base.withMemoryRebound(to: UInt8.self, capacity: count) {
                String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
            }
        }
        var length = 0
        let method = string(CH2O_request_method(pointer, &length), length)
        let target = string(CH2O_request_target(pointer, &length), length)
        let (path, query) = HTTPRequest.split(target: target)
        let count = CH2O_request_header_count(pointer)
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(count)
        for index in 0..<count {
            var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
            var nameLength = 0, valueLength = 0
            CH2O_request_header(pointer, index, &name, &nameLength, &value, &valueLength)
            fields.append((string(name, nameLength), string(value, valueLength)))
        }
        var body: [UInt8] = []
        if let base = CH2O_request_body(pointer, &length), length > 0 {
            body = Array(UnsafeRawBufferPointer(start: base, count: length).bindMemory(to: UInt8.self))
        }
        // The peer as bytes: parsing the text `inet_ntop` wrote was a per-request cost.
        let peer = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer -> IPAddress? in
            guard CH2O_request_peer_address(pointer, buffer.baseAddress) == 1 else { return nil }
            return IPAddress(bytes: buffer)
        }
        return HTTPRequest(
            method: method, path: path, query: query, headers: HTTPHeaders(fields), body: body, peer: peer,
            loop: Int(CH2O_request_loop(pointer)))
    }
}

/// What a resumed request needs on its loop.
private final class ResumeContext: Sendable {
    let core: ServerCore
    let request: HTTPRequest
    let deferred: DeferredResponse
    let next: @Sendable () -> Reply

    init(core: ServerCore, request: HTTPRequest, deferred: DeferredResponse, next: @escaping @Sendable () -> Reply) {
        self.core = core
        self.request = request
        self.deferred = deferred
        self.next = next
    }
}

private let handleRequest: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void = { context, request in
    guard let context, let request else { return }
    Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue().handle(request)
}

private let logMessage: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { context, message in
    guard let context, let message else { return }
    Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue().log(String(cString: message))
}

private let resumeRequest: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void = { context, request in
    guard let context else { return }
    let resume = Unmanaged<ResumeContext>.fromOpaque(context).takeRetainedValue()
    guard let request else {
        resume.deferred.abandon()
        return
    }
    resume.core.dispatch(resume.next(), pointer: request, request: resume.request)
}

/// True for the first `claim()` only, whatever the thread.
private final class OnceFlag: Sendable {
    private let claimed = Atomic<Bool>(false)

    func claim() -> Bool {
        !claimed.exchange(true, ordering: .acquiringAndReleasing)
    }
}
