import Testing
import TodoPlatform

/// The regex owner frees what `regcomp` allocates, so compiling many expressions in one
/// process (a language server, a long query session) does not grow its memory.
@Suite struct POSIXRegexTests {
    @Test func compilingOneHundredThousandExpressionsKeepsMemoryFlat() throws {
        // Each expression is distinct and big enough that a leak shows: without regfree,
        // 100,000 of these grow the process by well over a gigabyte.
        var mismatches = 0
        func compileBatch(_ range: Range<Int>) throws {
            for number in range {
                let regex = try POSIXRegex(
                    "(task|todo)[[:space:]]+\(number)[a-z]*([[:space:]]+(@[[:alnum:]_]+|\\+[[:alnum:]]+))+$",
                    extended: true, ignoringCase: true)
                if !regex.matches(Array("Todo \(number)x @home".utf8)) { mismatches += 1 }
            }
        }
        try compileBatch(0..<2_000)  // warm up allocator caches before the baseline
        let before = ProcessState.residentMemory()
        try compileBatch(2_000..<102_000)
        let after = ProcessState.residentMemory()
        let grown = after - before
        #expect(mismatches == 0)
        #expect(grown < 32 << 20, "resident memory grew by \(grown >> 20) MiB")
    }

    @Test func aBadPatternIsRefusedWithTheLibrarysReason() {
        #expect(throws: POSIXRegex.Invalid.self) { try POSIXRegex("a\\(b") }
        do {
            _ = try POSIXRegex("[z-a]", extended: true)
            Issue.record("an invalid range compiled")
        } catch {
            #expect(error.pattern == "[z-a]")
            #expect(!error.reason.isEmpty)
        }
    }

    @Test func groupsAreReportedAsByteRanges() throws {
        let regex = try POSIXRegex("b\\(c*\\)d")
        let text = Array("abccd".utf8CString)
        let groups = text.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap {
                regex.firstMatch(cString: $0, groups: 3, notAtLineStart: false)
            }
        }
        #expect(groups == [1..<5, 2..<4, nil])
    }
}
