private import CCurl

/// libcurl's process-wide state, set up once (`CCurl_global_init` runs `curl_global_init` once for
/// the whole process, whoever asks first).
private let curlGlobalStatus: UInt32 = CCurl_global_init().rawValue

/// One libcurl easy handle, owned here and cleaned up in `deinit`, with its error buffer: the one
/// owner of libcurl handles for Genkan (the HTTP client and the SMTP transport use it).
///
/// `check` is the one place a `CURLcode` becomes a `CurlError`.
package final class CurlEasy {
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// Text that must never reach a message (a password), replaced if libcurl ever quotes it.
    private let secrets: [String]
    /// What the transfer's objects that libcurl points into must outlive.
    private var retained: [AnyObject] = []

    /// - Parameter secrets: strings to remove from every error message.
    package init(secrets: [String] = []) throws(CurlError) {
        self.secrets = secrets.filter { !$0.isEmpty }
        guard curlGlobalStatus == CURLE_OK.rawValue else {
            throw CurlError(.unavailable, code: curlGlobalStatus, message: "libcurl could not initialize")
        }
        guard let handle = curl_easy_init() else { throw CurlError(.unavailable, message: "libcurl could not create a handle") }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try check(CCurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        // Timeouts through signals would interrupt other threads; libcurl's threaded resolver
        // (Debian's build) still times out name lookups.
        try check(CCurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// An option of the transfer, typed: the options Genkan sets, and what each takes.
    package enum Option {
        case url(String)
        /// The protocols libcurl may use, comma-separated (`"https,http"`, `"smtp,smtps"`).
        case protocols(String)
        case followRedirects(Bool)
        case connectTimeout(Duration)
        case timeout(Duration)
        /// Verify the peer's certificate and its name (always on for Genkan).
        case verifyTLS
        case caFile(String)
        /// `HOST:PORT:ADDRESS` entries that bypass name resolution (tests).
        case resolve([String])
        case userAgent(String)
        /// Ask for any encoding libcurl can decode (`""`).
        case acceptAnyEncoding
        case headers([String])
        /// A POST body, copied by libcurl (it may hold a secret).
        case postBody(String)
        /// SMTP: STARTTLS required (`true`) or used when offered.
        case requireTLS(Bool)
        case credentials(user: String, password: String)
        case mailFrom(String)
        case mailRecipients([String])
    }

    package func set(_ option: Option) throws(CurlError) {
        switch option {
        case .url(let url): try set(CURLOPT_URL, url)
        case .protocols(let list): try set(CURLOPT_PROTOCOLS_STR, list)
        case .followRedirects(let follow): try set(CURLOPT_FOLLOWLOCATION, follow ? 1 : 0)
        case .connectTimeout(let duration): try set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(duration))
        case .timeout(let duration): try set(CURLOPT_TIMEOUT_MS, Self.milliseconds(duration))
        case .verifyTLS:
            try set(CURLOPT_SSL_VERIFYPEER, 1)
            try set(CURLOPT_SSL_VERIFYHOST, 2)
        case .caFile(let path): try set(CURLOPT_CAINFO, path)
        case .resolve(let entries): try set(CURLOPT_RESOLVE, entries)
        case .userAgent(let agent): try set(CURLOPT_USERAGENT, agent)
        case .acceptAnyEncoding: try set(CURLOPT_ACCEPT_ENCODING, "")
        case .headers(let lines): try set(CURLOPT_HTTPHEADER, lines)
        case .postBody(let body):
            try set(CURLOPT_POSTFIELDSIZE, body.utf8.count)
            try set(CURLOPT_COPYPOSTFIELDS, body)
        case .requireTLS(let required):
            try set(CURLOPT_USE_SSL, Int(required ? CURLUSESSL_ALL.rawValue : CURLUSESSL_TRY.rawValue))
        case .credentials(let user, let password):
            try set(CURLOPT_USERNAME, user)
            try set(CURLOPT_PASSWORD, password)
        case .mailFrom(let sender): try set(CURLOPT_MAIL_FROM, sender)
        case .mailRecipients(let recipients): try set(CURLOPT_MAIL_RCPT, recipients)
        }
    }

    /// Sends the response's body and header lines to `response`.
    package func receive(into response: CurlResponse) throws(CurlError) {
        retained.append(response)
        let context = Unmanaged.passUnretained(response).toOpaque()
        try check(CCurl_easy_setopt_write_function(handle, { buffer, size, count, context in
            guard let context else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
            return Unmanaged<CurlResponse>.fromOpaque(context).takeUnretainedValue().write(bytes)
        }))
        try check(CCurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        try check(CCurl_easy_setopt_header_function(handle, { buffer, size, count, context in
            guard let context else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
            return Unmanaged<CurlResponse>.fromOpaque(context).takeUnretainedValue().header(bytes)
        }))
        try check(CCurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
    }

    /// Uploads `bytes` (SMTP's DATA).
    package func upload(_ bytes: [UInt8]) throws(CurlError) {
        let upload = CurlUpload(bytes)
        retained.append(upload)
        try set(CURLOPT_UPLOAD, 1)
        try set(CURLOPT_INFILESIZE, bytes.count)
        try check(CCurl_easy_setopt_read_function(handle, { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            return Unmanaged<CurlUpload>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: size * count)
        }))
        try check(CCurl_easy_setopt_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(upload).toOpaque()))
    }

    /// Runs the transfer.
    package func perform() throws(CurlError) {
        errorBuffer[0] = 0
        try withExtendedLifetime(retained) { () throws(CurlError) in try check(curl_easy_perform(handle)) }
    }

    /// The last status or reply code the server sent (`200`, `250`, `550`), 0 when none.
    package var replyCode: Int {
        var code = 0
        return CCurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK ? code : 0
    }

    // MARK: Internals

    private func set(_ option: CURLoption, _ value: Int) throws(CurlError) {
        try check(CCurl_easy_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(CurlError) {
        try check(CCurl_easy_setopt_string(handle, option, value))
    }

    private func set(_ option: CURLoption, _ items: [String]) throws(CurlError) {
        let list = CurlList(items)
        retained.append(list)
        try check(CCurl_easy_setopt_slist(handle, option, list.head))
    }

    /// Whole milliseconds, at least 1 (libcurl reads 0 as "no timeout").
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    /// Throws the `CurlError` for `status` unless it is `CURLE_OK`.
    private func check(_ status: CURLcode) throws(CurlError) {
        guard status != CURLE_OK else { return }
        var message = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(status))
        for secret in secrets { message = message.replacing(secret, with: "[redacted]") }
        let reason: CurlError.Reason
        switch status {
        case CURLE_URL_MALFORMAT: reason = .invalidURL
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_NOT_BUILT_IN, CURLE_UNKNOWN_OPTION, CURLE_FAILED_INIT, CURLE_BAD_FUNCTION_ARGUMENT,
            CURLE_SSL_ENGINE_NOTFOUND:
            reason = .unsupported
        case CURLE_COULDNT_RESOLVE_HOST: reason = .hostNotFound
        case CURLE_COULDNT_CONNECT: reason = .connectionFailed
        case CURLE_OPERATION_TIMEDOUT: reason = .timeout
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR: reason = .certificateRejected
        case CURLE_SSL_CONNECT_ERROR: reason = .tlsFailed
        case CURLE_USE_SSL_FAILED: reason = .tlsUnavailable
        case CURLE_LOGIN_DENIED: reason = .loginDenied
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_WEIRD_SERVER_REPLY: reason = .connectionLost
        case CURLE_WRITE_ERROR, CURLE_ABORTED_BY_CALLBACK: reason = .aborted
        default: reason = .failed
        }
        throw CurlError(reason, code: status.rawValue, message: message, replyCode: replyCode)
    }
}

/// A `curl_slist` of strings (libcurl copies each), freed in `deinit`.
private final class CurlList {
    private(set) var head: UnsafeMutablePointer<curl_slist>?

    init(_ items: [String]) {
        for item in items {
            // On allocation failure libcurl returns NULL and keeps the old list; the option then
            // carries fewer entries and the server's answer reports it.
            if let extended = curl_slist_append(head, item) { head = extended }
        }
    }

    deinit { curl_slist_free_all(head) }
}

/// The bytes libcurl reads for an upload, through CURLOPT_READFUNCTION.
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
