import Foundation
import GenkanJSON
import GenkanServer
import GenkanStore

/// `genkan users export FILE`: every account into a JSON file in the shape `firebase auth:export`
/// writes, which `genkan users import` reads back (a backup, or a move to another Genkan).
struct UsersExportCommand: Command {
    static let path = ["users", "export"]
    static let summary = "Export every account, with its password hash, to a JSON file that genkan users import reads."
    static let help = """
        Usage: genkan users export FILE [--db genkan.sqlite]

        Writes every account of the database to FILE as a JSON file in the shape
        `firebase auth:export` writes: uid, address, verification, name, photo, disabled,
        creation and last sign-in times, custom claims, identities at providers, and the
        password hash. The hashes are Genkan's own (Argon2id, or an imported hash not yet
        replaced), each carrying its salt and parameters, as the file's "genkan" member says:
        `genkan users import FILE` on another Genkan takes them without hash flags, and every
        user signs in there with the same password. Anonymous accounts are exported as
        Firebase's export shows them (no address, password or providers), with "anonymous": true.

        The accounts are read a thousand at a time and written as they are read; the file is
        written under FILE.partial (readable by its owner only: it holds password hashes) and
        renamed to FILE when complete, so FILE is never half written. An existing FILE is not
        replaced.

          --db FILE|URL   SQLite database file (default genkan.sqlite), or
                          postgresql://USER[:PASS]@HOST[:PORT]/DBNAME

        Exit status: 0 exported, 1 the database could not be read or FILE written, 2 wrong usage.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let location = try DatabaseOption.location(&arguments)
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else {
            throw UsageError(positionals.isEmpty ? "expected FILE" : "unexpected argument '\(positionals[1])'")
        }
        let path = positionals[0]
        guard !FileManager.default.fileExists(atPath: path) else {
            Terminal.error("genkan users export: \(path) exists; give a new file's name")
            return ExitStatus.failure
        }
        let started = ContinuousClock.now
        let archive: AccountArchive
        do throws(StoreError) {
            archive = try AccountArchive(location: location)
        } catch {
            Terminal.error("genkan users export: \(location): \(error.detail)")
            return ExitStatus.failure
        }
        let partial = path + ".partial"
        guard let file = fopen(partial, "wx") else {
            Terminal.error("genkan users export: cannot create \(partial): \(String(cString: strerror(errno)))")
            return ExitStatus.failure
        }
        chmod(partial, 0o600)
        var output: [UInt8] = []
        output.reserveCapacity(1 << 20)
        var written = true
        func flush() {
            if !output.isEmpty, fwrite(output, 1, output.count, file) != output.count { written = false }
            output.removeAll(keepingCapacity: true)
        }
        let progress = ProgressBar("exporting")
        var exported = 0, anonymous = 0
        output += "{\"\(AccountFile.genkanMember)\": ".utf8
        JSONWriter.compact.write(AccountExport.header, to: &output)
        output += ",\n\"users\": [".utf8
        var after: Int64 = 0
        do throws(StoreError) {
            while written {
                let page = try archive.accounts(afterID: after)
                guard let last = page.last else { break }
                after = last.account.id
                for archived in page {
                    if archived.account.isAnonymous { anonymous += 1 }
                    output += (exported == 0 ? "\n" : ",\n").utf8
                    JSONWriter.pretty.write(AccountExport.user(archived), to: &output)
                    exported += 1
                }
                flush()
                progress.update(exported)
            }
        } catch {
            progress.finish()
            fclose(file)
            unlink(partial)
            Terminal.error("genkan users export: \(location): \(error.detail); nothing was exported")
            return ExitStatus.failure
        }
        output += "]}\n".utf8
        flush()
        progress.finish()
        if fflush(file) != 0 || fsync(fileno(file)) != 0 { written = false }
        if fclose(file) != 0 { written = false }
        guard written, rename(partial, path) == 0 else {
            Terminal.error("genkan users export: cannot write \(path): \(String(cString: strerror(errno)))")
            unlink(partial)
            return ExitStatus.failure
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        Terminal.writeLine("\(path): \(Count.users(exported)) exported from \(location)\(anonymous > 0 ? " (\(Count.grouped(anonymous)) of them anonymous)" : "")")
        Terminal.writeLine("  took \(String(format: "%.1f", seconds)) s")
        return ExitStatus.success
    }
}
