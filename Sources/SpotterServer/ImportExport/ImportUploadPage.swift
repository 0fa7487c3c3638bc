import Foundation
import SpotterCore
import SpotterImport

/// Settings -> Import, the upload form.
struct ImportUploadPage: PageModel {
    static let template = "import-export/import"

    let page: PageChrome
    let sources: [OptionView]
    let error: String?
    /// For the upload script, which refuses a larger file before sending it.
    let limitBytes: Int
    /// "64 MB".
    let limitText: String
    let tooLargeMessage: String

    init(page: PageChrome, source: String, limit: Int, error: String?) {
        self.page = page
        let chosen = ImportSource(rawValue: source)?.rawValue ?? ImportUploadCheck.detect
        sources =
            [
                OptionView(
                    value: ImportUploadCheck.detect, label: "Detect from the file", selected: chosen == ImportUploadCheck.detect)
            ]
            + ImportSource.allCases.map { OptionView(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == chosen) }
        self.error = error
        limitBytes = limit
        limitText = ImportReader.sizeText(limit)
        tooLargeMessage = ImportReader.tooLarge(limit: limit).message
    }
}
