public import TodoTxt

extension OutputFormat {
    /// Appends the given lines of `list` to `output` in this format, in one pass.
    ///
    /// - Parameters:
    ///   - indices: 0-based line indices, in the order to print them.
    ///   - list: The file the lines come from; the `text` format pads numbers to the width of
    ///     its line count.
    ///   - output: The buffer to append to.
    public func write(lines indices: [Int], of list: TodoList, into output: inout [UInt8]) {
        write(lines: indices, of: list, numbers: nil, lineCount: list.count, into: &output)
    }

    /// Appends the given lines of `list` as ``write(lines:of:into:)`` does, for a list that
    /// holds only some lines of a file: `numbers` gives each line's 1-based number in the file
    /// (by index; `nil`: its index + 1), and `lineCount` the file's line count.
    package func write(
        lines indices: [Int], of list: TodoList, numbers: [Int]?, lineCount: Int,
        into output: inout [UInt8]
    ) {
        @inline(__always) func number(_ index: Int) -> Int { numbers?[index] ?? index + 1 }
        switch kind {
        case .text, .todotxt:
            var size = 0
            for index in indices { size += list[index].content.count + 8 }
            output.reserveCapacity(output.count + size)
        default:
            break
        }
        // Only the formats that need fields parse the lines.
        let entries = indices.lazy.map { (index: $0, item: list[$0].item) }
        switch kind {
        case .text:
            let width = String(lineCount).utf8.count
            for index in indices {
                OutputFormat.appendPadded(number(index), width: width, fill: 0x30, to: &output)
                output.append(0x20)
                output.append(contentsOf: list[index].content)
                output.append(0x0A)
            }
        case .todotxt:
            for index in indices {
                output.append(contentsOf: list[index].content)
                output.append(0x0A)
            }
        case .json:
            output.append(0x5B)
            for (position, (index, item)) in entries.enumerated() {
                output.append(contentsOf: position == 0 ? [0x0A] : [0x2C, 0x0A])
                JSONRecord.append(
                    raw: list[index].content, item: item, number: number(index), to: &output)
            }
            if !entries.isEmpty { output.append(0x0A) }
            output.append(contentsOf: [0x5D, 0x0A])
        case .jsonl:
            for (index, item) in entries {
                JSONRecord.append(
                    raw: list[index].content, item: item, number: number(index), to: &output)
                output.append(0x0A)
            }
        case .csv:
            output.append(contentsOf: OutputFormat.csvColumns.joined(separator: ",").utf8)
            output.append(contentsOf: [0x0D, 0x0A])
            for (index, item) in entries {
                writeCSVRow(
                    raw: list[index].content, item: item, number: number(index), into: &output)
            }
        case .template(let segments):
            for (index, item) in entries {
                for segment in segments {
                    switch segment {
                    case .literal(let bytes): output.append(contentsOf: bytes)
                    case .field(let field):
                        append(
                            field, raw: list[index].content, item: item, number: number(index),
                            to: &output)
                    }
                }
                output.append(0x0A)
            }
        }
    }

    private func append(
        _ field: TemplateField, raw: ArraySlice<UInt8>, item: TODOItem, number: Int,
        to output: inout [UInt8]
    ) {
        switch field {
        case .line: appendDecimal(number, to: &output)
        case .raw: output.append(contentsOf: raw)
        case .text: output.append(contentsOf: item.descriptionBytes)
        case .priority: if let letter = ItemFields.priority(of: item) { output.append(letter) }
        case .created: item.creationDate?.append(to: &output)
        case .completed: item.completionDate?.append(to: &output)
        case .due: ItemFields.dateTag(ItemFields.dueKey, of: item)?.append(to: &output)
        case .threshold: ItemFields.dateTag(ItemFields.thresholdKey, of: item)?.append(to: &output)
        case .projects: ItemFields.appendNames(.project, of: item, to: &output)
        case .contexts: ItemFields.appendNames(.context, of: item, to: &output)
        case .tag(let key): output.append(contentsOf: ItemFields.tag(key, of: item) ?? [])
        }
    }

    private func writeCSVRow(
        raw: ArraySlice<UInt8>, item: TODOItem, number: Int, into output: inout [UInt8]
    ) {
        appendDecimal(number, to: &output)
        output.append(contentsOf: item.isDone ? OutputFormat.csvTrue : OutputFormat.csvFalse)
        if let priority = item.priority { output.append(priority.ascii) }
        output.append(0x2C)
        item.completionDate?.append(to: &output)
        output.append(0x2C)
        item.creationDate?.append(to: &output)
        output.append(0x2C)
        OutputFormat.appendCSVField(item.descriptionBytes, to: &output)
        output.append(0x2C)
        var names: [UInt8] = []
        ItemFields.appendNames(.project, of: item, to: &names)
        OutputFormat.appendCSVField(names[...], to: &output)
        output.append(0x2C)
        names.removeAll(keepingCapacity: true)
        ItemFields.appendNames(.context, of: item, to: &names)
        OutputFormat.appendCSVField(names[...], to: &output)
        output.append(0x2C)
        names.removeAll(keepingCapacity: true)
        WordScanner.forEach(in: item.descriptionBytes) { word in
            if word.kind == .tag {
                if !names.isEmpty { names.append(0x20) }
                names.append(contentsOf: word.name)
                names.append(0x3A)
                names.append(contentsOf: word.value)
            }
            return true
        }
        OutputFormat.appendCSVField(names[...], to: &output)
        output.append(0x2C)
        ItemFields.dateTag(ItemFields.dueKey, of: item)?.append(to: &output)
        output.append(0x2C)
        ItemFields.dateTag(ItemFields.thresholdKey, of: item)?.append(to: &output)
        output.append(0x2C)
        OutputFormat.appendCSVField(raw, to: &output)
        output.append(contentsOf: [0x0D, 0x0A])
    }

    private static let csvTrue: [UInt8] = Array(",true,".utf8)
    private static let csvFalse: [UInt8] = Array(",false,".utf8)

    /// Appends one CSV field, quoted when it holds `,`, `"`, CR or LF (RFC 4180). Bytes are
    /// copied as they are, invalid UTF-8 included.
    static func appendCSVField(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        let needsQuotes = bytes.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }
        guard needsQuotes else {
            output.append(contentsOf: bytes)
            return
        }
        output.append(0x22)
        for byte in bytes {
            if byte == 0x22 { output.append(0x22) }
            output.append(byte)
        }
        output.append(0x22)
    }
}
