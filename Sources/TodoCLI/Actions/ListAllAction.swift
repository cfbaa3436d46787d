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
                let own = try session.selectRows(
                    inBytes: todo, width: width, terms: terms, postFilter: nil)
                let archived = try session.selectRows(
                    inBytes: done, numberedFrom: todoCount + 1, width: width, terms: terms,
                    postFilter: nil)
                var selection = own.selection
                selection.rows.reserveCapacity(
                    selection.rows.count + archived.selection.rows.count)
                selection.rows += archived.selection.rows
                for index in selection.rows.indices {
                    let row = selection.rows[index]
                    selection.rows[index] = Listing.Row(
                        number: row.number > todoCount ? 0 : row.number,
                        content: Listing.fieldsJoined(row.content))
                }
                return selection
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
