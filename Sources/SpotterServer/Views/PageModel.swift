/// A page's view model names the template it is rendered with, so a controller
/// renders a page by its model (`ViewRenderer.render`), and a missing template stops
/// the server at start (`ViewRenderer.load`) instead of failing a lifter's request.
protocol PageModel {
    /// The template's path under `Resources/views/`, without `.mustache`.
    static var template: String { get }
}

/// Every page and its template, by feature, in one table: `ViewRenderer.load` checks
/// each, and `TemplateFieldsTests` checks that every template outside `partials/`
/// and the layout is one of them.
enum PageModels {
    static let all: [any PageModel.Type] = [
        HomePage.self,
        MorePage.self,
        FinishSummaryPage.self,
        HistoryPage.self,
        HistoryDeletePage.self,
        HistoryDetailPage.self,
        StartConflictPage.self,
        WorkoutPage.self,
        PastWorkoutPage.self,
        WorkoutStartPage.self,
        TemplateConfirmPage.self,
        TemplateDeletePage.self,
        TemplateDetailPage.self,
        TemplateFormPage.self,
        TemplateImportPage.self,
        TemplateManagePage.self,
        TemplateStepOnePage.self,
        TemplateStepTwoPage.self,
        TemplatePresetsPage.self,
        TemplateRenamePage.self,
        SaveAsTemplatePage.self,
        TemplateLibraryPage.self,
        PlayerPage.self,
        PlayerStopPage.self,
        TimelinePage.self,
        ProgramDayEditPage.self,
        ProgramDeletePage.self,
        ProgramDetailPage.self,
        ProgramWeekEditPage.self,
        ProgramWizardPage.self,
        ProgramListPage.self,
        ExerciseDetailPage.self,
        ExerciseDeletePage.self,
        ExerciseFormPage.self,
        ExerciseMergePage.self,
        ExerciseMergeConfirmPage.self,
        ExerciseListPage.self,
        ExerciseProgressPage.self,
        BodyPage.self,
        StatsPage.self,
        WorkoutTypeEditPage.self,
        WorkoutTypesPage.self,
        ExportPage.self,
        ImportUploadPage.self,
        ImportPreviewPage.self,
        LoginPage.self,
        PasswordPage.self,
        RegisterPage.self,
        SettingsPage.self,
        TokensPage.self,
        WelcomePage.self,
        ErrorPageModel.self,
    ]
}

extension HomePage: PageModel { static let template = "home/home" }
extension MorePage: PageModel { static let template = "home/more" }

extension FinishSummaryPage: PageModel { static let template = "workouts/finish-summary" }
extension HistoryPage: PageModel { static let template = "workouts/history" }
extension HistoryDeletePage: PageModel { static let template = "workouts/history-delete" }
extension HistoryDetailPage: PageModel { static let template = "workouts/history-detail" }
extension StartConflictPage: PageModel { static let template = "workouts/start-conflict" }
extension WorkoutPage: PageModel { static let template = "workouts/workout" }
extension PastWorkoutPage: PageModel { static let template = "workouts/workout-past" }
extension WorkoutStartPage: PageModel { static let template = "workouts/workout-start" }

extension TemplateConfirmPage: PageModel { static let template = "templates/template-confirm" }
extension TemplateDeletePage: PageModel { static let template = "templates/template-delete" }
extension TemplateDetailPage: PageModel { static let template = "templates/template-detail" }
extension TemplateFormPage: PageModel { static let template = "templates/template-form" }
extension TemplateImportPage: PageModel { static let template = "templates/template-import" }
extension TemplateManagePage: PageModel { static let template = "templates/template-manage" }
extension TemplateStepOnePage: PageModel { static let template = "templates/template-new" }
extension TemplateStepTwoPage: PageModel { static let template = "templates/template-pick" }
extension TemplatePresetsPage: PageModel { static let template = "templates/template-presets" }
extension TemplateRenamePage: PageModel { static let template = "templates/template-rename" }
extension SaveAsTemplatePage: PageModel { static let template = "templates/template-save" }
extension TemplateLibraryPage: PageModel { static let template = "templates/templates" }

extension PlayerPage: PageModel { static let template = "guided/guided-player" }
extension PlayerStopPage: PageModel { static let template = "guided/guided-stop" }
extension TimelinePage: PageModel { static let template = "guided/guided-timeline" }

extension ProgramDayEditPage: PageModel { static let template = "programs/program-day" }
extension ProgramDeletePage: PageModel { static let template = "programs/program-delete" }
extension ProgramDetailPage: PageModel { static let template = "programs/program-detail" }
extension ProgramWeekEditPage: PageModel { static let template = "programs/program-week" }
extension ProgramWizardPage: PageModel { static let template = "programs/program-wizard" }
extension ProgramListPage: PageModel { static let template = "programs/programs" }

extension ExerciseDetailPage: PageModel { static let template = "exercises/exercise" }
extension ExerciseDeletePage: PageModel { static let template = "exercises/exercise-delete" }
extension ExerciseFormPage: PageModel { static let template = "exercises/exercise-form" }
extension ExerciseMergePage: PageModel { static let template = "exercises/exercise-merge" }
extension ExerciseMergeConfirmPage: PageModel { static let template = "exercises/exercise-merge-confirm" }
extension ExerciseListPage: PageModel { static let template = "exercises/exercises" }

extension ExerciseProgressPage: PageModel { static let template = "progress/exercise-progress" }
extension BodyPage: PageModel { static let template = "progress/measurements" }
extension StatsPage: PageModel { static let template = "progress/stats" }

extension WorkoutTypeEditPage: PageModel { static let template = "workout-types/workout-type-edit" }
extension WorkoutTypesPage: PageModel { static let template = "workout-types/workout-types" }

extension ExportPage: PageModel { static let template = "import-export/export" }
extension ImportUploadPage: PageModel { static let template = "import-export/import" }
extension ImportPreviewPage: PageModel { static let template = "import-export/import-preview" }

extension LoginPage: PageModel { static let template = "accounts/login" }
extension PasswordPage: PageModel { static let template = "accounts/password" }
extension RegisterPage: PageModel { static let template = "accounts/register" }
extension SettingsPage: PageModel { static let template = "accounts/settings" }
extension TokensPage: PageModel { static let template = "accounts/tokens" }
extension WelcomePage: PageModel { static let template = "accounts/welcome" }

extension ErrorPageModel: PageModel { static let template = "error" }
