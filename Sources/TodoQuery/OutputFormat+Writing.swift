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
        write(indices.map { ($0, list[$0].item) }, of: list, into: &output)
    }

    /// Appends entries of already-parsed items.
    func write(_ entries: [(index: Int, item: TODOItem)], of list: TodoList, into output: inout [UInt8]) {
        switch kind {
        case .text:
            let width = String(list.count).utf8.count
            for (index, _) in entries {
                let number = String(index + 1).utf8
                for _ in number.count..<max(width, number.count) { output.append(0x30) }
                output.append(contentsOf: number)
                output.append(0x20)
                output.append(contentsOf: list[index].content)
                output.append(0x0A)
            }
        case .todotxt:
            for (index, _) in entries {
                output.append(contentsOf: list[index].content)
                output.append(0x0A)
            }
        case .json:
            output.append(0x5B)
            for (position, (index, item)) in entries.enumerated() {
                output.append(contentsOf: position == 0 ? [0x0A] : [0x2C, 0x0A])
                JSONRecord.append(raw: list[index].content, item: item, number: index + 1, to: &output)
            }
            if !entries.isEmpty { output.append(0x0A) }
            output.append(contentsOf: [0x5D, 0x0A])
        case .jsonl:
            for (index, item) in entries {
                JSONRecord.append(raw: list[index].content, item: item, number: index + 1, to: &output)
                output.append(0x0A)
            }
        case .csv:
            output.append(contentsOf: OutputFormat.csvColumns.joined(separator: ",").utf8)
            output.append(contentsOf: [0x0D, 0x0A])
            for (index, item) in entries {
                writeCSVRow(raw: list[index].content, item: item, number: index + 1, into: &output)
            }
        case .template(let segments):
            for (index, item) in entries {
                for segment in segments {
                    switch segment {
                    case .literal(let bytes): output.append(contentsOf: bytes)
                    case .field(let field):
                        output.append(
                            contentsOf: value(
                                of: field, raw: list[index].content, item: item, number: index + 1))
                    }
                }
                output.append(0x0A)
            }
        }
    }

    private func value(
        of field: TemplateField, raw: ArraySlice<UInt8>, item: TODOItem, number: Int
    ) -> ArraySlice<UInt8> {
        switch field {
        case .line: return ArraySlice(String(number).utf8)
        case .raw: return raw
        case .text: return item.descriptionBytes
        case .priority: return ItemFields.priority(of: item).map { [$0] }.map(ArraySlice.init) ?? []
        case .created: return ArraySlice(item.creationDate?.utf8 ?? [])
        case .completed: return ArraySlice(item.completionDate?.utf8 ?? [])
        case .due: return ArraySlice(ItemFields.dateTag(ItemFields.dueKey, of: item)?.utf8 ?? [])
        case .threshold:
            return ArraySlice(ItemFields.dateTag(ItemFields.thresholdKey, of: item)?.utf8 ?? [])
        case .projects: return ArraySlice(ItemFields.names(.project, of: item))
        case .contexts: return ArraySlice(ItemFields.names(.context, of: item))
        case .tag(let key): return ItemFields.tag(key, of: item) ?? []
        }
    }

    private func writeCSVRow(
        raw: ArraySlice<UInt8>, item: TODOItem, number: Int, into output: inout [UInt8]
    ) {
        var tags: [UInt8] = []
        item.forEachWord { word in
            if word.kind == .tag {
                if !tags.isEmpty { tags.append(0x20) }
                tags.append(contentsOf: word.bytes)
            }
        }
        let fields: [ArraySlice<UInt8>] = [
            ArraySlice(String(number).utf8),
            ArraySlice((item.isDone ? "true" : "false").utf8),
            item.priority.map { [$0.ascii] }.map(ArraySlice.init) ?? [],
            ArraySlice(item.completionDate?.utf8 ?? []),
            ArraySlice(item.creationDate?.utf8 ?? []),
            item.descriptionBytes,
            ArraySlice(ItemFields.names(.project, of: item)),
            ArraySlice(ItemFields.names(.context, of: item)),
            ArraySlice(tags),
            ArraySlice(ItemFields.dateTag(ItemFields.dueKey, of: item)?.utf8 ?? []),
            ArraySlice(ItemFields.dateTag(ItemFields.thresholdKey, of: item)?.utf8 ?? []),
            raw,
        ]
        for (position, field) in fields.enumerated() {
            if position > 0 { output.append(0x2C) }
            OutputFormat.appendCSVField(field, to: &output)
        }
        output.append(contentsOf: [0x0D, 0x0A])
    }

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
