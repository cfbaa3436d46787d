import Testing
import TodoTerminal

@Suite struct DisplayWidthTests {
    static let cases: [(Unicode.Scalar, Int)] = [
        ("a", 1), (" ", 1), ("~", 1), ("é", 1), ("\u{00AD}", 1), ("ß", 1), ("Ж", 1),
        ("中", 2), ("語", 2), ("ｱ", 1), ("Ａ", 2), ("한", 2), ("。", 2), ("\u{3000}", 2),
        ("😀", 2), ("🏔", 1), ("❤", 1), ("⌚", 2), ("🇫", 2), ("\u{20000}", 2), ("\u{3FFFD}", 2),
        ("\u{0301}", 0), ("\u{20DD}", 0), ("\u{200B}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0),
        ("\u{1160}", 0), ("\u{11A8}", 0), ("\u{302A}", 0), ("\u{0600}", 1), ("…", 1),
        ("\u{0}", 0), ("\u{1B}", 0), ("\u{7F}", 0), ("\u{9B}", 0), ("\u{E000}", 1),
        ("\u{10FFFF}", 1),
    ]

    @Test(arguments: cases)
    func width(_ scalar: Unicode.Scalar, _ expected: Int) {
        #expect(DisplayWidth.of(scalar) == expected)
    }

    @Test func controlsAreTheC0AndC1RangesAndDel() {
        let controls = (0..<0x110000).compactMap(Unicode.Scalar.init).filter(DisplayWidth.isControl)
        #expect(controls.map(\.value) == Array(0..<0x20) + Array(0x7F..<0xA0))
    }

    @Test func theTableSaysItsUnicodeVersion() {
        #expect(DisplayWidth.unicodeVersion == "15.0.0")
    }
}
