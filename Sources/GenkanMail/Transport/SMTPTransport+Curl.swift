private import CCurl

extension SMTPTransport {
    /// Sends `bytes` in one SMTP session: EHLO, STARTTLS as `security` says, AUTH when the URL
    /// has credentials, MAIL FROM, RCPT TO for each recipient, DATA, QUIT.
    ///
    /// A recipient the server refuses fails the whole delivery before DATA, so nothing was sent
    /// to anyone and a retry duplicates nothing.
    public func send(_ bytes: [UInt8], envelope: MailEnvelope) throws(MailError) -> MailDelivery {
        let envelope = try envelope.validated()
        let easy = try CurlEasy(context: endpoint, secrets: [server.password].compactMap { $0 })
        let recipients = CurlList(envelope.recipients.map { "<\($0)>" })
        let resolved = CurlList(resolve)
        let upload = CurlUpload(bytes)

        try easy.set(CURLOPT_URL, server.curlURL)
        try easy.set(CURLOPT_PROTOCOLS_STR, "smtp,smtps")
        // Timeouts through signals would interrupt other threads; libcurl's threaded resolver
        // (Debian's build) still times out name lookups.
        try easy.set(CURLOPT_NOSIGNAL, 1)
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, connectTimeout.milliseconds)
        try easy.set(CURLOPT_TIMEOUT_MS, timeout.milliseconds)
        switch security {
        case .implicitTLS, .startTLSRequired: try easy.set(CURLOPT_USE_SSL, Int(CURLUSESSL_ALL.rawValue))
        case .startTLSWhenOffered: try easy.set(CURLOPT_USE_SSL, Int(CURLUSESSL_TRY.rawValue))
        }
        if let caFile { try easy.set(CURLOPT_CAINFO, caFile) }
        if let user = server.user {
            try easy.set(CURLOPT_USERNAME, user)
            try easy.set(CURLOPT_PASSWORD, server.password ?? "")
        }
        if !resolve.isEmpty { try easy.set(CURLOPT_RESOLVE, resolved) }
        try easy.set(CURLOPT_MAIL_FROM, "<\(envelope.sender)>")
        try easy.set(CURLOPT_MAIL_RCPT, recipients)
        try easy.set(CURLOPT_UPLOAD, 1)
        try easy.set(CURLOPT_INFILESIZE, bytes.count)
        try easy.upload(upload)
        try withExtendedLifetime((recipients, resolved, upload)) { () throws(MailError) in try easy.perform() }
        return MailDelivery(location: endpoint)
    }
}

/// libcurl's process-wide state, set up once before the first handle (curl_global_init is not
/// thread-safe in every release; a Swift global is initialized exactly once).
private let curlGlobalStatus: UInt32 = CCurl_global_init().rawValue

/// One libcurl easy handle, owned here and cleaned up in `deinit`, with its error buffer.
///
/// `check` is the one place a `CURLcode` becomes a `MailError`.
private final class CurlEasy {
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// Names the server in messages.
    private let context: String
    /// Text that must never reach a message (the password), replaced if libcurl ever quotes it.
    private let secrets: [String]

    init(context: String, secrets: [String]) throws(MailError) {
        self.context = context
        self.secrets = secrets.filter { !$0.isEmpty }
        guard curlGlobalStatus == CURLE_OK.rawValue else {
            throw MailError(.unsupported, "\(context): libcurl could not initialize (curl \(curlGlobalStatus))")
        }
        guard let handle = curl_easy_init() else {
            throw MailError(.unsupported, "\(context): libcurl could not create a handle")
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

    func set(_ option: CURLoption, _ value: Int) throws(MailError) {
        try check(CCurl_easy_setopt_long(handle, option, value))
    }

    func set(_ option: CURLoption, _ value: String) throws(MailError) {
        try check(CCurl_easy_setopt_string(handle, option, value))
    }

    /// Sets a list option; `list` must stay alive until the transfer ends.
    func set(_ option: CURLoption, _ list: CurlList) throws(MailError) {
        try check(CCurl_easy_setopt_slist(handle, option, list.head))
    }

    /// Makes `upload` the source of the data; it must stay alive until the transfer ends.
    func upload(_ upload: CurlUpload) throws(MailError) {
        try check(CCurl_easy_setopt_read_function(handle, { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            return Unmanaged<CurlUpload>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: size * count)
        }))
        try check(CCurl_easy_setopt_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(upload).toOpaque()))
    }

    /// Runs the transfer.
    func perform() throws(MailError) {
        errorBuffer[0] = 0
        try check(curl_easy_perform(handle))
    }

    /// The last reply code the server sent (`250`, `550`), 0 when none.
    var replyCode: Int {
        var code = 0
        return CCurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK ? code : 0
    }

    /// Throws the `MailError` for `status` unless it is `CURLE_OK`: the kind of failure, whether
    /// another attempt can succeed (4xx and network trouble can; 5xx and configuration cannot),
    /// the server's reply code, and libcurl's message with any secret removed.
    func check(_ status: CURLcode) throws(MailError) {
        guard status != CURLE_OK else { return }
        let reply = replyCode
        // Only a refusal explains a failure; a 250 or 220 is just the last thing the server said.
        let replyCode = reply >= 400 ? reply : nil
        let transient = (400..<500).contains(reply)
        var message = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(status))
        for secret in secrets { message = message.replacing(secret, with: "[redacted]") }
        let detail = "\(context): \(message) (curl \(status.rawValue))"
        let code: MailError.Code
        var retryable: Bool?
        switch status {
        case CURLE_COULDNT_RESOLVE_HOST: code = .hostNotFound
        case CURLE_COULDNT_CONNECT: code = .connectionFailed
        case CURLE_OPERATION_TIMEDOUT: code = .timeout
        case CURLE_USE_SSL_FAILED: (code, retryable) = (.tlsUnavailable, transient)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR: code = .certificateRejected
        case CURLE_SSL_CONNECT_ERROR: code = .tlsFailed
        case CURLE_LOGIN_DENIED: (code, retryable) = (.authenticationFailed, transient)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_NOT_BUILT_IN, CURLE_UNKNOWN_OPTION, CURLE_FAILED_INIT,
             CURLE_BAD_FUNCTION_ARGUMENT, CURLE_SSL_ENGINE_NOTFOUND:
            code = .unsupported
        default:
            if transient {
                code = .deferred
            } else if (500..<600).contains(reply) {
                code = .rejected
            } else if [CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_WEIRD_SERVER_REPLY].contains(status) {
                code = .connectionLost
            } else {
                code = .failed
            }
        }
        throw MailError(code, detail, retryable: retryable, replyCode: replyCode)
    }
}

/// A `curl_slist` of strings (libcurl copies each), freed in `deinit`.
private final class CurlList {
    private(set) var head: UnsafeMutablePointer<curl_slist>?

    init(_ items: [String]) {
        for item in items {
            // On allocation failure libcurl returns NULL and keeps the old list; the option
            // then carries fewer entries and the server's answer reports it.
            if let extended = curl_slist_append(head, item) { head = extended }
        }
    }

    deinit { curl_slist_free_all(head) }
}

/// The bytes libcurl reads for DATA, through CURLOPT_READFUNCTION.
private final class CurlUpload {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}
