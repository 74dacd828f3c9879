private import CCurl

extension HTTPClient {
    /// Sends `request` and reads the whole response, or throws why it could not.
    ///
    /// - Throws: `HTTPClientError`; a response of any status is returned, not thrown.
    public func send(_ request: HTTPClientRequest) throws(HTTPClientError) -> HTTPClientResponse {
        let url = try Self.checkedURL(request.url)
        let easy = try CurlHandle(url: url)
        let collector = ResponseCollector(limit: maximumResponseBytes)
        var lines = request.headers.map { "\($0.name): \($0.value)" }
        // Bytes, not Characters: "\r\n" is one Character, which a search for "\r" does not find.
        guard !lines.contains(where: { $0.utf8.contains(13) || $0.utf8.contains(10) }) else {
            throw HTTPClientError(.invalidURL, "\(url): a request header contains a line break")
        }
        // libcurl would otherwise wait for `100 Continue` before a larger POST body.
        lines.append("Expect:")
        let headers = CurlStringList(lines)
        let resolved = CurlStringList(resolve)

        try easy.set(CURLOPT_URL, url)
        try easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try easy.set(CURLOPT_FOLLOWLOCATION, 0)
        // Timeouts through signals would interrupt other threads; libcurl's threaded resolver
        // (Debian's build) still times out name lookups.
        try easy.set(CURLOPT_NOSIGNAL, 1)
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(connectTimeout))
        try easy.set(CURLOPT_TIMEOUT_MS, Self.milliseconds(timeout))
        try easy.set(CURLOPT_SSL_VERIFYPEER, 1)
        try easy.set(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile { try easy.set(CURLOPT_CAINFO, caFile) }
        if !resolve.isEmpty { try easy.set(CURLOPT_RESOLVE, resolved) }
        try easy.set(CURLOPT_USERAGENT, userAgent)
        try easy.set(CURLOPT_ACCEPT_ENCODING, "")  // whatever libcurl can decode; the limit counts decoded bytes
        try easy.set(CURLOPT_HTTPHEADER, headers)
        if case .postForm(let fields) = request.method {
            let body = HTTPClientRequest.formBody(fields)
            headers.append("Content-Type: application/x-www-form-urlencoded")
            try easy.set(CURLOPT_HTTPHEADER, headers)
            try easy.set(CURLOPT_POSTFIELDSIZE, body.utf8.count)
            try easy.set(CURLOPT_COPYPOSTFIELDS, body)  // copied: the body may hold a client secret
        }
        try easy.collect(into: collector)
        do throws(HTTPClientError) {
            try withExtendedLifetime((headers, resolved, collector)) { () throws(HTTPClientError) in try easy.perform() }
        } catch {
            if collector.overflowed {
                throw HTTPClientError(.responseTooLarge, "\(Self.redacted(url)): the response is over \(maximumResponseBytes) bytes")
            }
            throw error
        }
        return HTTPClientResponse(status: easy.responseCode, headers: collector.headers, body: collector.body)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// The URL without its query, for messages (a query may carry a code or a token).
    static func redacted(_ url: String) -> String {
        String(url.prefix { $0 != "?" && $0 != "#" })
    }
}

/// The body and header lines of the response being read, through libcurl's write and header
/// callbacks; refuses (and remembers) a body past `limit`.
private final class ResponseCollector {
    let limit: Int
    var body: [UInt8] = []
    var headers: [(name: String, value: String)] = []
    var overflowed = false

    init(limit: Int) { self.limit = limit }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= limit else {
            overflowed = true
            return 0  // libcurl ends the transfer with CURLE_WRITE_ERROR
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// One header line as libcurl hands it (with its CRLF). A status line starts a new response
    /// (an interim `1xx`), so the fields of an earlier one are dropped.
    func header(_ bytes: UnsafeRawBufferPointer) -> Int {
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = []
        } else if let colon = line.firstIndex(of: ":"), headers.count < 100 {
            let name = line[..<colon].lowercased()
            // "\r\n" is a single Character: it must be in the set as such.
            let value = line[line.index(after: colon)...].trimmingCharacters(in: [" ", "\t", "\r\n", "\r", "\n"])
            headers.append((name, value))
        }
        return bytes.count
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        var slice = self
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

/// libcurl's process-wide state, set up once (CCurl_global_init runs curl_global_init once for
/// the whole process, whichever module asks first).
private let curlGlobalStatus: UInt32 = CCurl_global_init().rawValue

/// One libcurl easy handle, owned here and cleaned up in `deinit`, with its error buffer.
///
/// `check` is the one place a `CURLcode` becomes an `HTTPClientError`.
private final class CurlHandle {
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// Names the request in messages: the URL without its query.
    private let context: String

    init(url: String) throws(HTTPClientError) {
        context = HTTPClient.redacted(url)
        guard curlGlobalStatus == CURLE_OK.rawValue else {
            throw HTTPClientError(.failed, "\(context): libcurl could not initialize (curl \(curlGlobalStatus))")
        }
        guard let handle = curl_easy_init() else {
            throw HTTPClientError(.failed, "\(context): libcurl could not create a handle")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try check(CCurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) throws(HTTPClientError) {
        try check(CCurl_easy_setopt_long(handle, option, value))
    }

    func set(_ option: CURLoption, _ value: String) throws(HTTPClientError) {
        try check(CCurl_easy_setopt_string(handle, option, value))
    }

    /// Sets a list option; `list` must stay alive until the transfer ends.
    func set(_ option: CURLoption, _ list: CurlStringList) throws(HTTPClientError) {
        try check(CCurl_easy_setopt_slist(handle, option, list.head))
    }

    /// Sends the body and the header lines to `collector`, which must stay alive until the
    /// transfer ends.
    func collect(into collector: ResponseCollector) throws(HTTPClientError) {
        let context = Unmanaged.passUnretained(collector).toOpaque()
        try check(CCurl_easy_setopt_write_function(handle, { buffer, size, count, context in
            guard let context else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
            return Unmanaged<ResponseCollector>.fromOpaque(context).takeUnretainedValue().write(bytes)
        }))
        try check(CCurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        try check(CCurl_easy_setopt_header_function(handle, { buffer, size, count, context in
            guard let context else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
            return Unmanaged<ResponseCollector>.fromOpaque(context).takeUnretainedValue().header(bytes)
        }))
        try check(CCurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
    }

    func perform() throws(HTTPClientError) {
        errorBuffer[0] = 0
        try check(curl_easy_perform(handle))
    }

    /// The response's status code, 0 when none was read.
    var responseCode: Int {
        var code = 0
        return CCurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK ? code : 0
    }

    /// Throws the `HTTPClientError` for `status` unless it is `CURLE_OK`.
    func check(_ status: CURLcode) throws(HTTPClientError) {
        guard status != CURLE_OK else { return }
        let message = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(status))
        let code: HTTPClientError.Code
        switch status {
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL: code = .invalidURL
        case CURLE_COULDNT_RESOLVE_HOST: code = .hostNotFound
        case CURLE_COULDNT_CONNECT: code = .connectionFailed
        case CURLE_OPERATION_TIMEDOUT: code = .timeout
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR: code = .certificateRejected
        case CURLE_SSL_CONNECT_ERROR: code = .tlsFailed
        default: code = .failed
        }
        throw HTTPClientError(code, "\(context): \(message) (curl \(status.rawValue))")
    }
}

/// A `curl_slist` of strings (libcurl copies each), freed in `deinit`.
private final class CurlStringList {
    private(set) var head: UnsafeMutablePointer<curl_slist>?

    init(_ items: [String]) {
        for item in items { append(item) }
    }

    func append(_ item: String) {
        // On allocation failure libcurl returns NULL and keeps the old list.
        if let extended = curl_slist_append(head, item) { head = extended }
    }

    deinit { curl_slist_free_all(head) }
}
