import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct WorkoutPage {
    let page: PageChrome
    /// The workout as the API describes it, for the page script's first paint.
    let workoutJSON: String
    /// The words the page script shows that the server has (`WorkoutWords`).
    let wordsJSON: String
    let workoutID: String
    let isActive: Bool
    /// The page kept for a workout started without signal (`/workout/offline`): the
    /// script fills in the workout from the phone's copy.
    let shell: Bool
    let unit: String
    let defaultRestSeconds: Int
    let kinds: [OptionView]
    let rpeOptions: [OptionView]
    /// 1-10 with what each means, for the session's RPE.
    let sessionRPEOptions: [OptionView]
    let workoutTypes: [OptionView]
    /// "Week 5 of 12 · Strength · Push A" when a program started the workout.
    let programContext: String?
    let programID: String?
    /// The lifter's bar, plates and rest alert, for the page script (`GymSettingsView`).
    let gym: GymSettingsView

    /// What each session RPE means, as lifters rate a whole session.
    static let sessionRPEOptions: [OptionView] = (1...10).map { value in
        let meaning =
            switch value {
            case ...3: "easy"
            case 4...6: "moderate"
            case 7...8: "hard"
            case 9: "very hard"
            default: "maximal"
            }
        return OptionView(value: String(value), label: "\(value) · \(meaning)", selected: false)
    }
}

struct WorkoutStartPage {
    let page: PageChrome
    let recent: [WorkoutCardView]
    let templates: [TemplateCardView]
    let starters: [StarterCardView]
}

/// "A workout is in progress": resume it, or discard it and start the new one by
/// sending the same request again (`hidden`) with `replace=1`.
struct StartConflictPage {
    let page: PageChrome
    let activeName: String
    let startedAgo: String
    let action: String
    let hidden: [HiddenField]

    /// The page (409) when the user has a workout in progress, else nil: every way
    /// of starting a workout asks the same way.
    static func render(
        user: User, services: AppServices, context: SignedInContext, action: String, hidden: [HiddenField]
    ) async throws -> Response? {
        guard let active = try await services.workouts.active(user: user) else { return nil }
        let model = StartConflictPage(
            page: PageChrome(title: "Workout in progress", context: context, section: .workout, backLink: "/"),
            activeName: active.name, startedAgo: WorkoutPagesController.ago(services.clock().timeIntervalSince(active.startedAt)),
            action: action, hidden: hidden)
        return try services.views.render(model, status: .conflict)
    }
}

/// The words of the logging page's script that the server has, so the script does
/// not copy them: the marks of set kinds in strips and badges (W, D, F) and the
/// names of records as they read inside a sentence ("New PR · Squat: heaviest weight").
/// The script keeps only the rules it needs without signal (workout-format.js).
struct WorkoutWords: Encodable {
    let marks: [String: String]
    let records: [String: String]

    static let json: String = {
        let words = WorkoutWords(
            marks: Dictionary(
                uniqueKeysWithValues: SetKind.allCases.compactMap { kind in kind.mark.map { (kind.rawValue, $0) } }),
            records: Dictionary(
                uniqueKeysWithValues: PersonalRecords.Kind.allCases.map { kind in
                    (kind.rawValue, kind.displayName.prefix(1).lowercased() + kind.displayName.dropFirst())
                }))
        return (try? JSONCoding.scriptIsland(words)) ?? "{}"
    }()
}

/// The "log a past workout" form as typed: a day, a start time and minutes, read in
/// the lifter's time zone.
struct PastWorkoutForm {
    let name: String
    let date: String
    let time: String
    let minutes: String

    /// The start and the duration in seconds, or the fields that cannot be read.
    func values(timeZone: TimeZone) throws -> (start: Date, durationSeconds: Int) {
        var issues: [FieldIssue] = []
        let dateParts = date.split(separator: "-").compactMap { Int($0) }
        let timeParts = time.split(separator: ":").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var start: Date?
        if dateParts.count != 3 { issues.append(.init(field: "date", message: "Pick the day it was, such as 2026-11-20.")) }
        if timeParts.count != 2 || !(0...23).contains(timeParts[0]) || !(0...59).contains(timeParts[1]) {
            issues.append(.init(field: "time", message: "Pick the time it started, such as 18:30."))
        }
        if issues.isEmpty {
            let parts = DateComponents(
                year: dateParts[0], month: dateParts[1], day: dateParts[2], hour: timeParts[0], minute: timeParts[1])
            if let date = calendar.date(from: parts),
                calendar.dateComponents([.year, .month, .day], from: date)
                    == DateComponents(year: dateParts[0], month: dateParts[1], day: dateParts[2])
            {
                start = date
            } else {
                issues.append(.init(field: "date", message: "Pick the day it was, such as 2026-11-20."))
            }
        }
        let typedMinutes = Int(minutes.trimmingCharacters(in: .whitespaces))
        if typedMinutes == nil { issues.append(.init(field: "minutes", message: "Say how many minutes it took, such as 60.")) }
        guard issues.isEmpty, let start, let typedMinutes else { throw SpotterError.invalid(ValidationFailure(issues)) }
        return (start, typedMinutes * 60)
    }

    /// Today's date and the time now, as the form's fields show them.
    static func dayFormat(_ now: Date, _ zone: TimeZone) -> (date: String, time: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        return (String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!), String(format: "%02d:%02d", c.hour!, c.minute!))
    }
}

struct PastWorkoutPage {
    let page: PageChrome
    let workoutId: String
    let name: String
    let date: FieldView
    let time: FieldView
    let minutes: FieldView
    /// The latest day the date picker offers.
    let today: String
    let error: String?
}
