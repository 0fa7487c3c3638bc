import Foundation
import SpotterCore
import SpotterStore

/// One step of the create/edit wizard, with every value typed so far.
struct ProgramWizardPage: PageModel {
    static let template = "programs/program-wizard"

    let page: PageChrome
    let action: String
    let step: Int
    let steps: [StepView]
    let isEdit: Bool
    let hidden: [HiddenField]
    // Step 1.
    let name: FieldView
    let description: FieldView
    let categories: [OptionView]
    let difficulties: [OptionView]
    let weeks: FieldView
    // Step 2.
    let patterns: [PatternOption]
    let baseIntensity: FieldView
    let weeklyIncrement: FieldView
    let chart: String?
    // Step 3.
    let days: [ScheduleDayView]
    let scheduleError: String?
    let hasTemplates: Bool
    // Step 4.
    let preview: [ProgramWeekView]
    let previewLine: String?
    let error: String?

    // Stored, not computed: the views see stored properties only.
    var isStep1: Bool = false
    var isStep2: Bool = false
    var isStep3: Bool = false
    var isStep4: Bool = false

    struct StepView {
        let number: Int
        let label: String
        let current: Bool
        let done: Bool
    }

    struct PatternOption {
        let value: String
        let label: String
        let detail: String
        let selected: Bool
    }

    struct ScheduleDayView {
        let key: String
        let label: String
        let groups: [TemplateGroup]
        let notes: FieldView
        let rpe: FieldView
        let templateError: String?
        let rest: Bool
        /// The chosen template's exercises, "Squat 3×5 · Bench Press 3×5" ("" for rest).
        let exerciseLine: String
    }

    struct TemplateGroup {
        /// The category; nil for the group that holds only "Rest day".
        let label: String?
        let options: [TemplateOption]
    }

    struct TemplateOption {
        let value: String
        let label: String
        let selected: Bool
        let exercises: String
    }
}
