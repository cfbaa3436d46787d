import TodoTxt

/// Reads the fields of query.md section 2 from an item, on bytes.
enum ItemFields {
    static let hiddenKey: [UInt8] = [0x68]
    static let thresholdKey: [UInt8] = [0x74]
    static let dueKey: [UInt8] = Array("due".utf8)
    static let priorityKey: [UInt8] = Array("pri".utf8)

    /// The priority letter: the header's for an open task, the first `pri:` tag's for a done
    /// task when that value is one letter A-Z.
    static func priority(of item: TODOItem) -> UInt8? {
        guard item.isDone else { return item.priority?.ascii }
        var found: ArraySlice<UInt8>?
        item.forEachWord { word in
            if found == nil, word.kind == .tag, word.name.elementsEqual(priorityKey) {
                found = word.value
            }
        }
        guard let found, found.count == 1, let letter = found.first, letter >= 0x41, letter <= 0x5A
        else { return nil }
        return letter
    }

    /// The first tag with this key whose value is a valid date.
    static func dateTag(_ key: [UInt8], of item: TODOItem) -> LocalDate? {
        var found: LocalDate?
        item.forEachWord { word in
            if found == nil, word.kind == .tag, word.name.elementsEqual(key) {
                found = LocalDate(slice: word.value)
            }
        }
        return found
    }

    /// The value of the first tag with this key.
    static func tag(_ key: [UInt8], of item: TODOItem) -> ArraySlice<UInt8>? {
        var found: ArraySlice<UInt8>?
        item.forEachWord { word in
            if found == nil, word.kind == .tag, word.name.elementsEqual(key) { found = word.value }
        }
        return found
    }

    /// The name of the first project or context.
    static func firstName(_ kind: Word.Kind, of item: TODOItem) -> ArraySlice<UInt8>? {
        var found: ArraySlice<UInt8>?
        item.forEachWord { word in
            if found == nil, word.kind == kind { found = word.name }
        }
        return found
    }

    /// All project or context names joined by single spaces (for CSV and templates).
    static func names(_ kind: Word.Kind, of item: TODOItem) -> [UInt8] {
        var result: [UInt8] = []
        item.forEachWord { word in
            if word.kind == kind {
                if !result.isEmpty { result.append(0x20) }
                result.append(contentsOf: word.name)
            }
        }
        return result
    }
}
