import TestSupport
import Testing
import TodoTxt

@testable import TodoQuery

@Suite struct JSONRecordTests {
    static let records: [(String, Int, String)] = [
        (
            "(A) 2024-05-01 Call Mom +family due:2024-05-03", 12,
            #"{"line":12,"raw":"(A) 2024-05-01 Call Mom +family due:2024-05-03","done":false,"priority":"A","completionDate":null,"creationDate":"2024-05-01","description":"Call Mom +family due:2024-05-03","projects":["family"],"contexts":[],"tags":[["due","2024-05-03"]],"due":"2024-05-03"}"#
        ),
        (
            "x 2024-05-02 2024-05-01 pay +a +b @c t:2024-04-30 due:soon due:2024-06-01 pri:B", 1,
            #"{"line":1,"raw":"x 2024-05-02 2024-05-01 pay +a +b @c t:2024-04-30 due:soon due:2024-06-01 pri:B","done":true,"priority":null,"completionDate":"2024-05-02","creationDate":"2024-05-01","description":"pay +a +b @c t:2024-04-30 due:soon due:2024-06-01 pri:B","projects":["a","b"],"contexts":["c"],"tags":[["t","2024-04-30"],["due","soon"],["due","2024-06-01"],["pri","B"]],"due":"2024-06-01","t":"2024-04-30"}"#
        ),
        (
            "say \"hi\"\t\u{01} back\\slash", 100,
            #"{"line":100,"raw":"say \"hi\"\t\u0001 back\\slash","done":false,"priority":null,"completionDate":null,"creationDate":null,"description":"say \"hi\"\t\u0001 back\\slash","projects":[],"contexts":[],"tags":[]}"#
        ),
        (
            "", 3,
            #"{"line":3,"raw":"","done":false,"priority":null,"completionDate":null,"creationDate":null,"description":"","projects":[],"contexts":[],"tags":[]}"#
        ),
    ]

    @Test(arguments: records)
    func writesRecord(line: String, number: Int, expected: String) {
        var output: [UInt8] = []
        JSONRecord.append(TodoList(parsing: line + "\n")[0], number: number, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == expected)
    }

    @Test func invalidBytesBecomeReplacementCharacters() {
        var output: [UInt8] = []
        JSONRecord.appendString([0x61, 0xFF, 0x62, 0xE2, 0x82], to: &output)
        #expect(String(validating: output, as: UTF8.self) == "\"a\u{FFFD}b\u{FFFD}\"")
    }

    /// The words `forEachWord` hands out (slices) name the same bytes the scanner saw (pointers).
    @Test(arguments: Array(UInt64(1)...UInt64(20)))
    func wordScannerAgreesWithTodoTxt(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let pieces = [
            "+", "@", "+a", "@b", "a:b", ":b", "a:", "a://x", "a:/x", "x:y:z", "+p:q", "word",
            "é:ü",
            "http://x", "\t", " ", "  ", "a:b//", "::", "@@", "++x", "k:v",
        ]
        for _ in 0..<50 {
            var line = ""
            for _ in 0..<Int(rng.next() % 8) {
                line += pieces[Int(rng.next() % UInt64(pieces.count))]
            }
            let item = TODOItem(parsing: line)
            var expected: [String] = []
            item.forEachWord { word in
                expected.append(
                    "\(word.kind) \(String(decoding: word.name, as: UTF8.self)) \(String(decoding: word.value, as: UTF8.self))"
                )
            }
            var scanned: [String] = []
            WordScanner.forEach(in: item.descriptionBytes) { word in
                scanned.append(
                    "\(word.kind) \(String(decoding: word.name, as: UTF8.self)) \(String(decoding: word.value, as: UTF8.self))"
                )
                return true
            }
            #expect(scanned == expected, "\(line)")
        }
    }
}
