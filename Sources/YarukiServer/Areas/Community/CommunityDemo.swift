import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The demo's community: posts on the three boards from the five demo people over the last week
/// (photos are scenes ffmpeg draws (`DemoPhotos`), made into metadata-free copies by the photo store), comments
/// that give feedback, likes, routines (public and private) and a save, and the notifications
/// they made. Without ffmpeg the photo posts go to the talk board without photos.
enum CommunityDemo {
    struct Post {
        var author: String
        var board: Board
        var body: String
        var hoursAgo: Double
        /// The demo scenes the post shows.
        var photos: [DemoPhotos.Scene]
        var routine: String? = nil
        var comments: [(String, String)] = []
        var likedBy: [String] = []
    }

    static let routines: [(key: String, author: String, draft: RoutineDraft)] = [
        ("core", "coach", RoutineDraft(title: "초보자 코어 15분 · Beginner core", description: "Plank, sit-ups and a stretch. Rest short, breathe long.",
                                       isPublic: true, items: [RoutineItem(exerciseId: "plank", sets: 3, seconds: 40, restSeconds: 30),
                                                               RoutineItem(exerciseId: "sit-up", sets: 3, reps: 15, restSeconds: 45),
                                                               RoutineItem(exerciseId: "hamstring-stretch", sets: 2, seconds: 30, restSeconds: 15)])),
        ("morning", "mina", RoutineDraft(title: "朝の10分スクワット", description: "出勤前にさっと。", isPublic: true,
                                         items: [RoutineItem(exerciseId: "squat", sets: 3, reps: 15, restSeconds: 60),
                                                 RoutineItem(exerciseId: "push-up", sets: 3, reps: 10, restSeconds: 60)])),
        // A superset: the bench and the pull-ups back to back, the rest after each round.
        ("upper", "jiwoo", RoutineDraft(title: "상체 슈퍼세트 · Upper superset", description: "벤치와 풀업을 번갈아, 한 바퀴 후 휴식.", isPublic: true,
                                        items: [RoutineItem(exerciseId: "bench-press", sets: 3, reps: 8, restSeconds: 90, superset: 1),
                                                RoutineItem(exerciseId: "pull-up", sets: 3, reps: 6, restSeconds: 90, superset: 1),
                                                RoutineItem(exerciseId: "plank", sets: 2, seconds: 45, restSeconds: 30)])),
        ("secret", "ren", RoutineDraft(title: "Marathon base (private)", isPublic: false,
                                       items: [RoutineItem(exerciseId: "lunge", sets: 4, reps: 12, restSeconds: 60)])),
    ]

    static let posts: [Post] = [
        Post(author: "mina", board: .done, body: "脚の日、完了！スクワット3セット。", hoursAgo: 3, photos: [.barbell, .bowl],
             comments: [("coach", "膝がつま先より前に出ていないので良いフォームです 👍"), ("jiwoo", "대단해요!")], likedBy: ["coach", "jiwoo", "ren"]),
        Post(author: "coach", board: .feedback, body: "이 루틴 어때요? 초보자용 코어 루틴입니다. 의견 주세요.", hoursAgo: 9, photos: [], routine: "core",
             comments: [("ren", "Did it this morning: the sit-ups are hard after the planks. Good hard."), ("mina", "プランク40秒、ちょうどいいです。")],
             likedBy: ["mina", "ren"]),
        Post(author: "ren", board: .talk, body: "Anyone up for a 6am run on Saturday? Meeting at the park gate.", hoursAgo: 20, photos: [],
             comments: [("jiwoo", "저요! 🙋")], likedBy: ["jiwoo"]),
        Post(author: "jiwoo", board: .done, body: "오늘 운동 끝! 버피 30개.", hoursAgo: 28, photos: [.park], likedBy: ["mina", "coach", "sora"]),
        Post(author: "sora", board: .talk, body: "最近サボり気味… 来週こそは。", hoursAgo: 40, photos: [],
             comments: [("mina", "一緒にやろう！朝の10分スクワット、おすすめです。")], likedBy: ["mina"]),
        Post(author: "mina", board: .feedback, body: "デッドリフトのフォーム、腰が丸まっていないか見てください。", hoursAgo: 55, photos: [.barbell],
             comments: [("coach", "Hips a little lower at the start, and keep the bar close to your shins.")], likedBy: ["coach"]),
        Post(author: "coach", board: .done, body: "Morning class done: 12 people, 45 minutes, zero excuses.", hoursAgo: 70, photos: [.sunrise],
             likedBy: ["mina", "ren", "jiwoo", "sora"]),
        Post(author: "ren", board: .done, body: "Lunges in the rain. Counting it twice.", hoursAgo: 100, photos: [.park], likedBy: ["coach"]),
    ]

    static func seed(_ context: DemoSeed.Context) async throws {
        let database = context.database, now = context.now
        var people: [String: Account] = [:]
        for person in AccountsDemo.people {
            let key = try EmailAddress(person.email).key
            guard let account = try await database.read({ c in try AccountStore.credentials(emailKey: key, c)?.account }) else { return }
            people[String(person.email.prefix { $0 != "@" })] = account
        }
        guard let mina = people["mina"] else { return }
        // Once only: the demo's first author already having a post means this ran before.
        guard try await database.read({ c in try PostStore.feed(viewer: mina.id, board: nil, author: mina.id, before: nil, limit: 1, c) }).isEmpty
        else { return }
        let photos = await DemoPhotos.stored(context.dataDirectory)
        try await database.transaction { c in
            var routineIDs: [String: UUID] = [:]
            for (i, routine) in routines.enumerated() {
                guard let author = people[routine.author] else { continue }
                let id = UUID()
                try RoutineStore.insert(id: id, author: author.id, routine.draft, copiedFrom: nil, at: now.addingTimeInterval(-Double(200 - i) * 3600), c)
                routineIDs[routine.key] = id
            }
            if let core = routineIDs["core"], let coach = people["coach"], try CountedLink.routineSaves.add(core, user: mina.id, at: now, c) {
                _ = try InboxStore.add(CommunityNotices.save.name, to: coach.id, actor: mina.id, subject: core, detail: nil, at: now.addingTimeInterval(-3600), c)
            }
            for post in posts {
                guard let author = people[post.author] else { continue }
                let at = now.addingTimeInterval(-post.hoursAgo * 3600)
                let shown = post.photos.compactMap { photos[$0] }
                let board = shown.isEmpty && post.board == .done ? Board.talk : post.board
                let id = UUID()
                try PostStore.insertPost(id: id, author: author.id, board: board, body: post.body, routine: post.routine.flatMap { routineIDs[$0] },
                                         at: at, c)
                var ids: [UUID] = []
                for photo in shown {
                    let photoID = UUID()
                    try PostStore.insertPhoto(id: photoID, owner: author.id, sha256: photo.sha256, width: photo.width, height: photo.height,
                                              size: photo.size, at: at, c)
                    ids.append(photoID)
                }
                _ = try PostStore.setPhotos(post: id, ids, c)
                for (k, (who, text)) in post.comments.enumerated() {
                    guard let commenter = people[who] else { continue }
                    let commentID = UUID()
                    let when = at.addingTimeInterval(Double(k + 1) * 1200)
                    try PostStore.insertComment(id: commentID, post: id, author: commenter.id, body: text, at: when, c)
                    _ = try InboxStore.add(CommunityNotices.comment.name, to: author.id, actor: commenter.id, subject: id, detail: commentID, at: when, c)
                }
                for who in post.likedBy {
                    guard let liker = people[who], try CountedLink.postLikes.add(id, user: liker.id, at: at.addingTimeInterval(600), c) else { continue }
                    _ = try InboxStore.add(CommunityNotices.like.name, to: author.id, actor: liker.id, subject: id, detail: nil, at: at.addingTimeInterval(600), c)
                }
            }
        }
    }
}
