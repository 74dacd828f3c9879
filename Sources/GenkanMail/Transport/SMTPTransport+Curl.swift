import GenkanCurl

extension SMTPTransport {
    /// Sends `bytes` in one SMTP session: EHLO, STARTTLS as `security` says, AUTH when the URL
    /// has credentials, MAIL FROM, RCPT TO for each recipient, DATA, QUIT.
    ///
    /// A recipient the server refuses fails the whole delivery before DATA, so nothing was sent
    /// to anyone and a retry duplicates nothing.
    public func send(_ bytes: [UInt8], envelope: MailEnvelope) throws(MailError) -> MailDelivery {
        let envelope = try envelope.validated()
        do throws(CurlError) {
            let easy = try CurlEasy(secrets: [server.password].compactMap { $0 })
            try easy.set(.url(server.curlURL))
            try easy.set(.protocols("smtp,smtps"))
            try easy.set(.connectTimeout(connectTimeout))
            try easy.set(.timeout(timeout))
            switch security {
            case .implicitTLS, .startTLSRequired: try easy.set(.requireTLS(true))
            case .startTLSWhenOffered: try easy.set(.requireTLS(false))
            }
            if let caFile { try easy.set(.caFile(caFile)) }
            if let user = server.user { try easy.set(.credentials(user: user, password: server.password ?? "")) }
            if !resolve.isEmpty { try easy.set(.resolve(resolve)) }
            try easy.set(.mailFrom("<\(envelope.sender)>"))
            try easy.set(.mailRecipients(envelope.recipients.map { "<\($0)>" }))
            try easy.upload(bytes)
            try easy.perform()
        } catch {
            throw Self.failure(error, endpoint: endpoint)
        }
        return MailDelivery(location: endpoint)
    }

    /// The `MailError` of a failed session: the kind of failure, whether another attempt can
    /// succeed (4xx and network trouble can; 5xx and configuration cannot), the server's refusal
    /// code, and libcurl's message (without the password).
    static func failure(_ error: CurlError, endpoint: String) -> MailError {
        let reply = error.replyCode
        // Only a refusal explains a failure; a 250 or 220 is just the last thing the server said.
        let replyCode = reply >= 400 ? reply : nil
        let transient = (400..<500).contains(reply)
        let detail = "\(endpoint): \(error.description)"
        let code: MailError.Code
        var retryable: Bool?
        switch error.reason {
        case .hostNotFound: code = .hostNotFound
        case .connectionFailed: code = .connectionFailed
        case .timeout: code = .timeout
        case .tlsUnavailable: (code, retryable) = (.tlsUnavailable, transient)
        case .certificateRejected: code = .certificateRejected
        case .tlsFailed: code = .tlsFailed
        case .loginDenied: (code, retryable) = (.authenticationFailed, transient)
        case .unsupported, .unavailable: code = .unsupported
        case .invalidURL, .connectionLost, .aborted, .failed:
            if transient {
                code = .deferred
            } else if (500..<600).contains(reply) {
                code = .rejected
            } else if error.reason == .connectionLost {
                code = .connectionLost
            } else {
                code = .failed
            }
        }
        return MailError(code, detail, retryable: retryable, replyCode: replyCode)
    }
}
