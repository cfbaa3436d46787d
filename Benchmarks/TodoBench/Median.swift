extension Array where Element == Double {
    /// The middle value once sorted (the mean of the two middle ones for an even count), or 0
    /// for no values.
    var median: Double {
        guard !isEmpty else { return 0 }
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
