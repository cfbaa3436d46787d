import Testing
import TodoTxt

@Suite struct PriorityTests {
    @Test("A.0: PRIORITY letters are ASCII A-Z only")
    func asciiRange() {
        for byte in UInt8.min...UInt8.max {
            let expected = byte >= 0x41 && byte <= 0x5A
            #expect((Priority(ascii: byte) != nil) == expected)
            if let priority = Priority(ascii: byte) {
                #expect(priority.ascii == byte)
                #expect(priority.description == String(UnicodeScalar(byte)))
            }
        }
    }

    @Test(
        "B.2/B.25: text priorities",
        arguments: [
            ("A", "A"), ("Z", "Z"), ("a", nil), ("AB", nil), ("", nil), ("\u{FF21}", nil),
            ("\u{C4}", nil), ("(A)", nil), (" A", nil),
        ] as [(String, String?)])
    func text(_ input: String, _ expected: String?) {
        #expect(Priority(input)?.description == expected)
    }

    @Test(
        "Case-insensitive text priorities accept a-z only as extra",
        arguments: [
            ("a", "A"), ("z", "Z"), ("B", "B"), ("{", nil), ("`", nil), ("\u{E4}", nil),
            ("ab", nil),
        ] as [(String, String?)])
    func caseInsensitive(_ input: String, _ expected: String?) {
        #expect(Priority(input, caseInsensitive: true)?.description == expected)
    }

    @Test("A sorts before B")
    func ordering() throws {
        let letters = try "ZCAB".unicodeScalars.map {
            try #require(Priority(ascii: UInt8($0.value)))
        }
        #expect(letters.sorted().map(\.description) == ["A", "B", "C", "Z"])
    }
}
