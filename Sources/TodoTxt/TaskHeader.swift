/// The header of a task line as todo.sh's editing actions read it: a priority holding any one
/// character, then a creation date of two to four year digits. `todo`'s `prepend` and
/// `replace`, and the task stores of TodoKit, keep or swap these bytes.
package enum TaskHeader {
    /// The length of a `(?) ` prefix holding any one UTF-8 character, or 0.
    package static func priorityLength(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 4, bytes[0] == 0x28 else { return 0 }
        // One UTF-8 character between the parentheses: a lead byte and its continuations.
        var end = 2
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        guard end + 1 < bytes.count, bytes[end] == 0x29, bytes[end + 1] == 0x20 else { return 0 }
        return end + 2
    }

    /// The length of a `[0-9]{2,4}-[0-9]{2}-[0-9]{2} ` date at `start`, or 0.
    package static func dateLength(_ bytes: [UInt8], at start: Int) -> Int {
        func digit(_ index: Int) -> Bool {
            index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39
        }
        var year = 0
        while year < 4 && digit(start + year) { year += 1 }
        guard year >= 2 else { return 0 }
        let rest = start + year
        guard rest + 6 < bytes.count, bytes[rest] == 0x2D, digit(rest + 1), digit(rest + 2),
            bytes[rest + 3] == 0x2D, digit(rest + 4), digit(rest + 5), bytes[rest + 6] == 0x20
        else { return 0 }
        return year + 7
    }

    /// The length of the priority and the creation date after it, each possibly absent.
    package static func length(_ bytes: [UInt8]) -> Int {
        let priority = priorityLength(bytes)
        return priority + dateLength(bytes, at: priority)
    }

    /// The line `todo replace` writes for `new` over `old`: the old priority and creation date
    /// stay unless the new text brings its own.
    package static func replacing(_ old: [UInt8], with new: [UInt8]) -> [UInt8] {
        let oldPriority = priorityLength(old)
        let oldDate = dateLength(old, at: oldPriority)
        let newPriority = priorityLength(new)
        let newDate = dateLength(new, at: newPriority)
        let priority = newPriority > 0 ? new[0..<newPriority] : old[0..<oldPriority]
        let date =
            newDate > 0
            ? new[newPriority..<(newPriority + newDate)]
            : old[oldPriority..<(oldPriority + oldDate)]
        return Array(priority) + Array(date) + Array(new[(newPriority + newDate)...])
    }
}
