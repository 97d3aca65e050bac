-- wrk script for bench/api: each request logs a new workout of two sets (the server names it).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"startedAt":"2026-11-29T07:00:00Z","endedAt":"2026-11-29T07:40:00Z","notes":"bench write",' ..
  '"exercises":[{"exerciseId":"barbell-squat","sets":[{"reps":5,"weightKg":60,"restSeconds":90},{"reps":5,"weightKg":62.5,"restSeconds":90}]}]}'
