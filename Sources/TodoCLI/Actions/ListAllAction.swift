/// Lists the todo and done files together (todo.sh `listall`).
struct ListAllAction: TodoShAction {
    static let names = [
        "listall",
        "lsa",
    ]
    static let synopses = [
        "listall [TERM...]",
        "lsa [TERM...]",
    ]
    static let help = [
        "Lists the todo file and the done file together (done lines are numbered 0)."
    ]
    static let writesFiles = false

    let words: [String]

    /// The todo file and the done file as one listing (TodoShCompatibility.md §5.8), as
    /// todo.sh builds it: the lines numbered on, with the todo file's width, and filtered by
    /// the terms as they are; then each line rebuilt from its fields (runs of blanks become one
    /// space) with the done lines numbered 0; sorted and painted as any listing. The footer
    /// counts what each file would show listed on its own. There is no `-vv` debug line.
    func run(in context: Context) throws -> Int32 {
        let session = context.operations
        let settings = context.settings
        let todo = try session.readListingBytes(settings.todoFile)
        let done = try session.readListingBytes(settings.doneFile)
        let todoCount = Listing.Scan.lineCount(todo)
        let doneCount = Listing.Scan.lineCount(done)
        let terms = Array(words.dropFirst())
        let width = Listing.width(for: todoCount)
        let pipeline = ListingPipeline(
            select: {
                let filters = try session.compiledFilters(terms)
                func select<Offset: FixedWidthInteger & UnsignedInteger>(
                    _: Offset.Type
                ) -> Session.ListingSelection {
                    let table = Listing.Table<Offset>()
                    table.starts.reserveCapacity(todoCount + doneCount)
                    table.select(
                        todo, numberedFrom: 1, width: width, filters: filters, test: nil,
                        joiningFields: true)
                    table.select(
                        done, numberedFrom: todoCount + 1, shownAsZero: true, width: width,
                        filters: filters, test: nil, joiningFields: true)
                    table.joinFields()
                    return Session.ListingSelection(
                        table: table, filterCommand: Session.filterCommand(filters, nil))
                }
                // Texts rebuilt from their fields are written after the files' bytes, and
                // are never longer than a line with its number.
                let bytes = (todo.count + done.count) * 10
                return Listing.Table<UInt32>.addresses(bytes)
                    ? select(UInt32.self) : select(UInt64.self)
            },
            order: { session.orderRows($0, width: width) },
            write: { (output: Session.ListingOutput) in
                guard session.verbose else {
                    session.printListing(output, footers: [], debug: false)
                    return
                }
                let todoShown = try session.shownCount(ofBytes: todo, terms: terms)
                let doneShown = try session.shownCount(ofBytes: done, terms: terms)
                let todoName = Session.prefix(of: settings.todoFile)
                let doneName = Session.prefix(of: settings.doneFile)
                session.printListing(
                    output,
                    footers: [
                        "\(todoName): \(todoShown) of \(todoCount) tasks shown",
                        "\(doneName): \(doneShown) of \(doneCount) tasks shown",
                        "total \(todoShown + doneShown) of \(todoCount + doneCount) tasks shown",
                    ], debug: false)
            })
        try session.run(pipeline)
        return 0
    }
}
