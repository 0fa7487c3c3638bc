import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/progress` (stats), `/exercises/:id/progress` and `/progress/body`.
struct ProgressPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("progress", use: stats)
        router.get("exercises/:id/progress", use: exercise)
        router.get("progress/body", use: body)
        router.post("progress/body", use: addBody)
        router.get("progress/body/:id/edit", use: editBody)
        router.post("progress/body/:id", use: updateBody)
        router.post("progress/body/:id/delete", use: deleteBody)
    }

    // MARK: Stats

    @Sendable func stats(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let query = request.uri.queryParameters
        let range = (try? ProgressRange(query: query, fallback: .threeMonths)) ?? .threeMonths
        let typeID = (try? ProgressQuery.typeID(query)) ?? nil
        let muscle = query.get("muscle").flatMap(MuscleGroup.init(rawValue:))
        let response = try await services.progress.stats(user: user, range: range, workoutTypeID: typeID)
        let types = try await services.workoutTypes.list(userID: user.id)
        let zone = user.settings.zone
        let unit = user.settings.unit
        let typeText = typeID?.text
        let weeks = response.weeks
        let weekLabel: (Date) -> String = { SVGChart.format($0, "d MMM", zone) }
        let muscleName = muscle?.displayName ?? "All muscles"
        let volumeBars = weeks.map { week in
            SVGChart.Bar(label: weekLabel(week.weekStart), value: muscle.map { m in week.muscles[m] ?? 0 } ?? week.volume)
        }
        let end = services.clock()
        let heatStart = max(weeks.first?.weekStart ?? end, end.addingTimeInterval(-364 * 86_400))
        let dayCounts = Dictionary(uniqueKeysWithValues: response.days.map { ($0.start, $0.workouts) })
        let model = StatsPage(
            page: PageChrome(title: "Progress", context: context, section: .progress),
            ranges: ProgressText.ranges(range, path: "/progress", keep: [("type", typeText), ("muscle", muscle?.rawValue)]),
            rangeValue: range.rawValue,
            types: types.map { OptionView(value: $0.id.text, label: $0.name, selected: $0.id == typeID) },
            muscleValue: muscle?.rawValue,
            hasWorkouts: response.workouts > 0,
            totals: [
                StatTile(label: "Workouts", value: String(response.workouts)),
                StatTile(label: "Sets", value: String(response.sets)),
                StatTile(label: "Volume", value: ProgressText.volume(response.volume, unit)),
            ],
            muscleChips: [MuscleChip(label: "All", href: link(range, typeText, nil), selected: muscle == nil)]
                + response.muscles.map {
                    MuscleChip(
                        label: $0.muscle.displayName, href: link(range, typeText, $0.muscle), selected: $0.muscle == muscle)
                },
            volumeTitle: "Weekly volume · \(muscleName)",
            volumeChart: SVGChart.bars(
                id: "volume", title: "Weekly volume, \(muscleName.lowercased())",
                description: "\(range.label): "
                    + zip(weeks, volumeBars).map { "week of \(weekLabel($0.weekStart)) \(ProgressText.volume($1.value, unit))" }
                    .joined(separator: "; "),
                bars: volumeBars, unit: unit.rawValue),
            workoutsChart: SVGChart.bars(
                id: "per-week", title: "Workouts per week",
                description: "\(range.label): "
                    + weeks.map { "week of \(weekLabel($0.weekStart)) \($0.workouts)" }.joined(separator: "; "),
                bars: weeks.map { SVGChart.Bar(label: weekLabel($0.weekStart), value: Double($0.workouts)) }, unit: "", style: "b"
            ),
            heatMap: response.workouts == 0
                ? nil
                : SVGChart.heatMap(
                    id: "calendar", title: "Training calendar",
                    description:
                        "\(response.days.count) training days, \(response.workouts) workouts, darker for more workouts a day",
                    days: dayCounts, start: heatStart, end: end, timeZone: zone),
            heatCaption: range == .all || range == .oneYear ? "Last 12 months" : range.label,
            muscles: response.muscles.map { row in
                MuscleRow(
                    label: row.muscle.displayName, value: ProgressText.volume(row.volume, unit),
                    share: Int((row.volume / max(response.muscles.first?.volume ?? 1, 1) * 100).rounded()))
            })
        return try services.views.render(model)
    }

    private func link(_ range: ProgressRange, _ type: String?, _ muscle: MuscleGroup?) -> String {
        var parts = ["range=\(range.rawValue)"]
        if let type { parts.append("type=\(type)") }
        if let muscle { parts.append("muscle=\(muscle.rawValue)") }
        return "/progress?" + parts.joined(separator: "&")
    }

    // MARK: One exercise

    @Sendable func exercise(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The exercise")
        let range = (try? ProgressRange(query: request.uri.queryParameters, fallback: .oneYear)) ?? .oneYear
        let response = try await services.progress.exercise(id: id, user: user, range: range, sets: .totals)
        let exercise = response.exercise
        let zone = user.settings.zone
        let unit = user.settings.unit
        let path = "/exercises/\(id.text)/progress"
        let oldestFirst = Array(response.sessions.reversed())
        let weightSeries = SVGChart.Series(
            name: "Top set", style: "a",
            points: oldestFirst.compactMap { s in s.topWeight.map { SVGChart.Point(date: s.startedAt, value: $0) } })
        let e1RMSeries = SVGChart.Series(
            name: "e1RM", style: "b",
            points: oldestFirst.compactMap { s in s.e1RM.map { SVGChart.Point(date: s.startedAt, value: $0) } })
        let chart = SVGChart.line(
            id: "lift", title: "\(exercise.name): top set and e1RM, \(range.label.lowercased())",
            description: "\(weightSeries.points.count) sessions. "
                + (weightSeries.points.last.map { "Latest top set \(ProgressText.weight($0.value, unit))" } ?? "")
                + (e1RMSeries.points.last.map { ", e1RM \(ProgressText.weight($0.value, unit))." } ?? ""),
            series: [weightSeries, e1RMSeries], unit: unit.rawValue, timeZone: zone)
        let volumeChart =
            oldestFirst.count < 2
            ? nil
            : SVGChart.bars(
                id: "session-volume", title: "Volume per session, \(range.label.lowercased())",
                description: oldestFirst.map {
                    "\(SVGChart.format($0.startedAt, "d MMM", zone)): \(ProgressText.volume($0.volume, unit))"
                }.joined(separator: "; "),
                bars: oldestFirst.suffix(40).map {
                    SVGChart.Bar(label: SVGChart.format($0.startedAt, "d MMM", zone), value: $0.volume)
                },
                unit: unit.rawValue, style: "b")
        let records =
            response.records.map { r in
                [
                    RecordTile(label: "Heaviest", value: ProgressText.weight(r.heaviest, unit)),
                    RecordTile(label: "Best e1RM", value: ProgressText.weight(r.e1RM, unit)),
                    RecordTile(label: "Best set", value: ProgressText.volume(r.setVolume, unit)),
                    RecordTile(label: "Best session", value: ProgressText.volume(r.sessionVolume, unit)),
                ]
            } ?? []
        let model = ExerciseProgressPage(
            page: PageChrome(title: exercise.name, context: context, section: .exercises, backLink: "/exercises/\(id.text)"),
            exerciseHref: "/exercises/\(id.text)",
            historyHref: "/history?exercise=\(id.text)",
            ranges: ProgressText.ranges(range, path: path),
            trend: TrendBadgeView(response.trend, percent: response.weeklyChangePercent),
            records: records,
            repMaxes: response.records?.repMaxes.map { RepMaxRow(reps: $0.reps, weight: ProgressText.weight($0.weight, unit)) }
                ?? [],
            chart: chart,
            chartEmpty: weightSeries.points.count == 1
                ? "One session in this range. Log it again, or pick a longer range, to draw a line."
                : "No sessions with weights in this range. Pick a longer range, or log this exercise in a workout.",
            volumeChart: volumeChart,
            sessions: response.sessions.prefix(30).map { session in
                SessionRow(
                    href: "/history/\(session.workoutID.text)", title: ProgressText.day(session.startedAt, zone),
                    workoutName: session.workoutName,
                    summary: [
                        session.topWeight.map { "Top \(ProgressText.weight($0, unit))" },
                        session.e1RM.map { "e1RM \(ProgressText.weight($0, unit))" },
                        "\(ProgressText.volume(session.volume, unit))",
                    ].compactMap { $0 }.joined(separator: " · "),
                    strip: session.sets.map {
                        WorkoutCardView.StripItemView(
                            $0, records: session.records.sets[$0.id] ?? [], kind: exercise.kind, unit: unit)
                    },
                    volumeRecord: session.records.sessionVolume)
            },
            moreSessions: response.sessions.count > 30 ? response.sessions.count - 30 : nil)
        return try services.views.render(model)
    }

    // MARK: Body metrics

    @Sendable func body(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let range = (try? ProgressRange(query: request.uri.queryParameters, fallback: .all)) ?? .all
        return try await renderBody(
            user: user, context: context, range: range, editing: nil, draft: nil, failure: nil, notice: Notice.from(request))
    }

    @Sendable func addBody(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let draft = Self.draft(form, unit: user.settings.unit)
        let id = UUID(uuidString: form["id"]) ?? UUID()
        do {
            _ = try await services.bodyMetrics.save(id: id, draft: draft, user: user)
            return .seeOther("/progress/body?notice=saved")
        } catch {
            return try await renderBody(
                user: user, context: context, range: .all, editing: nil, draft: draft,
                failure: try ExercisePagesController.formFailure(error),
                notice: nil, status: .badRequest)
        }
    }

    @Sendable func editBody(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let metric = try await findMetric(context, user: user)
        return try await renderBody(
            user: user, context: context, range: .all, editing: metric, draft: nil, failure: nil, notice: nil)
    }

    @Sendable func updateBody(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let metric = try await findMetric(context, user: user)
        var request = request
        let form = try await SubmittedForm.read(&request)
        let draft = Self.draft(form, unit: user.settings.unit)
        do {
            _ = try await services.bodyMetrics.save(id: metric.id, draft: draft, user: user)
            return .seeOther("/progress/body?notice=saved")
        } catch {
            return try await renderBody(
                user: user, context: context, range: .all, editing: metric, draft: draft,
                failure: try ExercisePagesController.formFailure(error), notice: nil, status: .badRequest)
        }
    }

    @Sendable func deleteBody(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let metric = try await findMetric(context, user: user)
        try await services.bodyMetrics.delete(metric.id, user: user)
        return .seeOther("/progress/body?notice=deleted")
    }

    private func findMetric(_ context: SignedInContext, user: User) async throws -> BodyMetric {
        let id = try context.parameters.uuid("id", resource: "The measurement")
        return try await services.bodyMetrics.find(id, user: user)
    }

    /// The form as typed: empty boxes are left out, text that is not a number is kept
    /// as not-a-number so the rule says what is wrong.
    static func draft(_ form: SubmittedForm, unit: MassUnit) -> BodyMetricDraft {
        BodyMetricDraft(
            day: form["day"], bodyWeight: form.number("bodyWeight"), weightUnit: unit.rawValue,
            bodyFatPercent: form.number("bodyFatPercent"), note: form["note"])
    }

    private func renderBody(
        user: User, context: SignedInContext, range: ProgressRange, editing: BodyMetric?, draft: BodyMetricDraft?,
        failure: ValidationFailure?, notice: String?, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let zone = user.settings.zone
        let unit = user.settings.unit
        let now = services.clock()
        let metrics = try await services.bodyMetrics.list(range: range, user: user)
        func date(_ day: String) -> Date? { CalendarDay.start(of: day, timeZone: zone, hour: 12) }
        let oldestFirst = metrics.reversed()
        let weights = oldestFirst.compactMap { m in
            m.bodyWeight.flatMap { w in date(m.day).map { SVGChart.Point(date: $0, value: w.converted(to: unit)) } }
        }
        let fats = oldestFirst.compactMap { m in
            m.bodyFatPercent.flatMap { f in date(m.day).map { SVGChart.Point(date: $0, value: f) } }
        }
        let shownWeight =
            draft?.bodyWeight.map { $0.isNaN ? "" : WeightFormat.trim($0) }
            ?? editing?.bodyWeight.map { WeightFormat.number($0, in: unit) } ?? ""
        let shownFat =
            draft?.bodyFatPercent.map { $0.isNaN ? "" : WeightFormat.trim($0) } ?? editing?.bodyFatPercent.map(WeightFormat.trim)
            ?? ""
        let editID = editing?.id.text
        let model = BodyPage(
            page: PageChrome(
                title: editing == nil ? "Body metrics" : "Edit measurement", context: context, section: .progress,
                backLink: editing == nil ? "/progress" : "/progress/body"),
            notice: notice,
            formAction: editID.map { "/progress/body/\($0)" } ?? "/progress/body",
            newID: UUID().text,
            editing: editing != nil,
            deleteAction: editID.map { "/progress/body/\($0)/delete" },
            formError: failure.map { _ in "Check the fields marked below." },
            day: FieldView(
                draft?.day ?? editing?.day ?? CalendarDay.string(of: now, timeZone: zone), failure: failure, field: "day"),
            bodyWeight: FieldView(shownWeight, failure: failure, field: "bodyWeight"),
            bodyFat: FieldView(shownFat, failure: failure, field: "bodyFatPercent"),
            note: FieldView(draft?.note ?? editing?.note ?? "", failure: failure, field: "note"),
            unit: unit.rawValue,
            today: CalendarDay.string(of: now, timeZone: zone),
            ranges: editing == nil ? ProgressText.ranges(range, path: "/progress/body") : [],
            weightChart: editing != nil
                ? nil
                : SVGChart.line(
                    id: "body-weight", title: "Body weight, \(range.label.lowercased())",
                    description: "\(weights.count) measurements"
                        + (weights.last.map { ", latest \(ProgressText.weight($0.value, unit))" } ?? ""),
                    series: [SVGChart.Series(name: "Body weight", style: "a", points: weights)], unit: unit.rawValue,
                    timeZone: zone),
            fatChart: editing != nil
                ? nil
                : SVGChart.line(
                    id: "body-fat", title: "Body fat, \(range.label.lowercased())",
                    description: "\(fats.count) measurements"
                        + (fats.last.map { ", latest \(WeightFormat.trim($0.value)) %" } ?? ""),
                    series: [SVGChart.Series(name: "Body fat", style: "b", points: fats)], unit: "%", timeZone: zone),
            entries: editing != nil
                ? []
                : metrics.map { m in
                    BodyRow(
                        editHref: "/progress/body/\(m.id.text)/edit",
                        dayLabel: date(m.day).map { SVGChart.format($0, "EEE d MMM yyyy", zone) } ?? m.day,
                        values: [
                            m.bodyWeight.map { ProgressText.weight($0.converted(to: unit), unit) },
                            m.bodyFatPercent.map { "\(WeightFormat.trim($0)) % fat" },
                        ]
                        .compactMap { $0 }.joined(separator: " · "),
                        entryNote: m.note.isEmpty ? nil : m.note)
                })
        return try services.views.render(model, status: status)
    }
}
