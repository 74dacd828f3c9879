// GenkanJSON's reader on any bytes, under the options its users choose (the first byte), and its
// writer on whatever reads: the one JSON reader behind OpenID, WebAuthn, the Firebase API, the
// catalog tools and `genkan validate --jsonl`.
//
// Invariants: nothing crashes; a value that reads writes, in every style (compact, pretty, Xcode),
// as text that reads back as the same value (member order and number text included) and writes
// the same text again; the duplicate-name options agree (what reads with duplicates refused reads
// the same when they are kept, and keeping the last is keeping all then dropping the earlier
// copies); replacing lone surrogates changes nothing in a text that reads without it.
import FuzzSupport
import GenkanJSON

let writers: [(String, JSONWriter)] = [("compact", .compact), ("pretty", .pretty), ("xcode", .xcode)]

/// `members` with each name once: the last value, at the first one's place.
func keptLast(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements): return .array(elements.map(keptLast))
    case .object(let members):
        var result: [(name: String, value: JSONValue)] = []
        for member in members {
            if let index = result.firstIndex(where: { $0.name == member.name }) {
                result[index].value = keptLast(member.value)
            } else {
                result.append((member.name, keptLast(member.value)))
            }
        }
        return .object(result)
    default: return value
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let flags = input.byte()
    var options = JSONReader.Options()
    options.loneSurrogates = flags & 1 == 0 ? .refuse : .replace
    options.allowsByteOrderMark = flags & 2 != 0
    options.maximumDepth = flags & 4 == 0 ? 64 : 3
    let bytes = input.rest
    let text = String(decoding: bytes, as: UTF8.self)

    var all = options
    all.duplicateNames = .keepAll
    var last = options
    last.duplicateNames = .keepLast
    let strict = try? JSONReader.parse(bytes, options: options)
    guard let kept = try? JSONReader.parse(bytes, options: all) else {
        Fuzz.check(strict == nil, "\(shown(text)) reads with duplicates refused but not with them kept")
        return 0
    }
    if let strict { Fuzz.check(strict == kept, "\(shown(text)) reads differently with duplicates kept") }
    let lastValue = try? JSONReader.parse(bytes, options: last)
    Fuzz.check(lastValue == keptLast(kept), "\(shown(text)): keeping the last copy is not keeping all and dropping the rest")
    if options.loneSurrogates == .refuse {
        var replacing = all
        replacing.loneSurrogates = .replace
        Fuzz.check((try? JSONReader.parse(bytes, options: replacing)) == kept, "\(shown(text)) reads differently when replacing")
    }

    // Written text reads back at any depth the value has.
    var again = all
    again.maximumDepth = 64
    again.allowsByteOrderMark = false
    for (name, writer) in writers {
        let written = writer.text(kept)
        do {
            let read = try JSONReader.parse(written, options: again)
            Fuzz.check(read == kept, "\(shown(text)) written \(name) as \(shown(written)) reads as \(shown(read.serialized()))")
            Fuzz.check(writer.text(read) == written, "\(shown(text)) written \(name) does not write the same text twice")
        } catch {
            Fuzz.fail("\(shown(text)) written \(name) as \(shown(written)) does not read: \(error)")
        }
    }
    return 0
}

Fuzz.run(fuzzOneInput)
