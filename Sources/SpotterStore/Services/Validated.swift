import SpotterCore

/// What a Core check makes, or its failure as the domain error the HTTP layer maps
/// (`SpotterError.invalid`: 400, naming each field). Every service checks a draft
/// through this one function.
func validated<T>(_ check: () throws(ValidationFailure) -> T) throws -> T {
    do { return try check() } catch { throw SpotterError.invalid(error) }
}
