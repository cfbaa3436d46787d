import Glibc
import Testing
import TodoPlatform

/// The regex owner frees what `regcomp` allocates, so compiling many expressions in one
/// process (a language server, a long query session) does not grow its memory.
@Suite struct POSIXRegexTests {
    /// Compiles and uses 100,000 distinct expressions and returns how much the resident
    /// memory grew, in MiB, or `nil` when one did not compile or match as it should.
    static func growthOverOneHundredThousandCompilations() -> Int? {
        // Each expression is distinct and big enough that a leak shows: without regfree,
        // 100,000 of these grow the process by well over a gigabyte.
        func compileBatch(_ range: Range<Int>) -> Bool {
            for number in range {
                guard
                    let regex = try? POSIXRegex(
                        "(task|todo)[[:space:]]+\(number)[a-z]*([[:space:]]+(@[[:alnum:]_]+|\\+[[:alnum:]]+))+$",
                        extended: true, ignoringCase: true),
                    regex.matches(Array("Todo \(number)x @home".utf8))
                else { return false }
            }
            return true
        }
        guard compileBatch(0..<2_000) else { return nil }  // warm up the allocator first
        let before = ProcessState.residentMemory()
        guard compileBatch(2_000..<102_000) else { return nil }
        return (ProcessState.residentMemory() - before) >> 20
    }

    /// Runs in a child process of its own, so that the other suites, which run in parallel in
    /// this process, do not move the measurement. The child's exit status is the growth in
    /// MiB (capped at 250), or 255 when an expression misbehaved.
    @Test func compilingOneHundredThousandExpressionsKeepsMemoryFlat() throws {
        let child = fork()
        if child == 0 {
            let growth = Self.growthOverOneHundredThousandCompilations()
            _exit(growth.map { Int32(min(max($0, 0), 250)) } ?? 255)
        }
        try #require(child > 0, "fork failed")
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            try #require(errno == EINTR, "waitpid failed")
        }
        try #require(status & 0x7F == 0, "the child died of signal \(status & 0x7F)")
        let grown = (status >> 8) & 0xFF
        #expect(grown != 255, "an expression did not compile or match")
        #expect(grown < 32, "resident memory grew by \(grown) MiB over 100,000 compilations")
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
