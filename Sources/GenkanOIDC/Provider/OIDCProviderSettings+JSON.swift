import GenkanJSON

extension OIDCProviderSettings {
    /// The providers of a `--oidc-config` file: an object whose members are the providers by
    /// name, in button order.
    ///
    /// ```json
    /// {
    ///   "google": { "clientId": "1234.apps.googleusercontent.com", "clientSecret": "GOCSPX-…" },
    ///   "apple": { "clientId": "com.example.web", "teamId": "ABCDE12345", "keyId": "XYZ987",
    ///              "keyFile": "/etc/genkan/AuthKey_XYZ987.p8", "audiences": ["com.example.app"] },
    ///   "corp": { "issuer": "https://login.example.com/realms/staff", "clientId": "genkan",
    ///             "clientSecret": "…", "displayName": "Example Staff" }
    /// }
    /// ```
    ///
    /// - Throws: when the file is not such an object or a member has the wrong type; what each
    ///   provider needs is checked later, by `OIDCProviderConfiguration`.
    public static func list(fromJSON bytes: [UInt8], source: String) throws(OIDCConfigurationError) -> [OIDCProviderSettings] {
        guard let document = JSONReader.value(bytes), case .object(let members) = document else {
            throw OIDCConfigurationError("\(source): not a JSON object of providers by name")
        }
        var list: [OIDCProviderSettings] = []
        for (name, entry) in members {
            guard case .object(let fields) = entry else { throw OIDCConfigurationError("\(source): '\(name)' is not an object") }
            var settings = OIDCProviderSettings(name: name)
            for (field, value) in fields {
                func text() throws(OIDCConfigurationError) -> String {
                    guard let text = value.stringValue else { throw OIDCConfigurationError("\(source): \(name).\(field) must be a string") }
                    return text
                }
                func texts() throws(OIDCConfigurationError) -> [String] {
                    guard let values = value.arrayValue, values.allSatisfy({ $0.stringValue != nil }) else {
                        throw OIDCConfigurationError("\(source): \(name).\(field) must be an array of strings")
                    }
                    return values.compactMap(\.stringValue)
                }
                switch field {
                case "issuer": settings.issuer = try text()
                case "clientId": settings.clientID = try text()
                case "clientSecret": settings.clientSecret = try text()
                case "audiences": settings.audiences = try texts()
                case "displayName": settings.displayName = try text()
                case "scopes": settings.scopes = try texts()
                case "teamId": settings.appleTeamID = try text()
                case "keyId": settings.appleKeyID = try text()
                case "keyFile": settings.appleKeyFile = try text()
                default:
                    throw OIDCConfigurationError(
                        "\(source): \(name).\(field) is not a setting (issuer, clientId, clientSecret, audiences, displayName, scopes, teamId, keyId, keyFile)"
                    )
                }
            }
            list.append(settings)
        }
        return list
    }
}
