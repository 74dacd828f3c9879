import GenkanJSON

/// The CSV `firebase auth:export` writes, read row by row into the members its JSON has, so one
/// record reader (`FirebaseUserRecord`) serves both.
///
/// firebase-tools writes one row per user, no header, its columns by position (its
/// `transUserToArray`): uid, address, verified, hash, salt, name, photo; four columns (raw id,
/// address, name, photo) for each of Google, Facebook, Twitter and GitHub; created and last
/// sign-in times (milliseconds), phone number, disabled, custom claims; then four for each of
/// Apple, Microsoft, Game Center, Play Games, LinkedIn and Yahoo — 52 columns and a trailing comma.
/// Older releases wrote fewer (up to the claims, column 28); a row may stop after any column from
/// the 27th. Fields are RFC 4180's: quoted when they hold a comma, quote or line break, with
/// quotes doubled; firebase-tools' own import trims each field, and so does this.
package struct ExportCSVReader {
    private var source: ByteSource

    /// Firebase's provider id of each group of four columns, by its first column.
    static let providerColumns: [(column: Int, providerID: String)] = [
        (7, "google.com"), (11, "facebook.com"), (15, "twitter.com"), (19, "github.com"), (28, "apple.com"), (32, "microsoft.com"),
        (36, "gc.apple.com"), (40, "playgames.google.com"), (44, "linkedin.com"), (48, "yahoo.com"),
    ]
    static let columns = 52

    package init(path: String) throws(ExportFileReader.Failure) {
        source = try ByteSource(path: path)
    }

    private var nextIndex = 0

    /// The next row as a user record; nil at the end of the file. Empty lines are skipped.
    package mutating func next() throws(ExportFileReader.Failure) -> ExportFileReader.Record? {
        while source.peek() != nil {
            let line = source.line
            let fields = try row()
            if fields.count == 1, fields[0].isEmpty { continue }
            defer { nextIndex += 1 }
            return ExportFileReader.Record(index: nextIndex, line: line, value: try Self.record(fields, line: line))
        }
        if let error = source.readError { throw ExportFileReader.Failure(line: source.line, message: "cannot read the file: \(error)") }
        return nil
    }

    /// The fields of the next row (RFC 4180 §2), its line break taken.
    private mutating func row() throws(ExportFileReader.Failure) -> [String] {
        let startLine = source.line
        var fields: [String] = []
        var size = 0
        func failure(_ message: String) -> ExportFileReader.Failure { ExportFileReader.Failure(line: startLine, message: message) }
        func take() throws(ExportFileReader.Failure) -> UInt8? {
            guard let byte = source.next() else { return nil }
            size += 1
            guard size <= ExportFileReader.maximumUserBytes else {
                throw failure("a row is longer than \(ExportFileReader.maximumUserBytes >> 10) KiB")
            }
            return byte
        }
        func isEnd(_ byte: UInt8?) -> Bool { byte == nil || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",") }
        while true {
            var field: [UInt8] = []
            while let byte = source.peek(), byte == 0x20 || byte == 0x09 { _ = try take() }
            if source.peek() == UInt8(ascii: "\"") {
                _ = try take()
                while true {
                    guard let byte = try take() else { throw failure("the file ends inside a quoted field") }
                    if byte == UInt8(ascii: "\"") {
                        guard source.peek() == UInt8(ascii: "\"") else { break }
                        _ = try take()
                    }
                    field.append(byte)
                }
                while let byte = source.peek(), byte == 0x20 || byte == 0x09 { _ = try take() }
                guard isEnd(source.peek()) else { throw failure("text after the closing quote of field \(fields.count + 1)") }
            } else {
                while !isEnd(source.peek()) {
                    guard let byte = try take(), byte != UInt8(ascii: "\"") else { throw failure("a quote inside unquoted field \(fields.count + 1)") }
                    field.append(byte)
                }
                while let last = field.last, last == 0x20 || last == 0x09 { field.removeLast() }
            }
            guard let text = String(validating: field, as: UTF8.self) else { throw failure("field \(fields.count + 1) is not UTF-8") }
            fields.append(text)
            switch try take() {
            case UInt8(ascii: ","): continue
            case 0x0D:
                guard try take() == 0x0A else { throw failure("a carriage return without a line feed") }
                return fields
            default: return fields
            }
        }
    }

    /// A row as the members of Firebase's JSON export (an empty field is no member).
    static func record(_ fields: [String], line: Int) throws(ExportFileReader.Failure) -> JSONValue {
        // firebase-tools ends every row with a comma: one empty field past the last column.
        var fields = fields
        if fields.count > columns, fields[columns...].allSatisfy(\.isEmpty) { fields.removeSubrange(columns...) }
        guard fields.count >= 27, fields.count <= columns else {
            throw ExportFileReader.Failure(line: line, message: "a row has \(fields.count) columns, not 27 to \(columns) as firebase auth:export writes")
        }
        func field(_ index: Int) -> String? { index < fields.count && !fields[index].isEmpty ? fields[index] : nil }
        func flag(_ index: Int, _ name: String) throws(ExportFileReader.Failure) -> JSONValue? {
            switch field(index) {
            case nil: nil
            case "true": .bool(true)
            case "false": .bool(false)
            default: throw ExportFileReader.Failure(line: line, message: "\(name) (column \(index + 1)) is neither true nor false")
            }
        }
        var members: JSONValue.Members = []
        for (index, name) in [(0, "localId"), (1, "email")] { if let value = field(index) { members.append((name, .string(value))) } }
        if let verified = try flag(2, "emailVerified") { members.append(("emailVerified", verified)) }
        for (index, name) in [(3, "passwordHash"), (4, "salt"), (5, "displayName"), (6, "photoUrl"), (23, "createdAt"), (24, "lastSignedInAt"),
                              (25, "phoneNumber")] {
            if let value = field(index) { members.append((name, .string(value))) }
        }
        if let disabled = try flag(26, "disabled") { members.append(("disabled", disabled)) }
        if let claims = field(27) { members.append(("customAttributes", .string(claims))) }
        var providers: [JSONValue] = []
        for (column, providerID) in providerColumns {
            guard let rawID = field(column) else { continue }
            var entry: JSONValue.Members = [("providerId", .string(providerID)), ("rawId", .string(rawID))]
            for (offset, name) in [(1, "email"), (2, "displayName"), (3, "photoUrl")] {
                if let value = field(column + offset) { entry.append((name, .string(value))) }
            }
            providers.append(.object(entry))
        }
        if !providers.isEmpty { members.append(("providerUserInfo", .array(providers))) }
        return .object(members)
    }
}
