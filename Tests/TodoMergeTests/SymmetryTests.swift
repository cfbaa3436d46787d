import Testing
import TodoMerge

/// Symmetry: swapping ours and theirs mirrors conflicts and keeps the same tasks.
@Suite struct SymmetryTests {
    private static let cases: [(String, [String], [String], [String])] = [
        (
            "completion vs priority", ["(B) Call mom @phone"], ["x 2024-05-02 Call mom @phone"],
            ["(A) Call mom @phone"]
        ),
        ("tags on both", ["Pay rent"], ["Pay rent +home"], ["Pay rent @desk due:2024-06-01"]),
        ("both completed", ["Pay rent"], ["x 2024-05-03 Pay rent"], ["x 2024-05-01 Pay rent"]),
        ("priority clash", ["(B) Call mom"], ["(A) Call mom"], ["(C) Call mom"]),
        (
            "delete vs edit", ["Call mom", "Buy milk"], ["Call mom"],
            ["Call mom", "Buy milk @store"]
        ),
        ("add vs add", ["Call mom"], ["Call mom", "(A) Walk dog"], ["Call mom", "(B) Walk dog"]),
        ("adds at end", ["Call mom"], ["Call mom", "One"], ["Call mom", "Two"]),
        ("reorder vs edit", ["A1", "B2", "C3"], ["C3", "A1", "B2"], ["A1", "(A) B2", "C3"]),
    ]

    @Test(arguments: cases)
    func swappingMirrorsTheResult(
        name: String, base: [String], ours: [String], theirs: [String]
    ) {
        let forward = mergeTexts(base, ours, theirs)
        let backward = mergeTexts(base, theirs, ours)
        #expect(forward.conflicts.map(\.kind) == backward.conflicts.map(\.kind), "\(name)")
        if forward.isClean {
            // Appended tags may come in another order.
            func tokens(_ result: MergeResult) -> [String] {
                lines(result).map { $0.split(separator: " ").sorted().joined(separator: " ") }
                    .sorted()
            }
            #expect(tokens(forward) == tokens(backward), "\(name)")
        } else {
            // The blocks are mirror images: ours and theirs sections swap, base stays.
            let mirrored = lines(backward).map { line -> String in
                if line.hasPrefix("<<<<<<<") { return "<<<<<<< ours" }
                if line.hasPrefix(">>>>>>>") { return ">>>>>>> theirs" }
                return line
            }
            #expect(sections(lines(forward)) == swapSides(sections(mirrored)), "\(name)")
        }
    }

    /// The (ours, base, theirs) sections of each block, and the lines outside blocks.
    private func sections(_ lines: [String]) -> [[String]] {
        var result: [[String]] = [[]]
        for line in lines {
            if line.hasPrefix("<<<<<<<") || line.hasPrefix("|||||||") || line.hasPrefix("=======")
                || line.hasPrefix(">>>>>>>")
            {
                result.append([])
            } else {
                result[result.count - 1].append(line)
            }
        }
        return result
    }

    /// Swaps each block's ours and theirs sections.
    private func swapSides(_ parts: [[String]]) -> [[String]] {
        var result = parts
        var index = 1
        while index + 2 < result.count {
            result.swapAt(index, index + 2)
            index += 4
        }
        return result
    }
}
