import GenkanValidation

// The JSON reader and base64url live in GenkanValidation beside `JSONValue`, so that modules which
// read JSON without speaking OpenID Connect (GenkanWebAuthn) share them without depending on this
// module and its HTTP client. These names keep `import GenkanOIDC` code compiling unchanged.

/// GenkanValidation's strict JSON reader, under the name GenkanOIDC has always given it.
public typealias JSONParser = GenkanValidation.JSONParser

/// GenkanValidation's base64url codec, under the name GenkanOIDC has always given it.
public typealias Base64URL = GenkanValidation.Base64URL
