import GenkanJSON

extension JSONValue {
    /// A JWT time (RFC 7519 §2 "NumericDate": seconds since 1970, which may have a fraction) as
    /// whole seconds, the fraction cut off; nil for anything else or past `Int`'s range.
    public var numericDate: Int? {
        guard let number = numberValue else { return nil }
        if number.isWholeText { return number.int }
        let value = number.double
        guard value.isFinite, value > Double(Int.min), value < Double(Int.max) else { return nil }
        return Int(value.rounded(.towardZero))
    }
}
