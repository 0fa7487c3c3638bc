import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/exercises/:id/training-max`: a lift's training max, set by hand or from the
/// offer, and its history.
struct TrainingMaxPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("exercises/:id/training-max", use: show)
        router.post("exercises/:id/training-max", use: set)
        router.post("exercises/:id/training-max/:max/delete", use: delete)
    }

    @Sendable func show(_ request: Request, context: SignedInContext) async throws -> Response {
        let lift = try await services.trainingMaxes.lift(try exerciseID(context), user: context.user)
        return try render(lift, context: context, draft: nil, failure: nil, notice: Notice.from(request))
    }

    /// Sets a max: typed, or the offer taken with one tap (`source=estimated`). The
    /// form's id makes a double tap one max.
    @Sendable func set(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try exerciseID(context)
        var request = request
        let form = try await SubmittedForm.read(&request)
        let text = form["weight"].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let draft = TrainingMaxDraft(
            weight: text.isEmpty ? nil : Double(text) ?? .nan, weightUnit: user.settings.unit.rawValue,
            day: form["day"].isEmpty ? nil : form["day"], source: form["source"].isEmpty ? nil : form["source"])
        do {
            _ = try await services.trainingMaxes.put(
                id: UUID(uuidString: form["id"]) ?? UUID(), exerciseID: id, draft: draft, user: user)
            return .seeOther("/exercises/\(id.text)/training-max?notice=trainingMaxSet")
        } catch {
            let failure = try ExercisePagesController.formFailure(error)
            let lift = try await services.trainingMaxes.lift(id, user: user)
            return try render(lift, context: context, draft: draft, failure: failure, notice: nil, status: .badRequest)
        }
    }

    @Sendable func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        let id = try exerciseID(context)
        let max = try await services.trainingMaxes.find(
            try context.parameters.uuid("max", resource: "The training max"), user: context.user)
        guard max.exerciseID == id else { throw SpotterError.notFound("The training max") }
        try await services.trainingMaxes.delete(max.id, user: context.user)
        return .seeOther("/exercises/\(id.text)/training-max?notice=trainingMaxDeleted")
    }

    private func exerciseID(_ context: SignedInContext) throws -> UUID {
        try context.parameters.uuid("id", resource: "The exercise")
    }

    private func render(
        _ lift: TrainingMaxLift, context: SignedInContext, draft: TrainingMaxDraft?, failure: ValidationFailure?,
        notice: String?, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let settings = context.user.settings
        let unit = settings.unit
        let zone = settings.zone
        let today = CalendarDay.string(of: services.clock(), timeZone: zone)
        let base = "/exercises/\(lift.exercise.id.text)/training-max"
        func shown(_ mass: Mass) -> String { "\(WeightFormat.number(mass, in: unit)) \(unit.rawValue)" }
        func dayLabel(_ day: String) -> String { ProgressText.day(day, zone) }
        let typed = draft?.weight.map { $0.isNaN ? "" : WeightFormat.trim($0) }
        let prefill =
            lift.current.map { WeightFormat.number($0.weight, in: unit) }
            ?? lift.offer.map { WeightFormat.number($0.weight, in: unit) }
        let model = TrainingMaxPage(
            page: PageChrome(
                title: "Training max", context: context, section: .exercises, backLink: "/exercises/\(lift.exercise.id.text)"),
            notice: notice,
            exerciseName: lift.exercise.name,
            refusal: lift.exercise.kind == .weightReps
                ? nil
                : "\(lift.exercise.name) is measured as \(lift.exercise.kind.displayName.lowercased()); training maxes are for weight × reps lifts.",
            current: lift.current.map { shown($0.weight) },
            currentSince: lift.current.map { "Since \(dayLabel($0.day)) · \(Self.sourceLabel($0.source))" },
            // Once taken, the offer is the max in force: no need to offer it again.
            offer: lift.offer.flatMap { $0.weight == lift.current?.weight ? nil : $0 }.map {
                TrainingMaxPage.Offer(
                    weight: shown($0.weight), value: WeightFormat.number($0.weight, in: unit), reason: $0.reason)
            },
            formAction: base,
            newID: UUID().text,
            formError: failure.map { _ in "Check the fields marked below." },
            weight: FieldView(typed ?? prefill ?? "", failure: failure, field: "weight"),
            day: FieldView(draft?.day ?? today, failure: failure, field: "day"),
            unit: unit.rawValue,
            today: today,
            history: lift.history.map { max in
                TrainingMaxPage.Row(
                    weight: shown(max.weight), dayLabel: dayLabel(max.day), source: Self.sourceLabel(max.source),
                    inForce: max.id == lift.current?.id, deleteAction: "\(base)/\(max.id.text)/delete")
            },
            hasHistory: !lift.history.isEmpty)
        return try services.views.render(model, status: status)
    }

    static func sourceLabel(_ source: TrainingMax.Source) -> String {
        switch source {
        case .typed: "typed"
        case .estimated: "from your e1RM"
        }
    }
}
