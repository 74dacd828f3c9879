/// The words of a table definition that differ between engines, for a schema step written once
/// (`Schema.Step.ddl`): `"ALTER TABLE accounts ADD COLUMN trusted_since \(dialect.integer)"`.
/// The rest of Genkan's DDL (TEXT, NOT NULL, CHECK, REFERENCES … ON DELETE CASCADE, UNIQUE,
/// indexes, partial indexes) reads the same in both.
extension SQLDialect {
    /// A 64-bit integer column: SQLite's STRICT tables accept INTEGER (which holds 64 bits), not
    /// BIGINT. Flags are integers 0 or 1 (with a CHECK) in both, so a copy between them is a copy.
    package var integer: String {
        switch self {
        case .sqlite: "INTEGER"
        case .postgresql: "BIGINT"
        }
    }

    /// A double-precision column.
    package var real: String {
        switch self {
        case .sqlite: "REAL"
        case .postgresql: "DOUBLE PRECISION"
        }
    }

    /// A byte-string column.
    package var blob: String {
        switch self {
        case .sqlite: "BLOB"
        case .postgresql: "BYTEA"
        }
    }

    /// An integer primary key whose values are never given twice, not even after the row with
    /// the highest one is deleted (pages and log lines name rows by it).
    package var neverReusedID: String {
        switch self {
        case .sqlite: "INTEGER PRIMARY KEY AUTOINCREMENT"
        case .postgresql: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
        }
    }

    /// What follows the closing parenthesis of a CREATE TABLE: SQLite checks a column's type only
    /// in a STRICT table.
    package var tableOptions: String {
        switch self {
        case .sqlite: " STRICT"
        case .postgresql: ""
        }
    }

    /// The length in bytes (UTF-8 for text) of `expression`, a text or blob column, for a CHECK.
    package func byteLength(_ expression: String) -> String {
        switch self {
        case .sqlite: "length(CAST(\(expression) AS BLOB))"
        case .postgresql: "octet_length(\(expression))"
        }
    }
}
