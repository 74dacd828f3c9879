private import CQRencode

/// Why a text could not be made into a QR code.
package enum QRCodeError: Error, Equatable {
    /// Empty, or holding a NUL character.
    case invalidText
    /// More than a version 40 code holds at the level asked for.
    case tooLong
    /// libqrencode failed (out of memory).
    case failed
}

extension QRCode {
    /// Error correction (ISO/IEC 18004 §6.5.1). `medium` (15 %) is the usual choice for a code
    /// shown on a screen: a phone's camera sees glare and moiré rather than dirt.
    package enum Level: Sendable {
        case low, medium, quartile, high
    }

    /// Encodes `text` as its UTF-8 bytes in the smallest version that holds them
    /// ([`QRcode_encodeString`](https://fukuchi.org/works/qrencode/manual/qrencode_8h.html)).
    ///
    /// - Throws: `QRCodeError.invalidText` for empty text or text with a NUL, `.tooLong` past
    ///   version 40.
    package init(encoding text: String, level: Level = .medium) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        var width: Int32 = 0
        var modules: UnsafeMutablePointer<UInt8>?
        let status = CQRencode_encode(bytes, bytes.count, level.cLevel, &width, &modules)
        defer { CQRencode_free(modules) }
        try Self.check(status)
        let side = Int(width)
        let cells = UnsafeBufferPointer(start: modules, count: side * side)
        self.init(width: side, modules: cells.map { $0 != 0 })
    }

    /// The one place a CQRencode status is read.
    fileprivate static func check(_ status: CQRencode_status) throws(QRCodeError) {
        switch status {
        case CQRencode_ok: return
        case CQRencode_invalid_input: throw .invalidText
        case CQRencode_too_long: throw .tooLong
        default: throw .failed
        }
    }
}

extension QRCode.Level {
    fileprivate var cLevel: CQRencode_level {
        switch self {
        case .low: CQRencode_level_low
        case .medium: CQRencode_level_medium
        case .quartile: CQRencode_level_quartile
        case .high: CQRencode_level_high
        }
    }
}
