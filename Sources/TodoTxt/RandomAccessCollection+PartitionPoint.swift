extension RandomAccessCollection {
    /// The index of the first element for which `isPast` holds, in a collection where it holds
    /// for a suffix of the elements only (found by halving: a sorted table's lookup).
    @inlinable
    package func partitionPoint(where isPast: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try isPast(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
