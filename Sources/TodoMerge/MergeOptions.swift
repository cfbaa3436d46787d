/// How a merge writes conflict blocks: the marker length and the three side labels.
///
/// The defaults give git's standard markers: seven characters and the labels `ours`, `base`
/// and `theirs`. A merge driver passes git's `%L` as ``markerSize`` and `%X`, `%S`, `%Y` as the
/// labels (when git substituted them).
public struct MergeOptions: Sendable, Hashable {
    /// How many `<`, `|`, `=` or `>` characters each marker line starts with; at least 1.
    public var markerSize: Int
    /// The label after `<<<<<<<` and the name of the ours side in summaries.
    public var oursLabel: String
    /// The label after `|||||||`.
    public var baseLabel: String
    /// The label after `>>>>>>>` and the name of the theirs side in summaries.
    public var theirsLabel: String

    /// Creates options; a marker size below 1 is read as 1.
    public init(
        markerSize: Int = 7, oursLabel: String = "ours", baseLabel: String = "base",
        theirsLabel: String = "theirs"
    ) {
        self.markerSize = markerSize
        self.oursLabel = oursLabel
        self.baseLabel = baseLabel
        self.theirsLabel = theirsLabel
    }

    /// The marker size actually used.
    var effectiveMarkerSize: Int { max(1, markerSize) }
}
