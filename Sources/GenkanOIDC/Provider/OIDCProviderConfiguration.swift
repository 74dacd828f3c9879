import Foundation

/// A provider as the operator configures it (`--oidc NAME=ISSUER`, `--oidc-client-id`, …, or
/// an entry of `--oidc-config FILE`), before it is checked.
public struct OIDCProviderSettings: Sendable, Equatable {
    /// Lower-case letters, digits and `-`, 1 to 32 characters: it is part of the callback's path.
    public var name: String
    /// The issuer URL; nil takes the preset's (`google`, `apple`).
    public var issuer: String?
    public var clientID: String?
    /// The client secret (Google, generic providers). Apple's is made from `apple`.
    public var clientSecret: String?
    /// More `aud` values accepted in ID tokens: the client ids of native apps whose tokens reach
    /// the Firebase-compatible API (an iOS app's bundle id for Apple, its client id for Google).
    public var audiences: [String] = []
    /// What the button calls a generic provider ("Sign in with NAME"); the name by default.
    public var displayName: String?
    /// Scopes to ask for instead of the preset's.
    public var scopes: [String]?
    /// Apple's client secret: the team id, the key id and the `.p8` key's file.
    public var appleTeamID: String?
    public var appleKeyID: String?
    public var appleKeyFile: String?

    public init(name: String) { self.name = name }
}

/// Why the providers' settings cannot be used; the server does not start.
public struct OIDCConfigurationError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// How the relying party proves itself at the token endpoint.
public enum ClientCredential: Sendable {
    case secret(String)
    /// Apple: an ES256 JWT signed with the team's key, made for each token request.
    case appleKey(teamID: String, keyID: String, key: ES256PrivateKey)
}

/// A provider ready to use: its preset, issuer, client and scopes.
public struct OIDCProviderConfiguration: Sendable {
    public let name: String
    public let preset: ProviderPreset
    public let issuer: String
    public let clientID: String
    public let credential: ClientCredential
    public let audiences: [String]
    public let scopes: [String]
    /// The name a generic provider's button shows.
    public let displayName: String

    /// Checks `settings` and reads Apple's key file.
    public init(_ settings: OIDCProviderSettings) throws(OIDCConfigurationError) {
        let name = settings.name
        guard Self.isValidName(name) else {
            throw OIDCConfigurationError(
                "oidc provider name '\(name)': use 1 to 32 lower-case letters, digits and '-' (it is part of the callback URL)")
        }
        let preset = ProviderPreset(name: name)
        guard let issuer = settings.issuer ?? preset.defaultIssuer else {
            throw OIDCConfigurationError("oidc provider '\(name)' needs an issuer: --oidc \(name)=https://issuer.example")
        }
        guard (try? HTTPClientURL.check(issuer)) != nil, !issuer.contains("?"), !issuer.contains("#") else {
            throw OIDCConfigurationError(
                "oidc provider '\(name)': the issuer '\(issuer)' must be an https:// URL without query (http:// only on loopback)")
        }
        guard let clientID = settings.clientID, !clientID.isEmpty else {
            throw OIDCConfigurationError("oidc provider '\(name)' needs a client id: --oidc-client-id \(name)=ID")
        }
        let credential: ClientCredential
        if preset == .apple, settings.clientSecret == nil {
            guard let teamID = settings.appleTeamID, let keyID = settings.appleKeyID, let file = settings.appleKeyFile else {
                throw OIDCConfigurationError(
                    "oidc provider 'apple' needs --oidc-apple-team-id, --oidc-apple-key-id and --oidc-apple-key FILE (its .p8 key)")
            }
            guard let pem = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw OIDCConfigurationError("oidc provider 'apple': cannot read the key file '\(file)'")
            }
            do {
                credential = .appleKey(teamID: teamID, keyID: keyID, key: try ES256PrivateKey(pem: pem))
            } catch {
                throw OIDCConfigurationError("oidc provider 'apple': '\(file)' is not an unencrypted P-256 private key in PEM (\(error))")
            }
        } else {
            guard let secret = settings.clientSecret, !secret.isEmpty else {
                throw OIDCConfigurationError("oidc provider '\(name)' needs a client secret: --oidc-client-secret \(name)=SECRET")
            }
            credential = .secret(secret)
        }
        let scopes = settings.scopes ?? preset.defaultScopes
        guard scopes.contains("openid") else { throw OIDCConfigurationError("oidc provider '\(name)': the scopes must include openid") }
        self.name = name
        self.preset = preset
        self.issuer = issuer
        self.clientID = clientID
        self.credential = credential
        audiences = [clientID] + settings.audiences
        self.scopes = scopes
        displayName = settings.displayName ?? name
    }

    /// Lower-case ASCII letters, digits and `-`, 1 to 32 characters, starting with a letter.
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...32).contains(bytes.count), let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return false
        }
        return bytes.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-")
        }
    }

    /// The issuers an ID token may name.
    public var acceptedIssuers: [String] { [issuer] + preset.alternateIssuers(of: issuer) }

    /// The id the Firebase-compatible API knows this provider by.
    public var firebaseProviderID: String { preset.firebaseProviderID(name: name) }
}
