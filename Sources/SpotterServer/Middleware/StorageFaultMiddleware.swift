import Foundation
import Hummingbird
import SpotterStore

/// Notes every request that failed for a storage fault (a full disk, a read-only
/// file, PostgreSQL out of room), so that `/ready` answers 503 until a write goes
/// through again. The error itself goes on to `ErrorMiddleware`, which answers it.
struct StorageFaultMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let status: StorageStatus
    let clock: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            if let fault = StorageFault(error) { status.note(fault, at: clock()) }
            throw error
        }
    }
}
