import Foundation
import GenkanHTTP
import GenkanStore

/// The files under `public/`, read once at start and served from memory with their media type,
/// an ETag, and caching: a year (`immutable`) when the URL carries the file's version
/// (`/css/genkan.css?v=…`, as pages link them), five minutes otherwise.
///
/// Only files present at start are served, and a URL maps to a file by exact match, so no
/// request can reach outside the directory.
public struct StaticFiles: Sendable {
    public struct File: Sendable {
        public let bytes: SharedBytes
        public let contentType: String
        public let etag: String
        /// The first 12 hex digits of the content's SHA-256, for cache-busting URLs.
        public let version: String
    }

    public static let maximumFileSize = 8 * 1024 * 1024
    public static let maximumTotalSize = 64 * 1024 * 1024

    private let files: [String: File]

    /// Reads every regular, non-hidden file under `root`.
    public init(root: String) throws(ServerError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ServerError("the public directory '\(root)' does not exist")
        }
        let base = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath()
        var files: [String: File] = [:]
        var total = 0
        let enumerator = FileManager.default.enumerator(
            at: base, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey], options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            let resolved = url.resolvingSymlinksInPath()
            guard let values = try? resolved.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
                values.isRegularFile == true, resolved.path.hasPrefix(base.path + "/")
            else { continue }
            let size = values.fileSize ?? 0
            guard size <= Self.maximumFileSize, total + size <= Self.maximumTotalSize,
                let data = FileManager.default.contents(atPath: resolved.path)
            else { throw ServerError("cannot serve \(resolved.path): unreadable or over the size limits") }
            total += data.count
            let relative = String(url.standardizedFileURL.path.dropFirst(base.path.count))
            let bytes = [UInt8](data)
            let digest = Secret.hex(Secret.sha256(bytes))
            let version = String(digest.prefix(12))
            files[relative] = File(
                bytes: SharedBytes(bytes), contentType: Self.mediaType(for: relative), etag: "\"\(version)\"",
                version: version)
        }
        self.files = files
    }

    public func file(at path: String) -> File? { files[path] }

    /// The URL path of every file, sorted.
    public var paths: [String] { files.keys.sorted() }

    /// The URL pages use for `path`: with the version, so it can be cached for a year.
    public func versionedURL(_ path: String) -> String {
        guard let file = files[path] else { return path }
        return "\(path)?v=\(file.version)"
    }

    /// Answers GET or HEAD for a file, or nil when there is none at `request.path`.
    public func response(for request: HTTPRequest) -> HTTPResponse? {
        guard let file = files[request.path] else { return nil }
        var headers: HTTPHeaders = ["Content-Type": file.contentType, "ETag": file.etag]
        let versioned = request.query == "v=\(file.version)"
        headers.add("Cache-Control", versioned ? "public, max-age=31536000, immutable" : "public, max-age=300")
        if let tags = request.headers["if-none-match"], Self.matches(tags, file.etag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(status: 200, headers: headers, body: .shared(file.bytes))
    }

    /// RFC 9110 §13.1.2: `*` or a list of entity tags, compared weakly.
    static func matches(_ header: String, _ etag: String) -> Bool {
        if header.trimmingASCIIWhitespace() == "*" { return true }
        return header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }

    static func mediaType(for path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? String(name.split(separator: ".").last!).lowercased() : ""
        switch ext {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "webmanifest": return "application/manifest+json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "avif": return "image/avif"
        case "ico": return "image/vnd.microsoft.icon"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "txt": return "text/plain; charset=utf-8"
        case "xml": return "application/xml"
        case "wasm": return "application/wasm"
        case "map": return "application/json"
        default: return "application/octet-stream"
        }
    }
}
