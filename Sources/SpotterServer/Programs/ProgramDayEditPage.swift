import Foundation
import SpotterCore
import SpotterStore

struct ProgramDayEditPage: PageModel {
    static let template = "programs/program-day"

    let page: PageChrome
    let programName: String
    let title: String
    let action: String
    let groups: [ProgramWizardPage.TemplateGroup]
    let notes: FieldView
    let rpe: FieldView
    let templateError: String?
}
