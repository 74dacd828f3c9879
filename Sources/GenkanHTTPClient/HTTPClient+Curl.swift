import GenkanCurl

extension HTTPClient {
    /// Sends `request` and reads the whole response, or throws why it could not.
    ///
    /// - Throws: `HTTPClientError`; a response of any status is returned, not thrown.
    public func send(_ request: HTTPClientRequest) throws(HTTPClientError) -> HTTPClientResponse {
        let url = try Self.checkedURL(request.url)
        var lines = request.headers.map { "\($0.name): \($0.value)" }
        // Bytes, not Characters: "\r\n" is one Character, which a search for "\r" does not find.
        guard !lines.contains(where: { $0.utf8.contains(13) || $0.utf8.contains(10) }) else {
            throw HTTPClientError(.invalidURL, "\(url): a request header contains a line break")
        }
        // libcurl would otherwise wait for `100 Continue` before a larger POST body.
        lines.append("Expect:")
        let response = CurlResponse(limit: maximumResponseBytes)
        do throws(CurlError) {
            let easy = try CurlEasy()
            try easy.set(.url(url))
            try easy.set(.protocols("http,https"))
            try easy.set(.followRedirects(false))
            try easy.set(.connectTimeout(connectTimeout))
            try easy.set(.timeout(timeout))
            try easy.set(.verifyTLS)
            if let caFile { try easy.set(.caFile(caFile)) }
            if !resolve.isEmpty { try easy.set(.resolve(resolve)) }
            try easy.set(.userAgent(userAgent))
            try easy.set(.acceptAnyEncoding)  // the size limit counts decoded bytes
            switch request.method {
            case .get: break
            case .postForm(let fields):
                lines.append("Content-Type: application/x-www-form-urlencoded")
                try easy.set(.postBody(HTTPClientRequest.formBody(fields)))  // copied: it may hold a client secret
            case .postJSON(let body):
                lines.append("Content-Type: application/json")
                try easy.set(.postBody(String(decoding: body, as: UTF8.self)))
            }
            try easy.set(.headers(lines))
            try easy.receive(into: response)
            try easy.perform()
            return HTTPClientResponse(status: easy.replyCode, headers: response.headers, body: response.body)
        } catch {
            throw Self.failure(error, url: url, overflowed: response.overflowed)
        }
    }

    /// The client's error for a failed transfer.
    static func failure(_ error: CurlError, url: String, overflowed: Bool) -> HTTPClientError {
        let context = redacted(url)
        if overflowed { return HTTPClientError(.responseTooLarge, "\(context): the response is over the size limit") }
        let code: HTTPClientError.Code
        switch error.reason {
        case .invalidURL, .unsupported: code = .invalidURL
        case .hostNotFound: code = .hostNotFound
        case .connectionFailed: code = .connectionFailed
        case .timeout: code = .timeout
        case .certificateRejected: code = .certificateRejected
        case .tlsFailed, .tlsUnavailable: code = .tlsFailed
        case .loginDenied, .connectionLost, .aborted, .failed, .unavailable: code = .failed
        }
        return HTTPClientError(code, "\(context): \(error.description)")
    }

    /// The URL without its query, for messages (a query may carry a code or a token).
    static func redacted(_ url: String) -> String {
        String(url.prefix { $0 != "?" && $0 != "#" })
    }
}
