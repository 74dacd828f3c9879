// Cookie headers (RFC 6265 §5.4) as the server reads them. The input is a byte of choices, then
// other cookies as any text, one header or several (split at NUL), then a cookie name and value.
// Invariants: nothing beyond 64 pairs is read; a cookie Genkan sets (`SetCookie`, a token name and
// a value of cookie-octets, as every Genkan cookie is), sent back by the browser among any other
// cookies whose text does not contain its name, reads back as its value; each value read is part
// of the header.
import FuzzSupport
@testable import GenkanHTTP

/// RFC 6265 §4.1.1 token characters and cookie-octets: what Genkan's cookie names and values are.
func isToken(_ byte: UInt8) -> Bool {
    byte > 0x20 && byte < 0x7F && !"()<>@,;:\\\"/[]?={}".utf8.contains(byte)
}

func isCookieOctet(_ byte: UInt8) -> Bool {
    byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte) || (0x3C...0x5B).contains(byte)
        || (0x5D...0x7E).contains(byte)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let choice = input.byte()
    var parts = input.parts(10)
    let ours = parts.count >= 3 ? parts.removeLast() : "genkan_session=abc"
    let others = parts

    // Anything: nothing crashes, nothing read is invented.
    let cookies = Cookies(headers: HTTPHeaders(others.map { (name: "Cookie", value: $0) }))
    _ = cookies["genkan_session"]

    // Ours: a name and value as Genkan writes them.
    let equals = ours.utf8.firstIndex(of: UInt8(ascii: "=")) ?? ours.utf8.endIndex
    let name = String(decoding: ours.utf8[..<equals].filter(isToken).prefix(32), as: UTF8.self)
    let value = String(decoding: ours.utf8[equals...].dropFirst().filter(isCookieOctet).prefix(256), as: UTF8.self)
    guard !name.isEmpty else { return 0 }
    let set = SetCookie(name: name, value: value, maxAge: 60, secure: true)
    let sent = String(set.headerValue.split(separator: ";", omittingEmptySubsequences: false)[0])
    Fuzz.check(sent == name + "=" + value, "Set-Cookie \(shown(set.headerValue)) does not start with the pair")

    // The browser's header: ours first, last, or alone in a header of its own.
    let pairsBefore = others.reduce(0) { $0 + $1.utf8.filter { $0 == UInt8(ascii: ";") }.count + 1 }
    let mentionsName = others.contains { $0.utf8.count >= name.utf8.count && $0.contains(name) }
    var headers = others
    switch choice % 3 {
    case 0: headers.insert(sent + (headers.isEmpty ? "" : "; " + headers.removeFirst()), at: 0)
    case 1: headers.append(sent)
    default: headers[headers.count - 1] += "; " + sent
    }
    let read = Cookies(headers: HTTPHeaders(headers.map { (name: "cookie", value: $0) }))
    if choice % 3 == 0 || (!mentionsName && pairsBefore < 63) {
        Fuzz.check(sameScalars(read[name], value) || (choice % 3 != 0 && mentionsName),
                   "the cookie \(shown(sent)) in \(headers.map { shown($0) }) reads \(shown(read[name]))")
    }
    return 0
}

Fuzz.run(fuzzOneInput)
