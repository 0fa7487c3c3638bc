import SpotterCore
import Testing

@Suite("ValidationFailure and SpotterError: what the user reads")
struct ValidationFailureTests {
    @Test("A failure keeps its issues in order; first is what the JSON API shows")
    func issues() {
        let failure = ValidationFailure([
            FieldIssue(field: "name", message: "Give the exercise a name."),
            FieldIssue(field: "kind", message: "Choose how the exercise is measured."),
        ])
        #expect(failure.first == FieldIssue(field: "name", message: "Give the exercise a name."))
        #expect(failure.message(for: "kind") == "Choose how the exercise is measured.")
        #expect(failure.message(for: "equipment") == nil)
        #expect(failure.description == "Give the exercise a name. Choose how the exercise is measured.")
    }

    @Test("The single-field initialiser makes one issue")
    func singleField() {
        let failure = ValidationFailure(field: "unit", message: "Choose kg or lb.")
        #expect(failure.issues == [FieldIssue(field: "unit", message: "Choose kg or lb.")])
    }

    @Test("Error messages a user reads")
    func spotterErrorMessages() {
        #expect(SpotterError.invalid(field: "unit", "Choose kg or lb.").message == "Choose kg or lb.")
        #expect(
            SpotterError.invalid(field: "unit", "Choose kg or lb.")
                == .invalid(ValidationFailure(field: "unit", message: "Choose kg or lb.")))
        #expect(SpotterError.notFound("Exercise").message == "Exercise was not found.")
        #expect(
            SpotterError.conflict(field: "name", message: "You already have a type called Legs.").message
                == "You already have a type called Legs.")
        #expect(
            SpotterError.forbidden("Built-in exercises cannot be changed.").description
                == "Built-in exercises cannot be changed.")
    }

    @Test("An invalid error shows only its first issue")
    func invalidShowsFirst() {
        let error = SpotterError.invalid(
            ValidationFailure([
                FieldIssue(field: "a", message: "First."), FieldIssue(field: "b", message: "Second."),
            ]))
        #expect(error.message == "First.")
    }
}
