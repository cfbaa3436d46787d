import Testing
import TodoTerminal

@Suite struct StyleTests {
    static let settings: [(String, Style)] = [
        ("\u{1B}[0;33m", Style(foreground: .basic(3))),
        ("\u{1B}[1;33m", Style(foreground: .basic(3), attributes: .bold)),
        ("\u{1B}[0;37m", Style(foreground: .basic(7))),
        ("\u{1B}[1;37;44m", Style(foreground: .basic(7), background: .basic(4), attributes: .bold)),
        ("\u{1B}[38;5;208m", Style(foreground: .palette(208))),
        ("\u{1B}[38:5:208m", Style(foreground: .palette(208))),
        ("\u{1B}[48;2;10;20;30m", Style(background: .rgb(10, 20, 30))),
        ("\u{1B}[91;102m", Style(foreground: .basic(9), background: .basic(10))),
        ("\u{1B}[1m\u{1B}[4m\u{1B}[7m", Style(attributes: [.bold, .underline, .reverse])),
        ("\u{1B}[1;31m\u{1B}[0m", .plain),
        ("\u{1B}[m", .plain),
        ("\u{1B}[1;2m\u{1B}[22m", .plain),
        ("", .plain),
        (
            "\u{1B}]0;title\u{7}\u{1B}[2J\u{1B}[1;32mx",
            Style(foreground: .basic(2), attributes: .bold)
        ),
        ("\u{1B}[38;5m\u{1B}[99;1m", Style(attributes: .bold)),
    ]

    @Test(arguments: settings)
    func readsAColourSetting(_ setting: String, _ expected: Style) {
        #expect(Style(sgr: Array(setting.utf8)) == expected)
    }

    @Test(arguments: settings)
    func itsSequenceSetsItFromAnyState(_ setting: String, _ style: Style) {
        let sequence = style.sequence
        #expect(sequence.starts(with: Array("\u{1B}[0".utf8)) && sequence.last == 0x6D)
        #expect(Style(sgr: Array("\u{1B}[1;3;45m".utf8) + sequence) == style)
    }

    @Test func reversedAddsReverseVideo() {
        let style = Style(foreground: .basic(1))
        #expect(style.reversed == Style(foreground: .basic(1), attributes: .reverse))
        #expect(style.reversed.reversed == style.reversed)
    }
}
