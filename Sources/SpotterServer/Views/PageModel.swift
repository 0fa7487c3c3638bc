/// A page's view model names the template it is rendered with (`static let
/// template = "home/home"`), so a controller
/// renders a page by its model (`ViewRenderer.render`), and a missing template stops
/// the server at start (`ViewRenderer.load`) instead of failing a lifter's request.
protocol PageModel {
    /// The template's path under `Resources/views/`, without `.mustache`.
    static var template: String { get }
}

/// Every page, by feature: `ViewRenderer.load` checks that each one's template is
/// there, and `TemplateFieldsTests` that every template outside `partials/` and the
/// layout is one page's. Each page model is in its own file beside its controller
/// (`Home/HomePage.swift`), and names its template there.
enum PageModels {
    static let all: [any PageModel.Type] = [
        HomePage.self,
        TrainingMaxPage.self,
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
