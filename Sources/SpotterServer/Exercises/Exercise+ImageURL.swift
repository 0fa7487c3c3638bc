import Foundation
import SpotterCore

extension Exercise {
    /// The address of the exercise's image, for the API and the pages alike. It carries
    /// the stored file's name, so a new upload is a new URL and browsers may cache each one.
    var imageURL: String? {
        guard let image else { return nil }
        return "/api/v1/exercises/\(id.text)/image?v=\(image.fileName.prefix(8))"
    }
}
