import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Library filters as query parameters: `search`, `category`, `sort`
/// (pinned, name, created, edited), `guided=true` for the guided ones only, `archived=true`
/// to include archived ones.
struct TemplateQuery {
    var filter = TemplateFilter()

    init(_ query: Parameters) throws {
        filter.search = String((query.formText("search") ?? "").prefix(100))
        if let category = query.get("category"), !category.isEmpty {
            guard let value = TemplateCategory(rawValue: category) else {
                let names = TemplateCategory.allCases.map(\.rawValue).joined(separator: ", ")
                throw SpotterError.invalid(field: "category", "The category must be one of: \(names).")
            }
            filter.category = value
        }
        if let sort = query.get("sort"), !sort.isEmpty {
            guard let value = TemplateSort(rawValue: sort) else {
                throw SpotterError.invalid(field: "sort", "Sort by pinned, name, created or edited.")
            }
            filter.sort = value
        }
        filter.includeArchived = try query.flag("archived") ?? false
        filter.guidedOnly = try query.flag("guided") ?? false
    }
}
