/// One listing: a selection, an ordering and a writer.
///
/// `ls`, `lsa`, `lsp`, `lf`, `lsc`, `lsprj` and `query` each describe their listing as one of
/// these and run it with ``Session/run(_:)``: select the lines (or words) that pass the
/// filters, put them in print order, write them. The stages differ by action (todo.sh's search
/// terms or the query language; todo.sh's sort, `--sort` keys or the locale's collation;
/// numbered and coloured lines, an output format or plain words); the shape does not.
struct ListingPipeline<Selected, Ordered> {
    /// The selection: what passes the filters, in file order.
    var select: () throws -> Selected
    /// The ordering: the selection in print order.
    var order: (Selected) throws -> Ordered
    /// The writer: prints the ordered selection (and any footer).
    var write: (Ordered) throws -> Void
}

extension Session {
    /// Runs a listing: selection, then ordering, then writer.
    func run<Selected, Ordered>(_ pipeline: ListingPipeline<Selected, Ordered>) throws {
        try pipeline.write(try pipeline.order(try pipeline.select()))
    }
}
