/// The current row of a statement's result on any driver, read a column at a time by number
/// (from 0), so that each stored type is read from its columns in one place
/// (`SQLRow+Rows.swift`).
package protocol SQLRow {
    /// An integer column; 0 for NULL.
    func integer(_ column: Int32) -> Int64
    func optionalInteger(_ column: Int32) -> Int64?
    /// A floating-point column; 0 for NULL.
    func double(_ column: Int32) -> Double
    /// A text column; empty for NULL.
    func text(_ column: Int32) -> String
    func optionalText(_ column: Int32) -> String?
    /// A blob (bytea) column; empty for NULL.
    func blob(_ column: Int32) -> [UInt8]
    /// A column as the type the database stored (for copying a table).
    func value(_ column: Int32) -> StoreValue
}
