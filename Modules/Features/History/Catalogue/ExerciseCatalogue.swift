/// The exercises FitKit ships with: the HIIT seed's four, each done for 30 seconds.
public enum ExerciseCatalogue {
    /// Squat, Step Up, Burpee and Sun Salute, in page order.
    public static let hiit: [NewExercise] = [
        NewExercise(position: 1, name: "Squat", videoName: "squat", durationSeconds: 30),
        NewExercise(position: 2, name: "Step Up", videoName: "step-up", durationSeconds: 30),
        NewExercise(position: 3, name: "Burpee", videoName: "burpee", durationSeconds: 30),
        NewExercise(position: 4, name: "Sun Salute", videoName: "sun-salute", durationSeconds: 30),
    ]
}
