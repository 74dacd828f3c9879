/// What an AAGUID says about the authenticator, for a list of a person's passkeys.
public struct AuthenticatorModel: Sendable, Equatable {
    /// How a credential of this kind lives.
    public enum Kind: String, Sendable {
        /// A password manager that syncs passkeys between a person's devices.
        case passwordManager = "password-manager"
        /// An authenticator built into the device or its operating system.
        case platform
        /// A separate device: a USB, NFC or Bluetooth security key.
        case securityKey = "security-key"
    }

    /// The name the maker gives it, in English (a product name, not translated).
    public let name: String
    public let kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

extension AAGUID {
    /// The authenticator model this AAGUID names, when it is one of a small set of well-known
    /// ones; nil for the all-zero AAGUID and for any other.
    public var authenticator: AuthenticatorModel? { Self.knownAuthenticators[self] }

    /// Well-known AAGUIDs, as their makers publish them (the passkey providers most people use
    /// and a few common security keys). A label only: with attestation "none" nothing proves it.
    static let knownAuthenticators: [AAGUID: AuthenticatorModel] = {
        let table: [(String, String, AuthenticatorModel.Kind)] = [
            ("ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4", "Google Password Manager", .passwordManager),
            ("fbfc3007-154e-4ecc-8c0b-6e020557d7bd", "Apple Passwords", .passwordManager),
            ("dd4ec289-e01d-41c9-bb89-70fa845d4bf2", "iCloud Keychain (Managed)", .passwordManager),
            ("53414d53-554e-4700-0000-000000000000", "Samsung Pass", .passwordManager),
            ("d3452668-01fd-4c12-926c-83a4204853aa", "Microsoft Password Manager", .passwordManager),
            ("bada5566-a7aa-401f-bd96-45619a55120d", "1Password", .passwordManager),
            ("d548826e-79b4-db40-a3d8-11116f7e8349", "Bitwarden", .passwordManager),
            ("531126d6-e717-415c-9320-3d9aa6981239", "Dashlane", .passwordManager),
            ("b84e4048-15dc-4dd0-8640-f4f60813c8af", "NordPass", .passwordManager),
            ("0ea242b4-43c4-4a1b-8b17-dd6d0b6baec6", "Keeper", .passwordManager),
            ("50726f74-6f6e-5061-7373-50726f746f6e", "Proton Pass", .passwordManager),
            ("b78a0a55-6ef8-d246-a042-ba0f6d55050c", "LastPass", .passwordManager),
            ("f3809540-7f14-49c1-a8b3-8f813b225541", "Enpass", .passwordManager),
            ("fdb141b2-5d84-443e-8a35-4698c205a502", "KeePassXC", .passwordManager),
            ("08987058-cadc-4b81-b6e1-30de50dcbe96", "Windows Hello", .platform),
            ("9ddd1817-af5a-4672-a2b9-3e3dd95000a9", "Windows Hello", .platform),
            ("6028b017-b1d4-4c02-b4b3-afcdafc96bb2", "Windows Hello", .platform),
            ("adce0002-35bc-c60a-648b-0b25f1f05503", "Chrome on Mac", .platform),
            ("771b48fd-d3d4-4f74-9232-fc157ab0507a", "Edge on Mac", .platform),
            ("b5397666-4885-aa6b-cebf-e52262a439a2", "Chromium Browser", .platform),
            ("19083c3d-8383-4b18-bc03-8f1c9ab2fd1b", "YubiKey 5 Series", .securityKey),
            ("2fc0579f-8113-47ea-b116-bb5a8db9202a", "YubiKey 5 Series with NFC", .securityKey),
            ("a25342c0-3cdc-4414-8e46-f4807fca511c", "YubiKey 5 Series with NFC", .securityKey),
            ("a4e9fc6d-4cbe-4758-b8ba-37598bb5bbaa", "Security Key NFC by Yubico", .securityKey),
            ("b92c3f9a-c014-4056-887f-140a2501163b", "Security Key by Yubico", .securityKey),
            ("42b4fb4a-2866-43b2-9bf7-6c6669c2e5d3", "Google Titan Security Key v2", .securityKey),
        ]
        var models: [AAGUID: AuthenticatorModel] = [:]
        for (text, name, kind) in table {
            guard let aaguid = AAGUID(text) else { preconditionFailure("malformed AAGUID in the table: \(text)") }
            models[aaguid] = AuthenticatorModel(name: name, kind: kind)
        }
        return models
    }()
}
