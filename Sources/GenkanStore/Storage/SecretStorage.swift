/// Server secrets by name (the CSRF key, the limits key, the API's signing seed): random bytes made
/// once, the same for every connection, every restart and every server on the database.
public protocol SecretStorage: AnyObject {
    func secret(named name: String) throws(StoreError) -> [UInt8]?

    /// Stores `value` under `name` unless a secret of that name exists (another connection may have
    /// made it first); returns whichever value is stored now.
    func insertSecret(named name: String, _ value: [UInt8]) throws(StoreError) -> [UInt8]
}
