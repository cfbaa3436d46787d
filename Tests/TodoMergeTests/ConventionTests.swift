import Testing
import TodoMerge

/// Byte-exactness of trivial merges and file conventions: ours' BOM, terminators and final
/// newline are kept; untouched lines are copied byte for byte.
@Suite struct ConventionTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: [
        ("a\n", "b\n", "b\n"), ("a\n", "a\n", "c\n"), ("a\n", "c\r\n", "a\n"), ("", "x", "x"),
        ("a", "a", "a"),
    ])
    func trivialCasesAreByteExact(base: String, ours: String, theirs: String) {
        let result = merge(base: bytes(base), ours: bytes(ours), theirs: bytes(theirs))
        let expected = ours == theirs || theirs == base ? ours : theirs
        #expect(result.merged == bytes(expected))
        #expect(result.isClean)
    }

    @Test func crlfIsKeptAndTheirsLinesTakeIt() {
        let result = merge(
            base: bytes("Call mom\r\nBuy milk\r\n"),
            ours: bytes("(A) Call mom\r\nBuy milk\r\n"),
            theirs: bytes("Call mom\nBuy milk\nPay rent\n"))
        #expect(result.isClean)
        #expect(text(result) == "(A) Call mom\r\nBuy milk\r\nPay rent\r\n")
    }

    @Test func byteOrderMarkIsKept() {
        let bom = "\u{FEFF}"
        let result = merge(
            base: bytes(bom + "Call mom\n"), ours: bytes(bom + "(A) Call mom\n"),
            theirs: bytes(bom + "Call mom\nBuy milk\n"))
        #expect(result.isClean)
        #expect(result.merged == bytes(bom + "(A) Call mom\nBuy milk\n"))
    }

    @Test func missingFinalNewlineIsKept() {
        let result = merge(
            base: bytes("Call mom\nBuy milk"), ours: bytes("(A) Call mom\nBuy milk"),
            theirs: bytes("Call mom\nBuy milk\nPay rent\n"))
        #expect(result.isClean)
        #expect(text(result) == "(A) Call mom\nBuy milk\nPay rent")
    }

    @Test func untouchedLinesAreCopiedByteForByte() {
        // Odd spacing, a tab, invalid UTF-8 and a mixed terminator survive untouched; the new
        // line takes the first line's terminator (FormatRules.md F5).
        let odd: [UInt8] = Array("(A)  Odd\tspacing  ".utf8) + [0xFF, 0xFE] + [0x0D, 0x0A]
        let base = odd + bytes("Call mom\n")
        let ours = odd + bytes("Call mom @phone\n")
        let theirs = odd + bytes("Call mom\nNew\n")
        let result = merge(base: base, ours: ours, theirs: theirs)
        #expect(result.isClean)
        #expect(result.merged == odd + bytes("Call mom @phone\nNew\r\n"))
    }

    @Test func emptyOursTakesConventionsFromTheirs() {
        let result = merge(
            base: bytes("Call mom\r\n"), ours: [], theirs: bytes("Call mom\r\nNew\r\n"))
        #expect(result.isClean)
        #expect(text(result) == "New\r\n")
    }
}
