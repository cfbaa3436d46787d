import TodoCheck
import TodoQuery
import TodoStore
import TodoTxt

extension Session {
    /// `check [FILE|-] [--format text|json]`: prints the ``Checker`` diagnostics of the todo file
    /// (or FILE, or standard input). Exit 0 when clean, 1 when anything was found, 2 on error.
    func check(file: String?, format: String) throws -> Int32 {
        let bytes: [UInt8]
        let name: String
        if file == "-" {
            bytes = environment.readAllInput()
            name = "-"
        } else {
            name = file ?? settings.todoFile
            do {
                bytes = try storage.readBytes(
                    Path.absolute(name, from: environment.currentDirectory))
            } catch {
                throw CommandFailure.message(["\(program): check: \(error)"], status: 2)
            }
        }
        let diagnostics = Checker.check(bytes)
        if format == "json" {
            console.write(Session.json(diagnostics, file: name))
        } else {
            for diagnostic in diagnostics { console.line(Session.text(diagnostic, file: name)) }
        }
        return diagnostics.isEmpty ? 0 : 1
    }

    /// `FILE:LINE:COLUMN: warning: MESSAGE`.
    static func text(_ diagnostic: Diagnostic, file: String) -> String {
        "\(file):\(diagnostic.line):\(diagnostic.column): warning: \(diagnostic.message)"
    }

    /// The diagnostics as a JSON array of `{"file", "line", "column", "severity", "message"}`
    /// objects, one per line, and a final newline.
    static func json(_ diagnostics: [Diagnostic], file: String) -> [UInt8] {
        var output: [UInt8] = [0x5B]
        for (index, diagnostic) in diagnostics.enumerated() {
            output += Array((index == 0 ? "\n" : ",\n").utf8)
            output += Array(#"{"file":"#.utf8)
            JSONRecord.appendString(ArraySlice(file.utf8), to: &output)
            output += Array(
                #","line":\#(diagnostic.line),"column":\#(diagnostic.column),"severity":"warning","message":"#
                    .utf8)
            JSONRecord.appendString(ArraySlice(diagnostic.message.utf8), to: &output)
            output.append(0x7D)
        }
        output += Array((diagnostics.isEmpty ? "]\n" : "\n]\n").utf8)
        return output
    }
}
