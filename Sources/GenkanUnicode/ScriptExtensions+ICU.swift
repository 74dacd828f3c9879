private import CICU

extension Unicode.Scalar {
    /// The code point's Script_Extensions (UAX #24 §5.2) as ICU script codes, comparable with
    /// `CodePointProperties.script` (ICU `uscript_getScriptExtensions`).
    package var scriptExtensions: [Int32] {
        var codes = [Int32](repeating: 0, count: 32)
        let count = codes.withUnsafeMutableBufferPointer { GenkanICU_scriptExtensions(value, $0.baseAddress!, Int32($0.count)) }
        return count < 0 ? [] : Array(codes.prefix(Int(count)))
    }
}
