/// One column's value on either store: a statement's parameter, a column read back, or what moves
/// from one store to another (`genkan db copy`).
package enum StoreValue: Sendable, Hashable {
    case integer(Int64)
    case double(Double)
    case text(String)
    case blob([UInt8])
    case null
}

extension Optional where Wrapped == Int64 {
    /// The value, or NULL.
    package var storeValue: StoreValue { map { .integer($0) } ?? .null }
}

extension Optional where Wrapped == String {
    /// The value, or NULL.
    package var storeValue: StoreValue { map { .text($0) } ?? .null }
}
