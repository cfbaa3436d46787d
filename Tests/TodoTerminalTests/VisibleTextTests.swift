import Testing
import TodoTerminal

@Suite struct VisibleTextTests {
    static let escapes: [(String, String)] = [
        ("\u{0}", "^@"), ("\u{1}", "^A"), ("\u{7}", "^G"), ("\u{8}", "^H"), ("\n", "^J"),
        ("\r", "^M"), ("\u{1B}", "^["), ("\u{1F}", "^_"), ("\u{7F}", "^?"), ("\u{80}", "M-^@"),
        ("\u{9B}", "M-^["), ("\u{9D}", "M-^]"), ("\u{9F}", "M-^_"),
    ]

    @Test(arguments: escapes)
    func controlsAreDrawnAsCatDashVDoes(_ control: String, _ shown: String) {
        let glyphs = VisibleText.glyphs("<" + control + ">")
        #expect(glyphs.map(\.text).joined() == "<" + shown + ">")
        #expect(glyphs.allSatisfy { $0.width == 1 })
    }

    @Test func combiningMarksJoinTheCharacterBeforeThem() {
        let glyphs = VisibleText.glyphs("e\u{301}語\u{302}")
        #expect(glyphs == [Glyph("e\u{301}", width: 1), Glyph("語\u{302}", width: 2)])
        #expect(
            VisibleText.glyphs("\u{301}x") == [Glyph(" \u{301}", width: 1), Glyph("x", width: 1)])
    }

    @Test func aGlyphKeepsTheMarksThatFitInSixteenBytes() {
        let glyphs = VisibleText.glyphs("e" + String(repeating: "\u{301}", count: 10) + "x")
        #expect(glyphs.map(\.text) == ["e" + String(repeating: "\u{301}", count: 7), "x"])
        var frame = Frame(width: 5, height: 1)
        frame.draw("😀" + String(repeating: "\u{20DD}", count: 6), row: 0, column: 0)
        #expect(frame[0, 0].text == "😀" + String(repeating: "\u{20DD}", count: 4))
    }

    @Test func scalarsThatTerminalsWidenOrReorderAreDropped() {
        #expect(VisibleText.glyphs("a\u{202E}b\u{2066}c").map(\.text) == ["a", "b", "c"])
        #expect(VisibleText.glyphs("❤\u{FE0F}") == [Glyph("❤", width: 1)])
        #expect(
            VisibleText.glyphs("👨\u{200D}👩") == [Glyph("👨", width: 2), Glyph("👩", width: 2)])
        #expect(VisibleText.glyphs("क\u{200D}ष").map(\.text) == ["क\u{200D}", "ष"])
    }

    @Test func widthCountsWhatIsDrawn() {
        #expect(VisibleText.width("abc") == 3)
        #expect(VisibleText.width("日本語") == 6)
        #expect(VisibleText.width("\u{1B}[31m") == 6)
        #expect(VisibleText.width("a\tb") == 9)
        #expect(VisibleText.width("a\tb", column: 6) == 3)
        #expect(VisibleText.width("") == 0)
    }
}
