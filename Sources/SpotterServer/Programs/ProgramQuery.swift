import Foundation
import Hummingbird
import SpotterCore

extension ProgramFilter {
    /// The filter as query parameters, for the API's lists and the Programs page:
    /// `search`, `category` and `difficulty` (an unknown value is refused, naming the
    /// ones there are).
    init(_ query: Parameters) throws {
        self.init(search: String((query.formText("search") ?? "").prefix(100)))
        if let category = query.get("category"), !category.isEmpty {
            self.category = try EnumField.parse(category, as: ProgramCategory.self, field: "category", noun: "category")
        }
        if let difficulty = query.get("difficulty"), !difficulty.isEmpty {
            self.difficulty = try EnumField.parse(
                difficulty, as: ProgramDifficulty.self, field: "difficulty", noun: "difficulty")
        }
    }
}
