// genkan-bench: throughput measurements for `make bench` (scripts/bench/*.py drive it).
//
//     genkan-bench <subcommand> [arguments]
//
// Each subcommand prints one JSON object on standard output. Add a subcommand by adding an
// entry to `BenchCommand.all`.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let command = BenchCommand.all.first(where: { $0.name == name }) else {
    var usage = "usage: genkan-bench <subcommand> [arguments]\n\nsubcommands:\n"
    for command in BenchCommand.all { usage += "  \(command.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(command.summary)\n" }
    FileHandle.standardError.write(Data(usage.utf8))
    exit(arguments.isEmpty || arguments.first == "--help" ? 0 : 2)
}
do {
    print(try command.run(Array(arguments.dropFirst())))
} catch {
    FileHandle.standardError.write(Data("genkan-bench \(name): \(error)\n".utf8))
    exit(2)
}
