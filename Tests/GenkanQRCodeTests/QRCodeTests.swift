import Foundation
import GenkanQRCode
import GenkanTestSupport
import Testing

/// Codes drawn by GenkanQRCode, rendered by librsvg and read back by ZBar: two programs that
/// share no code with libqrencode or with the SVG writer.
@Suite struct QRCodeTests {
    static let uris = [
        "otpauth://totp/Genkan:taro%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Genkan&algorithm=SHA1&digits=6&period=30",
        // A label in Japanese, percent-encoded as the URI carries it, and an issuer with a space.
        "otpauth://totp/%E7%8E%84%E9%96%A2%20Example:%E5%A4%AA%E9%83%8E%40example.jp?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=%E7%8E%84%E9%96%A2%20Example&algorithm=SHA1&digits=6&period=30",
        String(repeating: "0123456789abcdefXYZ-", count: 30),
    ]

    @Test(arguments: uris)
    func decodesBackToTheSameText(_ text: String) throws {
        let code = try QRCode(encoding: text)
        #expect(try Self.read(code.svg()) == text)
    }

    @Test func sizeFollowsTheVersion() throws {
        // ISO/IEC 18004 §6.3.1: 21 modules for version 1, four more per version.
        let small = try QRCode(encoding: "A")
        #expect(small.width == 21)
        for text in Self.uris {
            let code = try QRCode(encoding: text)
            #expect((code.width - 21) % 4 == 0 && code.width > 21)
        }
    }

    @Test func finderPatternsAreInTheirCorners() throws {
        // §6.3.3: a 7×7 dark ring, a light ring, and a 3×3 dark centre in three corners.
        let code = try QRCode(encoding: Self.uris[0])
        for (top, left) in [(0, 0), (0, code.width - 7), (code.width - 7, 0)] {
            for row in 0..<7 {
                for column in 0..<7 {
                    let ring = max(abs(row - 3), abs(column - 3))
                    #expect(code[top + row, left + column] == (ring != 2), "module \(top + row), \(left + column)")
                }
            }
        }
    }

    @Test func refusesWhatItCannotEncode() {
        #expect(throws: QRCodeError.invalidText) { try QRCode(encoding: "") }
        #expect(throws: QRCodeError.invalidText) { try QRCode(encoding: "a\u{0}b") }
        // Version 40-M holds 2,331 bytes.
        #expect(throws: QRCodeError.tooLong) { try QRCode(encoding: String(repeating: "é", count: 1_200)) }
    }

    @Test func svgNeedsNoInlineStyle() throws {
        // The pages' CSP allows no inline styles: colours and rendering are attributes.
        let svg = try QRCode(encoding: "otpauth://totp/x").svg(attributes: #"role="img" aria-label="QR""#)
        #expect(!svg.contains("style"))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(#" role="img" aria-label="QR">"#))
    }

    /// The text ZBar reads from `svg` once librsvg has drawn it at 8 pixels a module.
    static func read(_ svg: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appending(path: "genkan-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = directory.appending(path: "code.svg"), png = directory.appending(path: "code.png")
        try Data(svg.utf8).write(to: image)
        let drawn = try ToolRun.run(tool: "rsvg-convert", ["--zoom", "2", "--output", png.path, image.path])
        try #require(drawn.status == 0, "rsvg-convert: \(drawn.output)")
        let read = try ToolRun.run(tool: "zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png.path])
        try #require(read.status == 0, "zbarimg: \(read.output)")
        // zbarimg ends each symbol's text with a newline.
        return String(read.stdout.dropLast(read.stdout.hasSuffix("\n") ? 1 : 0))
    }
}
