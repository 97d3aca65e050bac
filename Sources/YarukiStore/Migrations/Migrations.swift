/// Every migration, in order, one file each (`V01Settings.swift`…). Append only: a released
/// migration never changes.
public enum Migrations {
    public static let all: [Migration] = [
        v1Settings, v2Accounts, v3Training, v4Proofs, v5Groups, v6CalendarFeeds, v7WeekDaysInTheStreakCache, v8Community,
        v9Signage, v10Lifelog, v11AccountTrust, v12WallEmbedding, v13Health, v14Classes, v15ClassPayments, v16Sync, v17Cheers, v18WebSignIns, v19ExerciseVideos, v20TrainingSessions, v21WeightUnit, v22Events, v23ThrottleHits, v24Jobs, v25KafkaSales,
        v26OrderDeadlines, v27SignInTrust, v28PhotoBytes, v29BackdatedProofs, v30Inbox, v31PushSubscriptions, v32NotificationSettings,
        v33Reminders, v34WeeklyDigest, v35ReplyVersions, v36WorkoutsWritten, v37AccountBans, v38ExerciseCatalog, v39PrivateExercises, v40SetsAsLiftersLog, v41BodyPhotos,
        v42LifelogWritten, v43QuotaBreaks, v44GroupChallenges, v45CrewFeed, v46LifelogImports, v47BoardTimeZones, v48SalesDetail, v49BoardMilestones, v50SignagePlaylists,
        v51SyncTombstones, v52HealthTotals, v53PostPhotoLists,
    ]
}
