import Testing
import TodoCheck

@testable import TodoCLI

/// The two printed forms of a `todo check` finding.
@Suite struct CheckOutputTests {
    @Test func textAndJSONForms() {
        let diagnostic = Diagnostic(
            line: 3, column: 7, endColumn: 9, rule: .trailingWhitespace,
            message: #"a "quoted" word"#, fix: Fix(column: 7, endColumn: 9, text: "\t"))
        #expect(
            Session.text(diagnostic, file: "todo.txt")
                == #"todo.txt:3:7: warning: a "quoted" word"#)
        let json = String(decoding: Session.json([diagnostic], file: "a\\b.txt"), as: UTF8.self)
        #expect(
            json
                == "[\n"
                + #"{"file":"a\\b.txt","line":3,"column":7,"endColumn":9,"severity":"warning","rule":"trailing-whitespace","message":"a \"quoted\" word","fix":{"column":7,"endColumn":9,"replacement":"\t"}}"#
                + "\n]\n")
        #expect(String(decoding: Session.json([], file: "x"), as: UTF8.self) == "[]\n")
    }
}
