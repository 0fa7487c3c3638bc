import Foundation
import Hummingbird
import SpotterCore
import SpotterImport
import SpotterStore

struct ExportPage: PageModel {
    static let template = "import-export/export"

    let page: PageChrome
    let formats: [ExportFormatView]
}
