import Foundation

// GenkanBench SUBCOMMAND [ARGUMENTS]: throughput measurements that `make bench` runs in release
// builds and compares with reference implementations (scripts/bench/).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("GenkanBench: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "nickname":
    // GenkanBench nickname CORPUS.json [SECONDS]
    guard arguments.count >= 2, let inputs = NicknameBench.inputs(fromCorpus: arguments[1]), !inputs.isEmpty else {
        fail("usage: GenkanBench nickname CORPUS.json [SECONDS]")
    }
    NicknameBench.run(inputs: inputs, seconds: arguments.count > 2 ? Double(arguments[2]) ?? 2 : 2)
default:
    fail("usage: GenkanBench nickname CORPUS.json [SECONDS]")
}
