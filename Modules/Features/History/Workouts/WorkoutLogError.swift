/// The former name of ``WorkoutsError``, renamed to sit beside ``WorkoutsStore`` and ``WorkoutsQueries``.
@available(*, deprecated, renamed: "WorkoutsError")
public typealias WorkoutLogError = WorkoutsError
