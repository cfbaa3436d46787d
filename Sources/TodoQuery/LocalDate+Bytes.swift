import TodoTxt

extension LocalDate {
    /// Parses a slice that must be exactly `YYYY-MM-DD`.
    @inline(__always)
    init?(slice bytes: ArraySlice<UInt8>) {
        guard bytes.count == 10,
            let date = bytes.withUnsafeBufferPointer({ LocalDate(utf8: $0) })
        else { return nil }
        self = date
    }
}
