/// One flat JSON object per locale: `"key"` or `"key|==|plural.one"` to the translation (an empty
/// string where there is none yet).
enum JSONFlatFormat {
    static func write(_ units: [ExchangeUnit], locale: String) -> ExportedFile {
        let object = OrderedJSON.object(units.map { .init($0.id, .string($0.target ?? "")) })
        return ExportedFile(path: "\(locale).json", contents: XcodeJSONWriter.xcodeText(object) + "\n")
    }
}
