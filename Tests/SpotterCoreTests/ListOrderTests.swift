import SpotterCore
import Testing

@Suite("ListOrder: arranging a list by hand")
struct ListOrderTests {
    static let current = ["back", "chest", "legs"]

    @Test(
        "Every permutation gives positions 0..n-1 in the proposed order",
        arguments: [
            ["back", "chest", "legs"], ["back", "legs", "chest"], ["chest", "back", "legs"],
            ["chest", "legs", "back"], ["legs", "back", "chest"], ["legs", "chest", "back"],
        ])
    func permutations(_ proposed: [String]) throws {
        let positions = try ListOrder.positions(current: Self.current, proposed: proposed)
        #expect(positions.count == 3)
        for (index, id) in proposed.enumerated() {
            #expect(positions[id] == index)
        }
        #expect(Set(positions.values) == [0, 1, 2])
    }

    @Test("A concrete reorder")
    func concrete() throws {
        let positions = try ListOrder.positions(current: Self.current, proposed: ["legs", "back", "chest"])
        #expect(positions == ["legs": 0, "back": 1, "chest": 2])
    }

    @Test("An empty list orders to nothing")
    func empty() throws {
        #expect(try ListOrder.positions(current: [String](), proposed: []).isEmpty)
    }

    @Test(
        "Missing or unknown ids are refused, saying how many items there are",
        arguments: [
            ["back", "chest"],  // legs missing
            ["back", "chest", "legs", "arms"],  // arms extra
            ["back", "chest", "arms"],  // legs swapped for an unknown id
            [],
        ])
    func missingOrExtra(_ proposed: [String]) throws {
        let failure = try #require(throws: ValidationFailure.self) {
            try ListOrder.positions(current: Self.current, proposed: proposed)
        }
        #expect(
            failure.issues == [
                FieldIssue(field: "ids", message: "The order must list every item exactly once (3 items).")
            ])
    }

    @Test(
        "An id named twice is refused",
        arguments: [["back", "back", "chest", "legs"], ["back", "chest", "chest"], ["legs", "legs", "legs"]])
    func duplicates(_ proposed: [String]) throws {
        let failure = try #require(throws: ValidationFailure.self) {
            try ListOrder.positions(current: Self.current, proposed: proposed)
        }
        #expect(failure.issues == [FieldIssue(field: "ids", message: "The order names an item twice.")])
    }

    @Test("The issue is filed under the field the caller names")
    func customField() throws {
        let failure = try #require(throws: ValidationFailure.self) {
            try ListOrder.positions(current: [1, 2], proposed: [1], field: "workoutTypeIDs")
        }
        #expect(
            failure.issues == [
                FieldIssue(field: "workoutTypeIDs", message: "The order must list every item exactly once (2 items).")
            ])
    }

    @Test("Moving one step up or down swaps with the neighbour")
    func moving() {
        #expect(ListOrder.moving("chest", by: -1, in: Self.current) == ["chest", "back", "legs"])
        #expect(ListOrder.moving("chest", by: 1, in: Self.current) == ["back", "legs", "chest"])
        #expect(ListOrder.moving("back", by: 1, in: Self.current) == ["chest", "back", "legs"])
        #expect(ListOrder.moving("legs", by: -1, in: Self.current) == ["back", "legs", "chest"])
    }

    @Test("Moving past an edge, or an unknown item, changes nothing")
    func movingAtEdges() {
        #expect(ListOrder.moving("back", by: -1, in: Self.current) == Self.current)
        #expect(ListOrder.moving("legs", by: 1, in: Self.current) == Self.current)
        #expect(ListOrder.moving("arms", by: 1, in: Self.current) == Self.current)
        #expect(ListOrder.moving("only", by: 1, in: ["only"]) == ["only"])
        #expect(ListOrder.moving("x", by: -1, in: [String]()) == [])
    }
}
