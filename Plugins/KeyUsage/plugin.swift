import Foundation
import PackagePlugin

/// Records which declared catalog keys a target's code mentions (`PageKey.usedKeys`,
/// `MailKey.usedKeys`), so that `genkan catalog lint` reports a key that is declared and
/// translated but that no page or mail shows. The declarations are listed here by file name.
@main
struct KeyUsage: BuildToolPlugin {
    static let declarations: [String: [String]] = ["GenkanServer": ["PageKey.swift", "MailKey.swift"]]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let names = Self.declarations[target.name], let module = target.sourceModule else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        let declared = names.compactMap { name in sources.first { $0.lastPathComponent == name } }
        let output = context.pluginWorkDirectoryURL.appending(path: "KeyUsage.swift")
        return [
            .buildCommand(
                displayName: "Finding the catalog keys \(target.name) uses",
                executable: try context.tool(named: "KeyUsageTool").url,
                arguments: [output.path] + declared.map(\.path) + ["--"] + sources.map(\.path),
                inputFiles: sources,
                outputFiles: [output])
        ]
    }
}
