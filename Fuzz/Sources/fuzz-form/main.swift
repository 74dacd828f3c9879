// FormData (application/x-www-form-urlencoded bodies and query strings) and the percent-decoding
// of path parameters. Invariants: decoding never yields more than 64 fields; what decodes, encoded
// again, decodes to the same fields (code point for code point); any fields (the input as text
// split at NUL into names and values) encode and decode to themselves; a path segment percent-
// encoded decodes to itself, its `+` kept.
import FuzzSupport
@testable import GenkanHTTP

func encode(_ fields: [(name: String, value: String)]) -> [UInt8] {
    Array(fields.map { FormData.percentEncoded($0.name) + "=" + FormData.percentEncoded($0.value) }.joined(separator: "&").utf8)
}

func same(_ a: [(name: String, value: String)], _ b: [(name: String, value: String)]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { sameScalars($0.name, $1.name) && sameScalars($0.value, $1.value) }
}

func shown(_ fields: [(name: String, value: String)]) -> String {
    "[" + fields.map { shown($0.name) + "=" + shown($0.value) }.joined(separator: ", ") + "]"
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let bytes = input.rest
    if let form = try? FormData(bytes) {
        Fuzz.check(form.fields.count <= FormData.maximumFields, "\(form.fields.count) fields")
        let again = try? FormData(encode(form.fields))
        Fuzz.check(again.map { same($0.fields, form.fields) } ?? false,
                   "\(shown(form.fields)) encoded decodes to \(again.map { shown($0.fields) } ?? "a failure")")
        if let text = String(validating: bytes, as: UTF8.self) {
            let query = try? FormData(query: text)
            Fuzz.check(query.map { same($0.fields, form.fields) } ?? false, "the query decoding differs from the body decoding")
        }
    }

    let parts = input.parts(2 * FormData.maximumFields)
    var fields: [(name: String, value: String)] = []
    var index = 0
    while index < parts.count {
        fields.append((parts[index], index + 1 < parts.count ? parts[index + 1] : ""))
        index += 2
    }
    // An empty name with an empty value encodes as "=", which is a field; so is every other pair.
    do {
        let decoded = try FormData(encode(fields))
        Fuzz.check(same(decoded.fields, fields), "\(shown(fields)) decodes to \(shown(decoded.fields))")
    } catch {
        Fuzz.fail("\(shown(fields)) encoded does not decode: \(error)")
    }

    let segment = input.text
    do {
        let decoded = try FormData.percentDecoded(Array(FormData.percentEncoded(segment).utf8), plusIsSpace: false)
        Fuzz.check(sameScalars(decoded, segment), "the path segment \(shown(segment)) decodes to \(shown(decoded))")
    } catch {
        Fuzz.fail("the path segment \(shown(segment)) encoded does not decode: \(error)")
    }
    return 0
}

Fuzz.run(fuzzOneInput)
