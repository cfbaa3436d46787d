import TodoTxt

/// A set of Unicode scalars, kept as sorted ranges that neither overlap nor touch, and whether
/// it also holds the bytes that are not part of valid UTF-8 (for `.` and negated classes).
struct ScalarSet {
    /// The ranges, sorted; surrogates are never included.
    private(set) var ranges: [ClosedRange<UInt32>] = []
    /// Whether a lone byte that cannot start a valid UTF-8 sequence belongs to the set.
    var includesInvalidBytes = false
    /// Single bytes that are not valid UTF-8 but were written literally in the pattern.
    var literalBytes: [UInt8] = []

    /// The largest scalar.
    static let maxScalar: UInt32 = 0x10_FFFF

    /// Every scalar and every invalid byte: `.`.
    static var any: ScalarSet {
        var set = ScalarSet()
        set.insert(0...maxScalar)
        set.includesInvalidBytes = true
        return set
    }

    /// The set of one scalar.
    init(scalar: UInt32) { insert(scalar...scalar) }

    /// The empty set.
    init() {}

    /// Adds a range, leaving out the surrogates.
    mutating func insert(_ range: ClosedRange<UInt32>) {
        let low = range.lowerBound
        let high = min(range.upperBound, ScalarSet.maxScalar)
        guard low <= high else { return }
        if low < 0xD800 && high > 0xDFFF {
            add(low...0xD7FF)
            add(0xE000...high)
        } else if high < 0xD800 || low > 0xDFFF {
            add(low...high)
        } else if low < 0xD800 {
            add(low...0xD7FF)
        } else if high > 0xDFFF {
            add(0xE000...high)
        }
    }

    /// Adds every scalar and invalid byte of another set.
    mutating func formUnion(_ other: ScalarSet) {
        for range in other.ranges { add(range) }
        literalBytes += other.literalBytes
        includesInvalidBytes = includesInvalidBytes || other.includesInvalidBytes
    }

    private mutating func add(_ range: ClosedRange<UInt32>) {
        // Keep the ranges sorted and merged; sets stay small, so a linear pass is enough.
        var merged = range
        var result: [ClosedRange<UInt32>] = []
        result.reserveCapacity(ranges.count + 1)
        var placed = false
        for existing in ranges {
            if existing.upperBound &+ 1 < merged.lowerBound {
                result.append(existing)
            } else if merged.upperBound &+ 1 < existing.lowerBound {
                if !placed {
                    result.append(merged)
                    placed = true
                }
                result.append(existing)
            } else {
                merged =
                    min(
                        existing.lowerBound, merged.lowerBound)...max(
                        existing.upperBound, merged.upperBound)
            }
        }
        if !placed { result.append(merged) }
        ranges = result
    }

    /// Every valid scalar not in the set, and the invalid bytes when the set lacks them.
    func inverted() -> ScalarSet {
        var result = ScalarSet()
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.insert(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= ScalarSet.maxScalar { result.insert(next...ScalarSet.maxScalar) }
        result.includesInvalidBytes = !includesInvalidBytes
        return result
    }

    /// The set with the other case of each letter added (the `i` flag): ASCII letters directly,
    /// other scalars through their single-scalar lower-, upper- and title-case mappings.
    func caseFolded() -> ScalarSet {
        var result = self
        for range in ranges {
            let asciiLow = range.lowerBound
            let asciiHigh = min(range.upperBound, 0x7F)
            // Empty when the range starts above ASCII.
            let upperLow = max(asciiLow, 0x41)
            let upperHigh = min(asciiHigh, 0x5A)
            if upperLow <= upperHigh { result.add((upperLow + 32)...(upperHigh + 32)) }
            let lowerLow = max(asciiLow, 0x61)
            let lowerHigh = min(asciiHigh, 0x7A)
            if lowerLow <= lowerHigh { result.add((lowerLow - 32)...(lowerHigh - 32)) }
            if range.upperBound >= 0x80 {
                let pairs = CaseTable.pairs
                var index = CaseTable.firstIndex(atLeast: max(range.lowerBound, 0x80))
                while index < pairs.count && pairs[index].from <= range.upperBound {
                    result.insert(pairs[index].to...pairs[index].to)
                    index += 1
                }
            }
        }
        return result
    }

    /// The scalars as sequences of UTF-8 byte ranges, one range per byte, whose union is
    /// exactly the encodings of the set's scalars.
    func utf8Sequences() -> [[ClosedRange<UInt8>]] {
        var result: [[ClosedRange<UInt8>]] = []
        var pending = ranges.reversed().map { ($0.lowerBound, $0.upperBound) }
        while let (low, high) = pending.popLast() {
            // Split where the encoded length changes.
            var splitAtLength = false
            for limit: UInt32 in [0x7F, 0x7FF, 0xFFFF] where low <= limit && high > limit {
                pending.append((limit + 1, high))
                pending.append((low, limit))
                splitAtLength = true
                break
            }
            if splitAtLength { continue }
            if high <= 0x7F {
                result.append([UInt8(low)...UInt8(high)])
                continue
            }
            // Split until every continuation byte ranges over a whole block or one value.
            var split = false
            for shift: UInt32 in [6, 12, 18] {
                let mask: UInt32 = (1 << shift) - 1
                guard low & ~mask != high & ~mask else { continue }
                if low & mask != 0 {
                    pending.append(((low | mask) + 1, high))
                    pending.append((low, low | mask))
                    split = true
                    break
                }
                if high & mask != mask {
                    pending.append((high & ~mask, high))
                    pending.append((low, (high & ~mask) - 1))
                    split = true
                    break
                }
            }
            if split { continue }
            let first = ScalarSet.encode(low)
            let last = ScalarSet.encode(high)
            result.append(zip(first, last).map { $0...$1 })
        }
        return result
    }

    /// The UTF-8 encoding of a scalar value.
    static func encode(_ value: UInt32) -> [UInt8] {
        switch value {
        case 0..<0x80: [UInt8(value)]
        case 0x80..<0x800: [UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
        case 0x800..<0x10000:
            [
                UInt8(0xE0 | value >> 12), UInt8(0x80 | (value >> 6) & 0x3F),
                UInt8(0x80 | value & 0x3F),
            ]
        default:
            [
                UInt8(0xF0 | value >> 18), UInt8(0x80 | (value >> 12) & 0x3F),
                UInt8(0x80 | (value >> 6) & 0x3F), UInt8(0x80 | value & 0x3F),
            ]
        }
    }

    /// The bytes that can never start a valid UTF-8 sequence: continuation bytes, `C0`, `C1`
    /// and `F5`-`FF`. A negated class or `.` consumes them one at a time.
    static let invalidBytes: [ClosedRange<UInt8>] = [0x80...0xC1, 0xF5...0xFF]
}

/// Pairs of scalars that are each other's case, for the `i` flag on non-ASCII text. Built once,
/// on first use, from the standard library's Unicode properties.
enum CaseTable {
    /// `(from, to)` pairs sorted by `from`; both directions of each mapping are present.
    static let pairs: [(from: UInt32, to: UInt32)] = {
        var pairs: [(from: UInt32, to: UInt32)] = []
        for value: UInt32 in 0x80...0x1_FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped
            else { continue }
            let properties = scalar.properties
            for mapping in [
                properties.lowercaseMapping, properties.uppercaseMapping,
                properties.titlecaseMapping,
            ] {
                let scalars = mapping.unicodeScalars
                guard scalars.count == 1, let other = scalars.first, other.value != value
                else { continue }
                pairs.append((value, other.value))
                pairs.append((other.value, value))
            }
        }
        pairs.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        return pairs
    }()

    /// The index of the first pair whose `from` is at least `value`.
    static func firstIndex(atLeast value: UInt32) -> Int {
        pairs.partitionPoint { $0.from >= value }
    }
}
