import Testing
import TodoCheck

@testable import TodoCLI

/// The two printed forms of a `todo check` finding.
@Suite struct CheckOutputTests {
    @Test func textAndJSONForms() {
        let diagnostic = Diagnostic(
            line: 3, column: 7, endColumn: 8, rule: .trailingWhitespace,
            message: #"a "quoted" word"#)
        #expect(
            Session.text(diagnostic, file: "todo.txt")
                == #"todo.txt:3:7: warning: a "quoted" word"#)
        let json = String(decoding: Session.json([diagnostic], file: "a\\b.txt"), as: UTF8.self)
        #expect(
            json
                == "[\n"
                + #"{"file":"a\\b.txt","line":3,"column":7,"severity":"warning","message":"a \"quoted\" word"}"#
                + "\n]\n")
        #expect(String(decoding: Session.json([], file: "x"), as: UTF8.self) == "[]\n")
    }
}
