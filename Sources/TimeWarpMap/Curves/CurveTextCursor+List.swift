/// The list syntax both key parsers share: `item, item, ...` with whitespace around every token.
extension CurveTextCursor {
    /// Parses a non-empty comma-separated list from `text`, each item with `item` (given the
    /// cursor, the item's 1-based number and the items before it). An empty text is refused with
    /// `emptyMessage`, anything but a comma between items with the item's number.
    static func parseList<Item>(_ text: String, emptyMessage: String,
                                _ item: (inout CurveTextCursor, Int, [Item]) throws(CurveParseError) -> Item)
        throws(CurveParseError) -> [Item] {
        var cursor = CurveTextCursor(text)
        var items: [Item] = []
        cursor.skipWhitespace()
        if cursor.isAtEnd { throw CurveParseError(emptyMessage, column: cursor.column) }
        while true {
            items.append(try item(&cursor, items.count + 1, items))
            cursor.skipWhitespace()
            if cursor.isAtEnd { return items }
            guard cursor.consume(",") else {
                throw CurveParseError("expected ',' or the end of the list, found \(cursor.describe(at: cursor.index))",
                                      column: cursor.column, keyframe: items.count)
            }
            cursor.skipWhitespace()
        }
    }
}
