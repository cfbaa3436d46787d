import Testing
import TodoTerminal

/// The one set of listing colour and hiding rules, as the listing's bytes and as the screen's
/// spans.
@Suite struct ListingLookTests {
    static let colours: [String: [UInt8]] = [
        "PRI_A": Array("\u{1B}[1;33m".utf8), "PRI_X": Array("\u{1B}[0;37m".utf8),
        "COLOR_DONE": Array("\u{1B}[0;90m".utf8), "COLOR_PROJECT": Array("\u{1B}[32m".utf8),
        "COLOR_CONTEXT": Array("\u{1B}[34m".utf8), "COLOR_DATE": Array("\u{1B}[35m".utf8),
        "COLOR_NUMBER": Array("\u{1B}[2m".utf8), "COLOR_META": Array("\u{1B}[36m".utf8),
        "DEFAULT": Array("\u{1B}[0m".utf8),
    ]

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func paintsAsTheListingDoes() {
        let look = ListingLook(colours: Self.colours)
        let painted = look.painted(Array("07 (A) call 42 +home @phone 2026-11-30 due:x".utf8))
        let (e, reset, line) = ("\u{1B}", "\u{1B}[0m", "\u{1B}[1;33m")
        #expect(
            Self.text(painted)
                == line + "\(e)[2m07" + reset + line + " (A) call 42 \(e)[32m+home" + reset + line
                + " \(e)[34m@phone" + reset + line + " \(e)[35m2026-11-30" + reset + line
                + " \(e)[36mdue:x" + reset + line + reset)
    }

    @Test func aPriorityWithoutItsOwnColourTakesPriX() {
        let look = ListingLook(colours: ["PRI_X": Array("\u{1B}[0;37m".utf8)])
        #expect(Self.text(look.painted(Array("3 (Q) later".utf8))) == "\u{1B}[0;37m3 (Q) later")
        #expect(Self.text(look.painted(Array("3 plain".utf8))) == "3 plain")
    }

    @Test func hidingRemovesThePriorityProjectsAndContexts() {
        let look = ListingLook(hidesPriority: true, hidesProjects: true, hidesContexts: true)
        let layout = look.layout(Array("12 (B) call mom +family @phone (C) x".utf8))
        #expect(Self.text(layout.line) == "12 call mom (C) x")
        #expect(
            ListingLook.hidingPriority(Array("5 x (A) done".utf8)) == Array("5 x (A) done".utf8))
        #expect(ListingLook.hiding(sigil: 0x2B, in: Array("1 a +b. c".utf8)) == Array("1 a c".utf8))
    }

    @Test func spansCarryTheSameColoursAsStyles() {
        let look = ListingLook(colours: Self.colours, hidesContexts: true)
        let spans = look.spans(Array("1 (A) call mom +family @phone".utf8))
        #expect(spans.map(\.text).joined() == "1 (A) call mom +family")
        #expect(spans.map(\.text) == ["1", " (A) call mom ", "+family"])
        let line = Style(sgr: Array("\u{1B}[1;33m".utf8))
        #expect(spans[1].style == line)
        #expect(spans[2].style.foreground == .basic(2))
        #expect(spans[2].style.attributes.contains(.bold))
        #expect(spans[0].style.attributes.contains(.dim))
    }

    @Test func escapesTurnBackslashZeroThreeThreeIntoEsc() {
        #expect(ListingLook.escapes("\\\\033[0;32m") == Array("\u{1B}[0;32m".utf8))
        #expect(ListingLook.escapes("plain") == Array("plain".utf8))
    }
}
