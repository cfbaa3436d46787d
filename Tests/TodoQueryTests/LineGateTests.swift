import Testing
import TodoTxt

@testable import TodoQuery

/// ``LineGate`` never turns away a line whose task the expression selects, whichever test it
/// starts with (the searched literal of a regex or of a word), and does turn lines away.
struct LineGateTests {
    /// Expressions whose gates hold several words and regexes, with the literal searched for
    /// taken from a regex or from a word.
    static let expressions = [
        "/(1+)+$/", "/(1+)+$/ and /^\\(/", "call and /@phone/", "/call/ and mom and aaaa",
        "call and mom and /(1+)+$/", "/call.*@phone/ and mom", "/^x / and été and /[0-9]$/",
        "zürich and /é/i and /n[0-9]+$/",
    ]

    @Test(arguments: expressions)
    func admitsEverySelectedLine(expression: String) throws {
        let query = try Query(parsing: expression).resolved(today: QueryPieceSelectorTests.today)
        let gate = query.lineGate
        let list = TodoList(bytes: QueryPieceSelectorTests.file)
        var selected = 0
        var turnedAway = 0
        for index in list.indices {
            let line = list[index]
            let content = Array(line.content)
            let matches = query.matches(
                line.item, line: index + 1, today: QueryPieceSelectorTests.today)
            let admitted = content.withUnsafeBufferPointer { gate.admits($0) }
            if matches {
                selected += 1
                #expect(admitted, "\(expression): \(String(decoding: content, as: UTF8.self))")
            }
            if !admitted { turnedAway += 1 }
            // A line holding the searched literal is admitted on the remaining tests alone,
            // which agree with all of them.
            guard let literal = gate.searchableLiteral,
                content.withUnsafeBufferPointer({ ByteSearch.containsFolded($0, literal) })
            else { continue }
            let rest = content.withUnsafeBufferPointer { gate.admits(lineContainingLiteral: $0) }
            #expect(rest == admitted, "\(expression): \(String(decoding: content, as: UTF8.self))")
        }
        #expect(selected > 0)
        #expect(turnedAway > 0)
    }
}
