private import CICU

/// The order Xcode gives the keys of a String Catalog, through ICU collation (UTS #10).
package enum CatalogKeyCollation {
    /// Whether `a` sorts before `b`: English collation at tertiary strength with numeric digits
    /// ("Key2" before "Key10", "baidu" before "Bing"), then code point order to break ties, so that
    /// the order is total.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        // A trailing NUL keeps the buffers non-empty; the lengths passed exclude it.
        let left = Array(a.utf16) + [0], right = Array(b.utf16) + [0]
        let result = left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
                GenkanICU_compareCatalogKeys(l.baseAddress!, Int32(l.count - 1), r.baseAddress!, Int32(r.count - 1))
            }
        }
        switch result {
        case 1: return true
        case 3: return false
        default: return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        }
    }
}
