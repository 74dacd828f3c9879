import Foundation
import FuzzSupport
@testable import GenkanCatalogTools

/// The input of a target that reads one exchange format: its first byte chooses the fixture to
/// import into (`base`), its second the locale for files that name none (`locale`); the target
/// may read more choices before it takes the rest as the file.
public struct FormatFuzzInput {
    public let base: Int
    public let locale: String
    var input: FuzzInput

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        input = FuzzInput(data, size)
        base = input.choice(CatalogFuzz.bases.count)
        locale = CatalogFuzz.locales[input.choice(CatalogFuzz.locales.count)]
    }

    /// A number below `count` from the next byte (0 when the input is used up).
    public mutating func choice(_ count: Int) -> Int { input.choice(count) }

    /// The rest of the input as strings separated by NUL, at most `limit` of them.
    public func parts(_ limit: Int) -> [String] { input.parts(limit) }

    /// The rest of the input as the file to read (its bytes, and its text as UTF-8 with ill-formed
    /// sequences replaced), once it has also been run as the recipe of a catalog with CR LF, CR and
    /// LF in its keys, values and comments, which must survive `format` exactly
    /// (`CatalogFuzz.checkLineBreaks`; a CR LF once broke a PO file).
    public func file(checkingLineBreaksIn format: ExchangeFormat) -> (bytes: [UInt8], text: String) {
        let bytes = input.rest
        CatalogFuzz.checkLineBreaks(bytes, format: format)
        return (bytes, String(decoding: bytes, as: UTF8.self))
    }
}

extension CatalogFuzz {
    /// Writes `bytes` as `file` in a folder `folder` of a fresh scratch folder, reads that folder
    /// as an import reads it (a `.lproj` or `values-…` folder), and runs `checkImport` on what reads.
    public static func checkFolderImport(_ bytes: [UInt8], folder name: String, file: String, format: ExchangeFormat, base: Int) {
        let folder = freshFolder().appending(path: name)
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try! Data(bytes).write(to: folder.appending(path: file))
        guard let read = try? CatalogImporter().read(folder) else { return }
        checkImport(read, format: format, base: base)
    }
}
