import Foundation
import Hummingbird
import SpotterCore
import SpotterImport
import SpotterStore

/// One downloadable format on the export page.
struct ExportFormatView {
    let title: String
    let detail: String
    let path: String
    let button: String
}
