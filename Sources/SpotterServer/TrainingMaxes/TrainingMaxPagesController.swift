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
        return try render(lift, context: context, typed: nil, failure: nil, notice: Notice.from(request))
    }

    /// Sets a max: typed, or the offer taken with one tap (`source=estimated`). The
    /// form's id makes a double tap one max.
    @Sendable func set(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try exerciseID(context)
        var request = request
        let form = try await SubmittedForm.read(&request)
        let draft = TrainingMaxDraft(
            weight: form.number("weight"), weightUnit: user.settings.unit.rawValue,
            day: form["day"].isEmpty ? nil : form["day"], source: form["source"].isEmpty ? nil : form["source"])
        do {
            _ = try await services.trainingMaxes.put(
                id: UUID(uuidString: form["id"]) ?? UUID(), exerciseID: id, draft: draft, user: user)
            return .seeOther("/exercises/\(id.text)/training-max?notice=trainingMaxSet")
        } catch {
            let failure = try ExercisePagesController.formFailure(error)
            let lift = try await services.trainingMaxes.lift(id, user: user)
            return try render(
                lift, context: context, typed: (form["weight"], form["day"]), failure: failure, notice: nil, status: .badRequest)
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
        _ lift: TrainingMaxLift, context: SignedInContext, typed: (weight: String, day: String)?, failure: ValidationFailure?,
        notice: String?, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let settings = context.user.settings
        let unit = settings.unit
        let zone = settings.zone
        let today = CalendarDay.string(of: services.clock(), timeZone: zone)
        let base = "/exercises/\(lift.exercise.id.text)/training-max"
        // To the 0.01 a max is kept to: 113.75 kg on 1.25 kg steps stays 113.75, never 113.8.
        func exact(_ mass: Mass) -> String { PlateMath.number(mass.converted(to: unit)) }
        func shown(_ mass: Mass) -> String { "\(exact(mass)) \(unit.rawValue)" }
        func dayLabel(_ day: String) -> String { ProgressText.day(day, zone) }
        let prefill = (lift.current?.weight ?? lift.offer?.weight).map(exact) ?? ""
        // Once taken, the offer is the max in force: no need to offer it again.
        let offer = lift.offer.flatMap { offer in
            lift.current.map { abs($0.weight.converted(to: unit) - offer.weight.converted(to: unit)) < 0.005 } == true
                ? nil : offer
        }
        let model = TrainingMaxPage(
            page: PageChrome(
                title: "Training max", context: context, section: .exercises, backLink: "/exercises/\(lift.exercise.id.text)"),
            notice: notice,
            exerciseName: lift.exercise.name,
            refusal: TrainingMax.refusal(for: lift.exercise),
            current: lift.current.map { shown($0.weight) },
            currentSince: lift.current.map { "Since \(dayLabel($0.day)) · \(Self.sourceLabel($0.source))" },
            offer: offer.map {
                TrainingMaxPage.Offer(
                    weight: shown($0.weight), value: exact($0.weight),
                    // The reason as Core words it, its day as the rest of the page writes days.
                    reason: $0.reason.replacingOccurrences(of: " on \($0.bestDay))", with: " on \(dayLabel($0.bestDay)))"))
            },
            formAction: base,
            // One id per form: going back after taking the offer and saving a typed max adds it, not changes the offer.
            offerID: UUID().text,
            newID: UUID().text,
            formError: failure.map { _ in "Check the fields marked below." },
            // A refused form shows what was typed, as typed.
            weight: FieldView(typed?.weight ?? prefill, failure: failure, field: "weight"),
            day: FieldView(typed.map { $0.day.isEmpty ? today : $0.day } ?? today, failure: failure, field: "day"),
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
