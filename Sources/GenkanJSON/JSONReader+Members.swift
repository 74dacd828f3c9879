extension JSONReader {
    /// A member of an object read by `members(_:options:)`: its name, and the indices of its
    /// value's text in the bytes read.
    public struct Member: Sendable, Hashable {
        public let name: String
        public let value: Range<Int>

        public init(name: String, value: Range<Int>) {
            self.name = name
            self.value = value
        }
    }

    /// The members of the object that is the whole text, each name with the indices of its value
    /// in `bytes`, the whole text checked as `parse` checks it but no value built: a reader of a
    /// large document parses only the values it wants, when it wants them. A repeated name among
    /// these members is treated as `options` say; one inside a value is found when that value is
    /// parsed.
    ///
    /// A String Catalog of megabytes is read so, a part at a time (the indices are the
    /// collection's own, so they stay right in a slice):
    ///
    ///     let top = try JSONReader.members(bytes)
    ///     guard let strings = top.first(where: { $0.name == "strings" }) else { … }
    ///     for entry in try JSONReader.members(bytes[strings.value]) { … entry.name, entry.value … }
    ///
    /// Throws what `parse` would throw for the text (but for a repeated name inside a value), and
    /// for a text that is another value than an object; an error's place is counted from the
    /// first of `bytes`.
    public static func members<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, options: Options = Options()
    ) throws(JSONError) -> [Member] where Bytes.Index == Int {
        func scan(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<[Member], JSONError> {
            var scanner = JSONScanner(bytes: buffer, options: options)
            return Result { () throws(JSONError) in try scanner.memberPlaces() }
        }
        let places = try (bytes.withContiguousStorageIfAvailable(scan) ?? Array(bytes).withUnsafeBufferPointer(scan)).get()
        let start = bytes.startIndex
        guard start != 0 else { return places }
        return places.map { Member(name: $0.name, value: $0.value.lowerBound + start..<$0.value.upperBound + start) }
    }
}
