import TodoCheck
import TodoQuery

extension Session {
    /// `FILE:LINE:COLUMN: KIND: MESSAGE`; KIND is `warning`, or `fixed` for a repaired finding.
    static func text(_ diagnostic: Diagnostic, file: String, kind: String = "warning") -> String {
        var bytes: [UInt8] = []
        diagnostic.appendText(file: Array(file.utf8), kind: kind, to: &bytes)
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }

    /// The diagnostics as a JSON array of objects, one per line, and a final newline: `file`,
    /// `line`, `column`, `endColumn` (just after the offending text), `severity`, the stable
    /// `rule` name, `message`, and, when the repair is unambiguous, `fix`: replace the columns
    /// `column` up to `endColumn` of the line with `replacement`. The `fixed` findings (of
    /// `check --fix`) come first, each with `"fixed":true`.
    static func json(
        _ diagnostics: [Diagnostic], file: String, fixed: [Diagnostic] = []
    ) -> [UInt8] {
        var output: [UInt8] = [0x5B]
        let all = fixed.map { ($0, true) } + diagnostics.map { ($0, false) }
        for (index, (diagnostic, isFixed)) in all.enumerated() {
            output += Array((index == 0 ? "\n" : ",\n").utf8)
            output += Array(#"{"file":"#.utf8)
            JSONRecord.appendString(ArraySlice(file.utf8), to: &output)
            output += Array(
                #","line":\#(diagnostic.line),"column":\#(diagnostic.column),"endColumn":\#(diagnostic.endColumn),"severity":"warning","rule":"\#(diagnostic.rule.rawValue)","message":"#
                    .utf8)
            JSONRecord.appendString(ArraySlice(diagnostic.message.utf8), to: &output)
            if let fix = diagnostic.fix {
                output += Array(
                    #","fix":{"column":\#(fix.column),"endColumn":\#(fix.endColumn),"replacement":"#
                        .utf8)
                JSONRecord.appendString(ArraySlice(fix.replacement), to: &output)
                output.append(0x7D)
            }
            if isFixed { output += Array(#","fixed":true"#.utf8) }
            output.append(0x7D)
        }
        output += Array((all.isEmpty ? "]\n" : "\n]\n").utf8)
        return output
    }
}
