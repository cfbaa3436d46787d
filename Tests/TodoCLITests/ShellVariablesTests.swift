import Testing

@testable import TodoCLI

/// The shell's variables keep bash's distinction between a value and an export mark in one
/// table: a name can be exported before it is set, keeps its mark when its value goes, and
/// loses both on `unset`.
@Suite struct ShellVariablesTests {
    @Test func exportBeforeSetMarksTheNameWithoutAValue() {
        var shell = ShellVariables()
        shell.export("A")
        #expect(shell["A"] == nil)
        #expect(shell.exportedNames == ["A"])
        #expect(shell.values.isEmpty)
        #expect(shell.environment.isEmpty)
        shell["A"] = "1"
        #expect(shell.environment == ["A": "1"])
    }

    @Test func clearingAValueKeepsTheMarkButUnsetDropsBoth() {
        var shell = ShellVariables(environment: ["A": "1"])
        shell["B"] = "2"
        shell["A"] = nil
        shell["B"] = nil
        #expect(shell.exportedNames == ["A"])
        #expect(shell.values.isEmpty)
        // A name neither set nor exported leaves nothing behind, so the two shells are equal.
        var other = ShellVariables()
        other.export("A")
        #expect(shell == other)
        shell.unset("A")
        #expect(shell == ShellVariables())
    }

    @Test func defaultsFillOnlyUnsetOrEmptyNamesAndKeepTheirMark() {
        var shell = ShellVariables(environment: ["A": "", "B": "b"])
        shell.export("C")
        shell.setDefault("A", "1")
        shell.setDefault("B", "2")
        shell.setDefault("C", "3")
        shell.setDefault("D", "4")
        #expect(shell.values == ["A": "1", "B": "b", "C": "3", "D": "4"])
        #expect(shell.exportedNames == ["A", "B", "C"])
    }

    @Test func exportingByPrefixMarksOnlySetNamesWithThePrefix() {
        var shell = ShellVariables()
        shell["PRI_A"] = "x"
        shell["PRI"] = "y"
        shell["COLOR_DONE"] = "z"
        shell.export("PRI_B")
        shell.exportSet(prefix: "PRI_", value: "")
        #expect(shell.values == ["PRI_A": "", "PRI": "y", "COLOR_DONE": "z"])
        #expect(shell.exportedNames == ["PRI_A", "PRI_B"])
        shell.exportSet(prefix: "COLOR_")
        #expect(shell.environment == ["PRI_A": "", "COLOR_DONE": "z"])
    }

    @Test func bytePrefixesCompareBytesOfShortAndLongNames() {
        #expect("TODOTXT_VERBOSE".hasBytePrefix("TODOTXT_"))
        #expect(!"TODOTXT".hasBytePrefix("TODOTXT_"))
        #expect(!"todotxt_x".hasBytePrefix("TODOTXT_"))
        #expect(String(repeating: "PRI_", count: 10).hasBytePrefix("PRI_"))
        #expect("é_x".hasBytePrefix(""))
    }
}
