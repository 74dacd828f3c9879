import GenkanJSON

/// GenkanJSON's reader with the rules of a String Catalog: what Xcode refuses is refused
/// (duplicate names included), a byte order mark is tolerated, and errors become `CatalogError`s
/// that say where.
enum CatalogJSON {
    static func parse(_ bytes: [UInt8], maximumBytes: Int = 64 << 20, maximumDepth: Int = 64) throws(CatalogError) -> JSONValue {
        let options = JSONReader.Options(maximumBytes: maximumBytes, maximumDepth: maximumDepth, allowsByteOrderMark: true)
        do {
            return try JSONReader.parse(bytes, options: options)
        } catch {
            if case .tooLarge(let size, let limit) = error.reason { throw CatalogError("the file is \(size) bytes; the limit is \(limit)") }
            throw CatalogError("JSON \(error)")
        }
    }
}
