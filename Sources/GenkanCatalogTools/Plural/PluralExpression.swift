/// A gettext plural expression: the subset of C that `Plural-Forms` uses (GNU gettext manual
/// §12.4): `n`, decimal integers, `! * / % + - < <= > >= == != && || ?:` and parentheses.
struct PluralExpression: Sendable {
    private indirect enum Node: Sendable {
        case n
        case constant(Int)
        case not(Node)
        case binary(String, Node, Node)
        case conditional(Node, Node, Node)
    }

    private let root: Node

    /// Parses `text`; throws on anything outside the subset or longer than 1000 characters.
    init(_ text: String) throws(CatalogError) {
        guard text.count <= 1000 else { throw CatalogError("the plural expression is longer than 1000 characters") }
        var parser = Parser(tokens: try Self.tokens(text))
        root = try parser.conditional(depth: 0)
        guard parser.position == parser.tokens.count else { throw CatalogError("unexpected '\(parser.tokens[parser.position])' in the plural expression") }
    }

    /// The index for `n`.
    func evaluate(_ n: Int) -> Int { Self.evaluate(root, n) }

    private static func evaluate(_ node: Node, _ n: Int) -> Int {
        switch node {
        case .n: return n
        case .constant(let value): return value
        case .not(let inner): return evaluate(inner, n) == 0 ? 1 : 0
        case .conditional(let test, let yes, let no): return evaluate(test, n) != 0 ? evaluate(yes, n) : evaluate(no, n)
        case .binary(let op, let left, let right):
            let a = evaluate(left, n)
            if op == "&&" { return a != 0 && evaluate(right, n) != 0 ? 1 : 0 }
            if op == "||" { return a != 0 || evaluate(right, n) != 0 ? 1 : 0 }
            let b = evaluate(right, n)
            switch op {
            case "*": return a &* b
            case "/": return b == 0 ? 0 : a / b
            case "%": return b == 0 ? 0 : a % b
            case "+": return a &+ b
            case "-": return a &- b
            case "<": return a < b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            default: return 0
            }
        }
    }

    private static func tokens(_ text: String) throws(CatalogError) -> [String] {
        var tokens: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace { index += 1; continue }
            if character.isASCII, character.isNumber {
                var end = index
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                guard end - index <= 9 else { throw CatalogError("a number in the plural expression is too large") }
                tokens.append(String(characters[index..<end]))
                index = end
                continue
            }
            let two = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
            if ["<=", ">=", "==", "!=", "&&", "||"].contains(two) {
                tokens.append(two)
                index += 2
                continue
            }
            guard "n!*/%+-<>?:()".contains(character) else {
                throw CatalogError("'\(character)' is not allowed in a plural expression")
            }
            tokens.append(String(character))
            index += 1
        }
        return tokens
    }

    private struct Parser {
        let tokens: [String]
        var position = 0

        private var next: String? { position < tokens.count ? tokens[position] : nil }

        mutating func conditional(depth: Int) throws(CatalogError) -> Node {
            guard depth < 64 else { throw CatalogError("the plural expression is nested too deeply") }
            let test = try binary(level: 0, depth: depth)
            guard next == "?" else { return test }
            position += 1
            let yes = try conditional(depth: depth + 1)
            guard next == ":" else { throw CatalogError("'?' without ':' in the plural expression") }
            position += 1
            return .conditional(test, yes, try conditional(depth: depth + 1))
        }

        private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]

        mutating func binary(level: Int, depth: Int) throws(CatalogError) -> Node {
            guard level < Self.levels.count else { return try unary(depth: depth) }
            var left = try binary(level: level + 1, depth: depth)
            while let op = next, Self.levels[level].contains(op) {
                position += 1
                left = .binary(op, left, try binary(level: level + 1, depth: depth))
            }
            return left
        }

        mutating func unary(depth: Int) throws(CatalogError) -> Node {
            guard let token = next else { throw CatalogError("the plural expression ends too early") }
            position += 1
            if token == "!" { return .not(try unary(depth: depth + 1)) }
            if token == "n" { return .n }
            if let value = Int(token) { return .constant(value) }
            if token == "(" {
                let inner = try conditional(depth: depth + 1)
                guard next == ")" else { throw CatalogError("'(' without ')' in the plural expression") }
                position += 1
                return inner
            }
            throw CatalogError("unexpected '\(token)' in the plural expression")
        }
    }
}
