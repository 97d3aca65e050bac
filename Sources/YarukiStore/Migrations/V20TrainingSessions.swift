extension Migrations {
    // The training session under way, one per person (the phone and the watch share it): its
    // whole state as the devices keep it (TrainingSession's JSON), with a version that every
    // write raises, so two devices do not overwrite each other unseen.
    static let v20TrainingSessions = Migration(20, "training sessions") { _ in
        ["""
         CREATE TABLE training_sessions (
             user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
             id TEXT NOT NULL,
             state TEXT NOT NULL,
             version BIGINT NOT NULL,
             updated_at BIGINT NOT NULL)
         """]
    }
}
