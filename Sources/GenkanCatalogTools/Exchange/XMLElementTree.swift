import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A small element tree built with Foundation's XMLParser (external entities are not resolved),
/// enough for XLIFF and Android resources.
final class XMLNode {
    let name: String
    let attributes: [String: String]
    var children: [XMLNode] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Children named `name`.
    func elements(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }
    func first(_ name: String) -> XMLNode? { children.first { $0.name == name } }

    /// Every descendant named `name`, in document order.
    func descendants(_ name: String) -> [XMLNode] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(name) }
    }

    /// Parses `bytes`, which must be UTF-8 (as Xcode and Android write these files); throws with
    /// the parser's line on malformed XML.
    ///
    /// Bytes that are not UTF-8 are refused before the parser sees them: libxml2 then hands
    /// Foundation element and attribute names that are not UTF-8 either, and Foundation's
    /// XMLParser traps on those (swift-corelibs-foundation force-unwraps the name) instead of
    /// reporting an error. A declaration of another encoding is refused for the same reason.
    static func parse(_ bytes: [UInt8], path: String) throws(CatalogError) -> XMLNode {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CatalogError("\(path): not UTF-8")
        }
        if let encoding = declaredEncoding(text), !["utf-8", "utf8"].contains(encoding.lowercased()) {
            throw CatalogError("\(path): the file says it is \(encoding); only UTF-8 is read")
        }
        if let line = emptyProcessingInstruction(bytes) {
            throw CatalogError("\(path): line \(line): a processing instruction without content (<?name?>) is not read")
        }
        let builder = Builder()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        guard parser.parse(), builder.mismatch == nil, builder.stack.isEmpty, let root = builder.root else {
            if let mismatch = builder.mismatch { throw CatalogError("\(path): line \(parser.lineNumber): \(mismatch)") }
            let line = parser.lineNumber
            throw CatalogError("\(path): line \(line): malformed XML (\(parser.parserError?.localizedDescription ?? "parse error"))")
        }
        return root
    }

    /// The line of the first processing instruction with a target and nothing else (`<?name?>`),
    /// if any. libxml2 reports its content as a null pointer, which Foundation's XMLParser passes
    /// to `strlen` (swift-corelibs-foundation, `_NSXMLParserProcessingInstruction`): the process
    /// dies. Found by fuzz-android; translation files have no use for one.
    static func emptyProcessingInstruction(_ bytes: [UInt8]) -> Int? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var line = 1
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            if bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "?") {
                var end = index + 2
                while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: "?") { end += 1 }
                while end < bytes.count, isSpace(bytes[end]) { end += 1 }
                if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") { return line }
            }
            index += 1
        }
        return nil
    }

    /// The `encoding` of the XML declaration at the start of `text`, if it names one.
    static func declaredEncoding(_ text: String) -> String? {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        guard scalars.starts(with: "<?xml".unicodeScalars), let end = scalars.firstRange(of: "?>".unicodeScalars) else { return nil }
        let declaration = String(scalars[..<end.lowerBound])
        guard let name = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[name.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return "" }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLNode] = []
        var root: XMLNode?
        var mismatch: String?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            let node = XMLNode(name: elementName, attributes: attributes)
            stack.last?.children.append(node)
            if stack.isEmpty { root = node }
            stack.append(node)
            if stack.count > 64 { parser.abortParsing() }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard stack.last?.name == elementName else {
                mismatch = "</\(elementName)> does not close <\(stack.last?.name ?? "")>"
                parser.abortParsing()
                return
            }
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            stack.last?.text += String(decoding: CDATABlock, as: UTF8.self)
        }
    }
}
