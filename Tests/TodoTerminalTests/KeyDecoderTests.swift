import Testing
import TodoTerminal

/// Bytes a terminal sends and the keys they are.
struct KeyCase: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var keys: [Key]

    init(_ name: String, _ text: String, _ keys: [Key]) {
        self.init(name, bytes: Array(text.utf8), keys)
    }

    init(_ name: String, bytes: [UInt8], _ keys: [Key]) {
        self.name = name
        self.bytes = bytes
        self.keys = keys
    }

    var testDescription: String { name }
}

@Suite struct KeyDecoderTests {
    static let cases: [KeyCase] = [
        KeyCase(
            "arrows (normal mode)", "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [.up, .down, .right, .left]),
        KeyCase(
            "arrows (application mode)", "\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD",
            [.up, .down, .right, .left]),
        KeyCase("arrows with Ctrl", "\u{1B}[1;5A\u{1B}[1;5D", [.up, .left]),
        KeyCase("page keys", "\u{1B}[5~\u{1B}[6~", [.pageUp, .pageDown]),
        KeyCase("page keys with a modifier", "\u{1B}[5;2~", [.pageUp]),
        KeyCase("Home and End (xterm)", "\u{1B}[H\u{1B}[F", [.home, .end]),
        KeyCase("Home and End (application)", "\u{1B}OH\u{1B}OF", [.home, .end]),
        KeyCase("Home and End (vt220, tmux, Linux console)", "\u{1B}[1~\u{1B}[4~", [.home, .end]),
        KeyCase("Home and End (rxvt)", "\u{1B}[7~\u{1B}[8~", [.home, .end]),
        KeyCase("Insert and Delete", "\u{1B}[2~\u{1B}[3~", [.insert, .delete]),
        KeyCase("Tab and Shift-Tab", "\t\u{1B}[Z", [.tab, .backTab]),
        KeyCase("Enter as CR, LF and keypad", "\r\n\u{1B}OM", [.enter, .enter, .enter]),
        KeyCase("Backspace as DEL and Ctrl-H", bytes: [0x7F, 0x08], [.backspace, .backspace]),
        KeyCase(
            "Ctrl-letters", bytes: [0x01, 0x03, 0x05, 0x0B, 0x15, 0x17, 0x1A],
            [
                .control("a"), .control("c"), .control("e"), .control("k"), .control("u"),
                .control("w"), .control("z"),
            ]),
        KeyCase(
            "other Ctrl keys", bytes: [0x00, 0x1C, 0x1D, 0x1F],
            [.control("@"), .control("\\"), .control("]"), .control("_")]),
        KeyCase("ASCII text", "jk x", [.text("j"), .text("k"), .text(" "), .text("x")]),
        KeyCase("UTF-8 text", "é語😀", [.text("é"), .text("語"), .text("😀")]),
        KeyCase("Alt and a letter", "\u{1B}b\u{1B}é", [.alt("b"), .alt("é")]),
        KeyCase("Esc Esc", "\u{1B}\u{1B}[A", [.escape, .up]),
        KeyCase("Esc then a control", "\u{1B}\r", [.escape, .enter]),
        KeyCase(
            "function keys", "\u{1B}OP\u{1B}[15~\u{1B}[[A",
            [
                .unknown(Array("\u{1B}OP".utf8)), .unknown(Array("\u{1B}[15~".utf8)),
                .unknown(Array("\u{1B}[[A".utf8)),
            ]),
        KeyCase(
            "a mouse report is one unknown key", "\u{1B}[<0;3;4Mq",
            [.unknown(Array("\u{1B}[<0;3;4M".utf8)), .text("q")]),
        KeyCase(
            "invalid UTF-8", bytes: [0xFF, 0x41, 0xC3, 0x28, 0xED, 0xA0, 0x80],
            [
                .unknown([0xFF]), .text("A"), .unknown([0xC3]), .text("("),
                .unknown([0xED, 0xA0, 0x80]),
            ]),
        KeyCase(
            "a C1 control in UTF-8 is not text", bytes: [0xC2, 0x9B], [.unknown([0xC2, 0x9B])]),
        KeyCase(
            "bracketed paste", "a\u{1B}[200~x\u{1B}[Ad\r\u{1B}[201~b",
            [
                .text("a"), .paste("x\u{1B}[Ad\r"), .text("b"),
            ]),
        KeyCase("an empty paste", "\u{1B}[200~\u{1B}[201~", [.paste("")]),
    ]

    @Test(arguments: cases)
    func decodesAtOnce(_ c: KeyCase) {
        var decoder = KeyDecoder()
        #expect(decoder.decode(c.bytes) == c.keys)
        #expect(!decoder.isWaiting)
    }

    @Test(arguments: cases)
    func decodesTheSameCutAnywhere(_ c: KeyCase) {
        for cut in 0...c.bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.decode(c.bytes[..<cut]) + decoder.decode(c.bytes[cut...])
            #expect(keys == c.keys, "cut at \(cut)")
        }
    }

    @Test(arguments: cases)
    func decodesTheSameByteByByte(_ c: KeyCase) {
        var decoder = KeyDecoder()
        let keys = c.bytes.flatMap { decoder.decode([$0]) }
        #expect(keys == c.keys)
    }

    @Test func escAloneWaitsUntilFlushed() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
        #expect(decoder.flush() == [])
    }

    @Test func anUnfinishedSequenceFlushesAsEscAndItsText() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[1;".utf8)) == [])
        #expect(decoder.flush() == [.escape, .text("["), .text("1"), .text(";")])
        #expect(decoder.decode(Array("\u{1B}O".utf8)) == [])
        #expect(decoder.flush() == [.escape, .text("O")])
        #expect(decoder.decode([0xE8, 0xAA]) == [])
        #expect(decoder.flush() == [.unknown([0xE8, 0xAA])])
    }

    @Test func aPasteInProgressIsNotFlushed() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~x d\u{1B}[20".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.decode(Array("1~j".utf8)) == [.paste("x d"), .text("j")])
    }

    @Test func escapesInsideAPasteStayText() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("\u{1B}[200~\u{1B}[20x\u{1B}\u{1B}[201~".utf8))
        #expect(keys == [.paste("\u{1B}[20x\u{1B}")])
    }
}
