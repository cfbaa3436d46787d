import TodoQuery
import TodoStore
import TodoTxt

extension Session {
    /// Text the user typed, with relative `due:`/`t:` values written as dates (lifecycle rules
    /// in the README), unless `TODOTXT_RELATIVE_DATES=0`.
    func resolvingTypedDates(_ text: String) -> String {
        settings.relativeDates ? resolvingRelativeDates(in: text, today: today) : text
    }

    /// `postpone NR [NR ...] AMOUNT`: every task is checked before any changes; a bad amount or
    /// task number changes nothing.
    func postpone(_ numbers: [String], by amount: String) throws -> Int32 {
        guard let (offset, sign) = DateOffset.parse(Array(amount.utf8)[...]), sign != 0x2D,
            offset.count > 0
        else {
            throw CommandFailure.die(
                "\(program): postpone: invalid amount '\(amount)'; expected a number and a unit d, w, m, y or b, as in 3d or 1w"
            )
        }
        let file = settings.todoFile
        let usage = ["usage: \(program) postpone NR [NR ...] AMOUNT"]
        let lineGuard = LineGuard()
        let changed = try storage.update(file) { list -> [(String, String, LocalDate?)] in
            var changed: [(String, String, LocalDate?)] = []
            for word in numbers {
                let index = try taskIndex(word, in: list, file: file, usage: usage).get()
                try lineGuard.check(list, index)
                var item = list[index].item
                guard item.postpone(by: offset, today: today) else {
                    throw CommandFailure.die(
                        "\(program): postpone: task \(word) would move past the year 9999")
                }
                list.replaceLine(at: index, with: item)
                changed.append((word, item.text, item.dateTag("due")))
            }
            return changed
        }
        if verbose {
            for (word, text, due) in changed {
                console.line("\(word) \(text)")
                console.line("TODO: \(word) postponed to \(due.map(\.description) ?? "?").")
            }
        }
        return 0
    }

    /// `tag NR KEY [VALUE]`.
    func tag(_ number: String, key: String, value: String?) throws -> Int32 {
        let file = settings.todoFile
        let usage = ["usage: \(program) tag NR KEY [VALUE]"]
        guard !key.isEmpty, !key.contains(where: { $0 == ":" || $0 == " " || $0 == "\t" }) else {
            throw CommandFailure.die(
                "\(program): tag: invalid key '\(key)'; a key has no ':', spaces or tabs")
        }
        var newValue = value
        if let value, key == "due" || key == "t", settings.relativeDates,
            let date = relativeDate(value, today: today)
        {
            newValue = date.description
        }
        let lineGuard = LineGuard()
        let text = try storage.update(file) { list -> String in
            let index = try taskIndex(number, in: list, file: file, usage: usage).get()
            try lineGuard.check(list, index)
            var item = list[index].item
            do {
                if let newValue {
                    try item.setTag(key, newValue)
                } else {
                    try item.removeTags(key)
                }
            } catch {
                let shown = newValue.map { key + ":" + $0 } ?? key
                throw CommandFailure.die("\(program): tag: cannot set '\(shown)': \(error)")
            }
            list.replaceLine(at: index, with: item)
            return item.text
        }
        if verbose {
            console.line("\(number) \(text)")
            if let newValue {
                console.line("TODO: \(number) tagged \(key):\(newValue).")
            } else {
                console.line("TODO: \(number) untagged \(key).")
            }
        }
        return 0
    }
}
