import GenkanJSON

/// What a browser returns from `navigator.credentials.create`: the parts a relying party checks.
public struct RegistrationResponse: Sendable, Equatable {
    /// The credential id (`rawId`).
    public let credentialID: [UInt8]
    public let clientDataJSON: [UInt8]
    public let attestationObject: [UInt8]
    /// `getTransports()`: how the browser reached the authenticator ("internal", "hybrid", "usb", …).
    public let transports: [String]
    /// "platform" or "cross-platform" when the browser says.
    public let authenticatorAttachment: String?

    public init(
        credentialID: [UInt8], clientDataJSON: [UInt8], attestationObject: [UInt8], transports: [String] = [],
        authenticatorAttachment: String? = nil
    ) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
        self.transports = transports
        self.authenticatorAttachment = authenticatorAttachment
    }

    /// Reads `RegistrationResponseJSON` (WebAuthn Level 3 §5.1, what `PublicKeyCredential.toJSON()`
    /// gives): base64url members, `type` "public-key", `id` equal to `rawId`.
    ///
    /// - Throws: `.inputTooLarge`, `.malformedResponse`.
    public init(json bytes: [UInt8], limits: WebAuthnLimits = WebAuthnLimits()) throws(WebAuthnFailure) {
        let credential = try CredentialJSON(bytes, limits: limits)
        self.init(
            credentialID: credential.rawID, clientDataJSON: try credential.bytes("clientDataJSON"),
            attestationObject: try credential.bytes("attestationObject"), transports: try credential.transports(),
            authenticatorAttachment: credential.authenticatorAttachment)
    }
}

/// What a browser returns from `navigator.credentials.get`: the parts a relying party checks.
public struct AssertionResponse: Sendable, Equatable {
    /// The credential id (`rawId`): the key to look the stored credential up by.
    public let credentialID: [UInt8]
    public let clientDataJSON: [UInt8]
    public let authenticatorData: [UInt8]
    public let signature: [UInt8]
    /// The user handle the credential was registered with (`user.id`); discoverable credentials return it.
    public let userHandle: [UInt8]?

    public init(
        credentialID: [UInt8], clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8], userHandle: [UInt8]? = nil
    ) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }

    /// Reads `AuthenticationResponseJSON` (WebAuthn Level 3 §5.1): base64url members, `type`
    /// "public-key", `id` equal to `rawId`, `userHandle` absent, null or base64url.
    ///
    /// - Throws: `.inputTooLarge`, `.malformedResponse`.
    public init(json bytes: [UInt8], limits: WebAuthnLimits = WebAuthnLimits()) throws(WebAuthnFailure) {
        let credential = try CredentialJSON(bytes, limits: limits)
        var userHandle: [UInt8]?
        switch credential.response[member: "userHandle"] {
        case nil, .null?: userHandle = nil
        default: userHandle = try credential.bytes("userHandle")
        }
        self.init(
            credentialID: credential.rawID, clientDataJSON: try credential.bytes("clientDataJSON"),
            authenticatorData: try credential.bytes("authenticatorData"), signature: try credential.bytes("signature"),
            userHandle: userHandle)
    }
}

/// The members `RegistrationResponseJSON` and `AuthenticationResponseJSON` share.
private struct CredentialJSON {
    let rawID: [UInt8]
    let response: JSONValue
    let authenticatorAttachment: String?

    init(_ bytes: [UInt8], limits: WebAuthnLimits) throws(WebAuthnFailure) {
        guard bytes.count <= limits.credentialJSON else {
            throw WebAuthnFailure(.inputTooLarge, "a credential of \(bytes.count) bytes")
        }
        guard let json = JSONReader.value(bytes), case .object = json else {
            throw WebAuthnFailure(.malformedResponse, "the credential is not a JSON object")
        }
        guard json[member: "type"]?.stringValue == "public-key" else {
            throw WebAuthnFailure(.malformedResponse, "the credential's type is not public-key")
        }
        guard let id = json[member: "id"]?.stringValue, let rawIDText = json[member: "rawId"]?.stringValue,
            let rawID = Base64URL.decode(rawIDText), !rawID.isEmpty
        else { throw WebAuthnFailure(.malformedResponse, "no base64url id and rawId") }
        guard id == rawIDText else { throw WebAuthnFailure(.malformedResponse, "id and rawId differ") }
        guard rawID.count <= limits.credentialID else {
            throw WebAuthnFailure(.credentialIDTooLong, "a credential id of \(rawID.count) bytes")
        }
        guard let response = json[member: "response"], case .object = response else {
            throw WebAuthnFailure(.malformedResponse, "no response object")
        }
        self.rawID = rawID
        self.response = response
        self.authenticatorAttachment = json[member: "authenticatorAttachment"]?.stringValue
    }

    /// The response member `name`, decoded from base64url.
    func bytes(_ name: String) throws(WebAuthnFailure) -> [UInt8] {
        guard let text = response[member: name]?.stringValue, let value = Base64URL.decode(text) else {
            throw WebAuthnFailure(.malformedResponse, "no base64url response.\(name)")
        }
        return value
    }

    /// `response.transports`, an array of strings when present.
    func transports() throws(WebAuthnFailure) -> [String] {
        guard let value = response[member: "transports"] else { return [] }
        guard let values = value.arrayValue else { throw WebAuthnFailure(.malformedResponse, "transports is not an array") }
        var transports: [String] = []
        for value in values.prefix(16) {
            guard let text = value.stringValue, text.utf8.count <= 32 else {
                throw WebAuthnFailure(.malformedResponse, "a transport that is not a short string")
            }
            transports.append(text)
        }
        return transports
    }
}
