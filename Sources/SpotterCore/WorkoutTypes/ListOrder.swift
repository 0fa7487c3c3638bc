/// Ordering rules for lists the user arranges by hand: positions are always 0..n-1.
public enum ListOrder {
    /// Checks that `proposed` names exactly the ids of `current` once each and
    /// returns the new position of every id.
    public static func positions<ID: Hashable>(
        current: [ID], proposed: [ID], field: String = "ids"
    ) throws(ValidationFailure) -> [ID: Int] {
        guard proposed.count == Set(proposed).count else {
            throw ValidationFailure(field: field, message: "The order names an item twice.")
        }
        guard Set(proposed) == Set(current) else {
            throw ValidationFailure(
                field: field, message: "The order must list every item exactly once (\(current.count) items).")
        }
        return Dictionary(uniqueKeysWithValues: proposed.enumerated().map { ($1, $0) })
    }

    /// The list with one element moved one step up (-1) or down (+1); unchanged at the edges.
    public static func moving<Element: Equatable>(_ element: Element, by step: Int, in list: [Element]) -> [Element] {
        guard let index = list.firstIndex(of: element) else { return list }
        let target = index + step
        guard list.indices.contains(target) else { return list }
        var result = list
        result.swapAt(index, target)
        return result
    }
}
