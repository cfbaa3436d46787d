import Testing

@testable import TodoTxt

/// The sorted-table lookup the language server and the regex classes share.
struct PartitionPointTests {
    @Test func findsTheFirstElementPastTheValueForEveryValue() {
        let sorted = [1, 3, 3, 5, 8, 13, 13, 13, 21]
        for value in -1...23 {
            let expected = sorted.firstIndex { $0 >= value } ?? sorted.endIndex
            #expect(sorted.partitionPoint { $0 >= value } == expected, "value \(value)")
            #expect(sorted[2...].partitionPoint { $0 >= value } == max(expected, 2))
        }
        #expect([Int]().partitionPoint { $0 >= 0 } == 0)
    }
}
