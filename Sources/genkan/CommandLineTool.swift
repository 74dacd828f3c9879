import Foundation

/// The `genkan` entry point: finds the command named by the leading words, prints help, and turns
/// errors into messages and exit statuses.
enum CommandLineTool {
    /// Every command, in the order `genkan --help` lists them.
    static var commands: [any Command.Type] {
        [
            ServeCommand.self,
            DatabaseMigrateCommand.self, DatabaseCheckCommand.self, DatabaseCopyCommand.self,
            UsersImportCommand.self, UsersExportCommand.self,
            AdminGrantCommand.self, AdminRevokeCommand.self, AdminListCommand.self, EventsExportCommand.self,
            ValidateEmailCommand.self, ValidatePasswordCommand.self, ValidateNameCommand.self,
            ErrorsListCommand.self, ErrorsShowCommand.self,
            CatalogLintCommand.self, CatalogExportCommand.self, CatalogImportCommand.self, CatalogStatsCommand.self,
        ]
    }

    static func main(_ argv: [String]) -> Int32 {
        var words = Array(argv.dropFirst())
        guard let command = match(&words) else {
            let asked = words.first
            if asked == nil || asked == "--help" || asked == "-h" || asked == "help" {
                Terminal.write(overview)
                return asked == nil ? ExitStatus.usage : ExitStatus.success
            }
            if asked == "--version" { Terminal.writeLine("genkan \(version)"); return ExitStatus.success }
            if let asked, let group = groupHelp(for: [asked]) {
                // `genkan validate` alone names a group: list its commands.
                let helpWanted = Arguments(words.dropFirst()).wantsHelp
                if helpWanted { Terminal.write(group) } else { Terminal.error(group) }
                return helpWanted ? ExitStatus.success : ExitStatus.usage
            }
            Terminal.error("genkan: unknown command '\(argv.dropFirst().prefix(2).joined(separator: " "))'\n")
            Terminal.error(overview)
            return ExitStatus.usage
        }
        var arguments = Arguments(words)
        if arguments.wantsHelp {
            Terminal.write(command.help)
            return ExitStatus.success
        }
        do {
            return try command.run(&arguments)
        } catch let error as UsageError {
            Terminal.error("genkan \(command.path.joined(separator: " ")): \(error.message)")
            Terminal.error("Run 'genkan \(command.path.joined(separator: " ")) --help' for usage.")
            return ExitStatus.usage
        } catch {
            Terminal.error("genkan \(command.path.joined(separator: " ")): \(error)")
            return ExitStatus.failure
        }
    }

    static let version = "0.1.0"

    /// Removes the leading words that name a command and returns it.
    private static func match(_ words: inout [String]) -> (any Command.Type)? {
        let best = commands
            .filter { words.starts(with: $0.path) }
            .max { $0.path.count < $1.path.count }
        if let best { words.removeFirst(best.path.count) }
        return best
    }

    /// Help for a command group such as `genkan validate`, listing its subcommands.
    private static func groupHelp(for prefix: [String]) -> String? {
        let members = commands.filter { $0.path.starts(with: prefix) && !prefix.isEmpty }
        guard !members.isEmpty else { return nil }
        return "Commands:\n" + list(members)
    }

    static var overview: String {
        """
        genkan — an application's front door: validation, localized auth errors, catalogs, a server.

        Usage: genkan COMMAND [OPTIONS]

        Commands:
        \(list(commands))
        Run 'genkan COMMAND --help' for the options of one command.

        """
    }

    private static func list(_ members: [any Command.Type]) -> String {
        let names = members.map { $0.path.joined(separator: " ") }
        let width = names.map(\.count).max() ?? 0
        return zip(names, members).map { name, command in
            "  " + name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.summary + "\n"
        }.joined()
    }
}
