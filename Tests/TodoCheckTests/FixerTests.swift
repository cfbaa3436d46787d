import Testing
import TodoCheck
import TodoTxt

/// `check --fix`'s repairs: every sure repair applied, every other byte kept.
@Suite struct FixerTests {
    static let today: LocalDate = {
        guard let day = LocalDate(year: 2026, month: 11, day: 23) else {
            preconditionFailure("2026-11-23 is a date")
        }
        return day
    }()

    private func fixed(_ text: String) -> (text: String, rules: [String]) {
        let result = Fixer.fix(Array(text.utf8), today: Self.today)
        return (String(decoding: result.bytes, as: UTF8.self), result.fixed.map(\.rule.rawValue))
    }

    @Test func everyRepairOfALineIsApplied() {
        let result = fixed("X call mom due:tomorrow  \n(b) 2026-1-5 pay\n")
        #expect(result.text == "x call mom due:2026-11-24\n(B) 2026-01-05 pay\n")
        #expect(
            result.rules == [
                "uppercase-done-mark", "relative-date", "trailing-whitespace",
                "lowercase-priority", "malformed-date",
            ])
    }

    @Test func aRepairThatRevealsAnotherIsFollowedUp() {
        // Lower-casing X makes "(A)" a priority on a done task, which moves to a pri: tag.
        let result = fixed("X (A) file taxes\n")
        #expect(result.text == "x file taxes pri:A\n")
        #expect(result.rules == ["uppercase-done-mark", "priority-on-done-task"])
    }

    @Test func otherBytesStay() {
        let text = "\u{FEFF}ok line\r\n(b) a\r\nfine \u{1F4DE}\r\nx 2026-01-02 done"
        let result = fixed(text)
        #expect(
            result.text == "\u{FEFF}ok line\r\n(B) a\r\nfine \u{1F4DE}\r\nx 2026-01-02 done\r\n")
        #expect(result.rules == ["lowercase-priority", "missing-final-newline"])
    }

    @Test func findingsWithoutARepairAreLeft() {
        let text = "a due:soon\na due:soon\nb due:2026-02-30\n"
        let result = Fixer.fix(Array(text.utf8), today: Self.today)
        #expect(result.bytes == Array(text.utf8))
        #expect(result.fixed.isEmpty)
    }

    @Test func invalidUTF8IsKeptByteForByte() {
        let bytes: [UInt8] = Array("X caf".utf8) + [0xE9, 0x20] + Array("\n".utf8)
        let result = Fixer.fix(bytes, today: Self.today)
        #expect(result.bytes == Array("x caf".utf8) + [0xE9] + Array("\n".utf8))
    }

    @Test func aFixedFileHasNoRepairLeft() {
        let lines = [
            "X a", "x\tb", "(c) c", "(D)d", "x (E) e", "2026-1-2 f", "g due:monday", "h  ",
            "(A)  2026-01-02 i", "x 2026-01-02 (F) j t:+1w ",
        ]
        let result = Fixer.fix(Array(lines.joined(separator: "\n").utf8), today: Self.today)
        let left = Checker.check(result.bytes, today: Self.today)
        #expect(left.allSatisfy { $0.fix == nil }, "\(left)")
        #expect(result.bytes.split(separator: 0x0A).count == lines.count)
    }

    @Test func checkingOnTwoThreadsFindsTheSame() {
        var text = ""
        for index in 0..<5000 {
            text += index % 97 == 0 ? "X dup\n" : "task \(index) due:2026-12-0\(index % 9 + 1)\n"
        }
        let bytes = Array(text.utf8)
        var order: [Int] = []
        let together = { (first: () -> Void, second: () -> Void) in
            second()
            order.append(2)
            first()
            order.append(1)
        }
        let both = Checker.check(bytes, today: Self.today, together: together)
        #expect(order == [2, 1])
        #expect(both == Checker.check(bytes, today: Self.today))
        #expect(both.contains { $0.rule == .duplicateTask })
    }
}
