private import CICU

/// The order Xcode gives the keys of a String Catalog, through ICU collation (UTS #10).
package enum CatalogKeyCollation {
    /// Whether `a` sorts before `b`: English collation at tertiary strength with numeric digits
    /// ("Key2" before "Key10", "baidu" before "Bing"), then code point order to break ties, so that
    /// the order is total.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        CollationOrder.catalogKeys.precedes(a, b)
    }
}

/// The orders Genkan sorts text in through ICU collation (UTS #10).
enum CollationOrder {
    /// Xcode's order of String Catalog keys.
    case catalogKeys
    /// CLDR's root collation order.
    case root

    /// Whether `a` sorts before `b`, code point order breaking ties (and standing in when ICU
    /// cannot collate), so that the order is total.
    func precedes(_ a: String, _ b: String) -> Bool {
        let collator = switch self {
        case .catalogKeys: GenkanICUCollatorCatalogKeys
        case .root: GenkanICUCollatorRoot
        }
        // A trailing NUL keeps the buffers non-empty; the lengths passed exclude it.
        let left = Array(a.utf16) + [0], right = Array(b.utf16) + [0]
        let result = left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
                GenkanICU_compare(collator, l.baseAddress!, Int32(l.count - 1), r.baseAddress!, Int32(r.count - 1))
            }
        }
        switch result {
        case 1: return true
        case 3: return false
        default: return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        }
    }
}
