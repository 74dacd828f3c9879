extension String {
    /// The string with each Unicode scalar for which `replacement` gives a string replaced by it,
    /// the others kept: the loop every escaping of the exchange formats runs.
    func replacingScalars<E: Error>(_ replacement: (Unicode.Scalar) throws(E) -> String?) throws(E) -> String {
        var output = ""
        output.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = try replacement(scalar) {
                output += replaced
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
