import Foundation
import SpotterStore

extension ExerciseService {
    /// The exercise service with its clock stopped at `now`, for tests that add and
    /// change custom exercises. Without `images`, images go to a folder that is never
    /// made: none of those tests stores one.
    public static func stopped(at now: Date, store: SpotterStore, images: ImageStore? = nil) -> ExerciseService {
        let images =
            images
            ?? ImageStore(
                store: store, dataDirectory: FileManager.default.temporaryDirectory.appending(path: "spotter-no-images"))
        return ExerciseService(store: store, images: images, clock: { now })
    }
}
