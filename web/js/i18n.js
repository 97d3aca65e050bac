// One dictionary per language; every key exists in all three (web/tests/i18n.test.js checks).
export const dictionaries = {
  en: {
    "nav.skip": "Skip to content",
    "language.label": "Language",
    "nav.home": "Home", "nav.training": "Training", "nav.accountability": "Quota", "nav.community": "Community",
    "nav.health": "Health", "nav.classes": "Classes", "nav.lifelog": "Lifelog", "nav.signage": "Signage", "nav.more": "More",
    "home.title": "Keep it going",
    "home.lead": "Your training, your group and your days, on your own server.",
    "status.checking": "Checking the server…",
    "status.ok": "Server {version} is up · {database}",
    "status.down": "The server does not answer",
    "area.training": "Rep counter, rest timer and workout logs.",
    "area.accountability": "A weekly quota your group holds you to.",
    "area.community": "Boards, feedback and shared routines.",
    "area.health": "Steps, energy and goals.",
    "area.classes": "Paid classes and enrollment.",
    "area.lifelog": "Memos, check-ins and photos replayed on a map.",
    "area.signage": "Live sales for the wall screen.",
    "empty.title": "Nothing here yet",
    "empty.accountability": "No group yet. Quotas and proofs arrive with a coming update.",
    "empty.community": "No posts yet. Boards arrive with a coming update.",
    "empty.health": "No health numbers yet. Imports arrive with a coming update.",
    "empty.classes": "No classes yet.",
    "empty.lifelog": "No memos yet. The lifelog arrives with a coming update.",
    "empty.signage": "No sales boards yet.",
    "empty.more": "Everything else lives here.",
    "empty.notfound": "This page does not exist.",
    "action.home": "Back to Home",
    "problem.dismiss": "Dismiss",
    "problem.network": "Cannot reach the server",
    "problem.networkDetail": "Check your connection and try again.",
    "toast.language": "Language: English",
    "auth.signIn": "Sign in", "auth.signUp": "Create account", "auth.signOut": "Sign out",
    "auth.signInTitle": "Welcome back", "auth.signInLead": "Sign in to keep your streak going.",
    "auth.signUpTitle": "Start your streak", "auth.signUpLead": "An account keeps your training, your group and your days.",
    "auth.email": "Email", "auth.password": "Password", "auth.passwordHint": "At least 8 characters. A short sentence works well.",
    "auth.displayName": "Name others see", "auth.weekStart": "Weeks start on", "auth.monday": "Monday", "auth.sunday": "Sunday",
    "auth.timeZone": "Time zone", "auth.noAccount": "New here?", "auth.haveAccount": "Already have an account?",
    "auth.working": "One moment…", "auth.welcome": "Welcome, {name}", "auth.signedOut": "Signed out",
    "auth.greeting": "Hello, {name}",
    "account.title": "Account", "account.profile": "Profile", "account.save": "Save", "account.saved": "Saved",
    "account.sessions": "Signed-in devices", "account.sessionsLead": "Sign out a device you no longer use or do not recognise.",
    "account.thisDevice": "This device", "account.lastUsed": "Last used {when}", "account.signOutDevice": "Sign out",
    "account.signOutOthers": "Sign out other devices", "account.signedOutOthers": "Signed out {count} other devices",
    "account.noOtherSessions": "No other devices are signed in.",
    "account.password": "Change password", "account.currentPassword": "Current password", "account.newPassword": "New password",
    "account.passwordChanged": "Password changed; other devices were signed out",
    "account.delete": "Delete account", "account.deleteLead": "This deletes your account and everything in it, at once. It cannot be undone.",
    "account.deleteConfirm": "Type your password to confirm", "account.deleted": "Your account was deleted",
    "account.role": "Role: {role}", "role.member": "Member", "role.coach": "Coach", "role.admin": "Admin",
    "account.sessionEnded": "Your session ended. Sign in again.",
    "timer.title": "Timer", "timer.startRest": "Start rest", "timer.nextSet": "Next set", "timer.reps": "reps",
    "timer.resting": "rest", "timer.restOver": "Rest is over. Go!", "timer.reset": "Reset",
    "timer.minusLabel": "One rep less", "timer.plusLabel": "One rep more", "timer.exercise": "Exercise",
    "timer.presets": "Rest length", "timer.sets": "Sets", "timer.setLine": "Set {n}: {reps} reps, {rest} s rest",
    "timer.save": "Save as workout", "timer.saved": "Workout saved",
    "timer.keys": "Keys: Space starts the rest or the next set, ↑ ↓ count reps, R resets.",
    "training.start": "Start the timer", "training.recent": "Last 30 days",
    "training.empty": "No workouts in the last 30 days. Start the timer and save your sets.",
    "editor.newTitle": "Log a workout by hand", "editor.editTitle": "Edit workout", "editor.when": "Started at",
    "editor.reps": "Reps", "editor.seconds": "Seconds", "editor.weight": "Weight in kg", "editor.addSet": "Add a set",
    "editor.removeSet": "Remove this set", "editor.addExercise": "Add an exercise", "editor.removeExercise": "Remove this exercise",
    "editor.notes": "Notes", "editor.save": "Save workout", "editor.saved": "Workout saved", "editor.edit": "Edit",
    "training.signIn": "Sign in to keep your workouts.", "training.delete": "Delete", "training.deleted": "Workout deleted",
  },
  ja: {
    "nav.skip": "本文へ移動",
    "language.label": "言語",
    "nav.home": "ホーム", "nav.training": "トレーニング", "nav.accountability": "ノルマ", "nav.community": "コミュニティ",
    "nav.health": "ヘルス", "nav.classes": "クラス", "nav.lifelog": "ライフログ", "nav.signage": "サイネージ", "nav.more": "その他",
    "home.title": "続けよう",
    "home.lead": "トレーニングも仲間も毎日の記録も、自分のサーバーで。",
    "status.checking": "サーバーを確認中…",
    "status.ok": "サーバー {version} 稼働中 · {database}",
    "status.down": "サーバーが応答しません",
    "area.training": "レップカウンター、休憩タイマー、ワークアウト記録。",
    "area.accountability": "仲間と守る週のノルマ。",
    "area.community": "掲示板、フィードバック、ルーティン共有。",
    "area.health": "歩数、消費エネルギー、目標。",
    "area.classes": "有料クラスと申し込み。",
    "area.lifelog": "メモ・チェックイン・写真を地図で再生。",
    "area.signage": "壁面ディスプレイ用のライブ売上。",
    "empty.title": "まだ何もありません",
    "empty.accountability": "グループはまだありません。ノルマと証明動画は今後のアップデートで登場します。",
    "empty.community": "投稿はまだありません。掲示板は今後のアップデートで登場します。",
    "empty.health": "ヘルスデータはまだありません。取り込みは今後のアップデートで登場します。",
    "empty.classes": "クラスはまだありません。",
    "empty.lifelog": "メモはまだありません。ライフログは今後のアップデートで登場します。",
    "empty.signage": "売上ボードはまだありません。",
    "empty.more": "ほかの機能はこちら。",
    "empty.notfound": "このページは存在しません。",
    "action.home": "ホームへ戻る",
    "problem.dismiss": "閉じる",
    "problem.network": "サーバーに接続できません",
    "problem.networkDetail": "接続を確認して、もう一度お試しください。",
    "toast.language": "言語: 日本語",
    "auth.signIn": "ログイン", "auth.signUp": "アカウント作成", "auth.signOut": "ログアウト",
    "auth.signInTitle": "おかえりなさい", "auth.signInLead": "ログインして記録を続けましょう。",
    "auth.signUpTitle": "さあ、始めよう", "auth.signUpLead": "アカウントにトレーニングも仲間も毎日の記録も残ります。",
    "auth.email": "メールアドレス", "auth.password": "パスワード", "auth.passwordHint": "8文字以上。短い文にすると覚えやすく安全です。",
    "auth.displayName": "表示名", "auth.weekStart": "週の始まり", "auth.monday": "月曜日", "auth.sunday": "日曜日",
    "auth.timeZone": "タイムゾーン", "auth.noAccount": "はじめての方は", "auth.haveAccount": "アカウントをお持ちの方は",
    "auth.working": "少々お待ちください…", "auth.welcome": "ようこそ、{name}さん", "auth.signedOut": "ログアウトしました",
    "auth.greeting": "こんにちは、{name}さん",
    "account.title": "アカウント", "account.profile": "プロフィール", "account.save": "保存", "account.saved": "保存しました",
    "account.sessions": "ログイン中の端末", "account.sessionsLead": "使っていない端末や心当たりのない端末はログアウトしてください。",
    "account.thisDevice": "この端末", "account.lastUsed": "最終利用 {when}", "account.signOutDevice": "ログアウト",
    "account.signOutOthers": "ほかの端末をすべてログアウト", "account.signedOutOthers": "ほかの端末 {count} 台をログアウトしました",
    "account.noOtherSessions": "ほかにログイン中の端末はありません。",
    "account.password": "パスワードの変更", "account.currentPassword": "現在のパスワード", "account.newPassword": "新しいパスワード",
    "account.passwordChanged": "パスワードを変更し、ほかの端末をログアウトしました",
    "account.delete": "アカウントの削除", "account.deleteLead": "アカウントとそのすべてのデータをすぐに削除します。元に戻せません。",
    "account.deleteConfirm": "確認のためパスワードを入力", "account.deleted": "アカウントを削除しました",
    "account.role": "ロール: {role}", "role.member": "メンバー", "role.coach": "コーチ", "role.admin": "管理者",
    "account.sessionEnded": "セッションが終了しました。もう一度ログインしてください。",
    "timer.title": "タイマー", "timer.startRest": "休憩スタート", "timer.nextSet": "次のセット", "timer.reps": "回",
    "timer.resting": "休憩", "timer.restOver": "休憩終了。いこう！", "timer.reset": "リセット",
    "timer.minusLabel": "1回減らす", "timer.plusLabel": "1回増やす", "timer.exercise": "種目",
    "timer.presets": "休憩時間", "timer.sets": "セット", "timer.setLine": "{n}セット目: {reps}回、休憩{rest}秒",
    "timer.save": "ワークアウトとして保存", "timer.saved": "ワークアウトを保存しました",
    "timer.keys": "キー: スペースで休憩／次のセット、↑↓で回数、Rでリセット。",
    "training.start": "タイマーを始める", "training.recent": "過去30日",
    "training.empty": "過去30日のワークアウトはありません。タイマーを始めてセットを保存しましょう。",
    "editor.newTitle": "ワークアウトを手入力", "editor.editTitle": "ワークアウトを編集", "editor.when": "開始時刻",
    "editor.reps": "回数", "editor.seconds": "秒数", "editor.weight": "重量（kg）", "editor.addSet": "セットを追加",
    "editor.removeSet": "このセットを削除", "editor.addExercise": "種目を追加", "editor.removeExercise": "この種目を削除",
    "editor.notes": "メモ", "editor.save": "ワークアウトを保存", "editor.saved": "ワークアウトを保存しました", "editor.edit": "編集",
    "training.signIn": "ログインするとワークアウトを記録できます。", "training.delete": "削除", "training.deleted": "ワークアウトを削除しました",
  },
  ko: {
    "nav.skip": "본문으로 건너뛰기",
    "language.label": "언어",
    "nav.home": "홈", "nav.training": "트레이닝", "nav.accountability": "할당량", "nav.community": "커뮤니티",
    "nav.health": "건강", "nav.classes": "클래스", "nav.lifelog": "라이프로그", "nav.signage": "사이니지", "nav.more": "더보기",
    "home.title": "계속 해봐요",
    "home.lead": "운동도, 그룹도, 하루의 기록도 내 서버에서.",
    "status.checking": "서버 확인 중…",
    "status.ok": "서버 {version} 작동 중 · {database}",
    "status.down": "서버가 응답하지 않습니다",
    "area.training": "횟수 카운터, 휴식 타이머, 운동 기록.",
    "area.accountability": "그룹과 함께 지키는 주간 할당량.",
    "area.community": "게시판, 피드백, 루틴 공유.",
    "area.health": "걸음 수, 활동 에너지, 목표.",
    "area.classes": "유료 클래스와 수강 신청.",
    "area.lifelog": "메모, 체크인, 사진을 지도에서 재생.",
    "area.signage": "벽면 화면용 실시간 매출.",
    "empty.title": "아직 아무것도 없어요",
    "empty.accountability": "아직 그룹이 없어요. 할당량과 인증 영상은 곧 나옵니다.",
    "empty.community": "아직 게시물이 없어요. 게시판은 곧 나옵니다.",
    "empty.health": "아직 건강 데이터가 없어요. 가져오기는 곧 나옵니다.",
    "empty.classes": "아직 클래스가 없어요.",
    "empty.lifelog": "아직 메모가 없어요. 라이프로그는 곧 나옵니다.",
    "empty.signage": "아직 매출 보드가 없어요.",
    "empty.more": "다른 기능은 여기에 있어요.",
    "empty.notfound": "이 페이지는 존재하지 않습니다.",
    "action.home": "홈으로",
    "problem.dismiss": "닫기",
    "problem.network": "서버에 연결할 수 없습니다",
    "problem.networkDetail": "연결을 확인하고 다시 시도하세요.",
    "toast.language": "언어: 한국어",
    "auth.signIn": "로그인", "auth.signUp": "계정 만들기", "auth.signOut": "로그아웃",
    "auth.signInTitle": "다시 오신 걸 환영해요", "auth.signInLead": "로그인하고 기록을 이어가세요.",
    "auth.signUpTitle": "지금 시작해요", "auth.signUpLead": "계정에 운동도, 그룹도, 하루의 기록도 남습니다.",
    "auth.email": "이메일", "auth.password": "비밀번호", "auth.passwordHint": "8자 이상. 짧은 문장이 기억하기 쉽고 안전해요.",
    "auth.displayName": "표시 이름", "auth.weekStart": "한 주의 시작", "auth.monday": "월요일", "auth.sunday": "일요일",
    "auth.timeZone": "시간대", "auth.noAccount": "처음이신가요?", "auth.haveAccount": "이미 계정이 있나요?",
    "auth.working": "잠시만요…", "auth.welcome": "환영해요, {name}님", "auth.signedOut": "로그아웃했어요",
    "auth.greeting": "안녕하세요, {name}님",
    "account.title": "계정", "account.profile": "프로필", "account.save": "저장", "account.saved": "저장했어요",
    "account.sessions": "로그인된 기기", "account.sessionsLead": "쓰지 않거나 모르는 기기는 로그아웃하세요.",
    "account.thisDevice": "이 기기", "account.lastUsed": "마지막 사용 {when}", "account.signOutDevice": "로그아웃",
    "account.signOutOthers": "다른 기기 모두 로그아웃", "account.signedOutOthers": "다른 기기 {count}대를 로그아웃했어요",
    "account.noOtherSessions": "로그인된 다른 기기가 없어요.",
    "account.password": "비밀번호 변경", "account.currentPassword": "현재 비밀번호", "account.newPassword": "새 비밀번호",
    "account.passwordChanged": "비밀번호를 바꾸고 다른 기기를 로그아웃했어요",
    "account.delete": "계정 삭제", "account.deleteLead": "계정과 모든 데이터를 바로 삭제합니다. 되돌릴 수 없어요.",
    "account.deleteConfirm": "확인을 위해 비밀번호 입력", "account.deleted": "계정을 삭제했어요",
    "account.role": "역할: {role}", "role.member": "멤버", "role.coach": "코치", "role.admin": "관리자",
    "account.sessionEnded": "세션이 끝났어요. 다시 로그인하세요.",
    "timer.title": "타이머", "timer.startRest": "휴식 시작", "timer.nextSet": "다음 세트", "timer.reps": "회",
    "timer.resting": "휴식", "timer.restOver": "휴식 끝. 가자!", "timer.reset": "초기화",
    "timer.minusLabel": "1회 줄이기", "timer.plusLabel": "1회 늘리기", "timer.exercise": "운동",
    "timer.presets": "휴식 시간", "timer.sets": "세트", "timer.setLine": "{n}세트: {reps}회, 휴식 {rest}초",
    "timer.save": "운동으로 저장", "timer.saved": "운동을 저장했어요",
    "timer.keys": "키: 스페이스로 휴식/다음 세트, ↑↓로 횟수, R로 초기화.",
    "training.start": "타이머 시작", "training.recent": "최근 30일",
    "training.empty": "최근 30일 동안 운동 기록이 없어요. 타이머를 시작하고 세트를 저장하세요.",
    "editor.newTitle": "운동 직접 기록", "editor.editTitle": "운동 수정", "editor.when": "시작 시각",
    "editor.reps": "횟수", "editor.seconds": "초", "editor.weight": "무게(kg)", "editor.addSet": "세트 추가",
    "editor.removeSet": "이 세트 삭제", "editor.addExercise": "운동 추가", "editor.removeExercise": "이 운동 삭제",
    "editor.notes": "메모", "editor.save": "운동 저장", "editor.saved": "운동을 저장했어요", "editor.edit": "수정",
    "training.signIn": "로그인하면 운동을 기록할 수 있어요.", "training.delete": "삭제", "training.deleted": "운동을 삭제했어요",
  },
};

export const languages = Object.keys(dictionaries);

/** The saved choice if any, else the first browser language we have, else English. */
export function pickLanguage(browserLanguages = [], saved = null) {
  if (saved && languages.includes(saved)) return saved;
  for (const tag of browserLanguages) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (languages.includes(base)) return base;
  }
  return "en";
}

let current = "en";
export function setCurrentLanguage(language) {
  current = languages.includes(language) ? language : "en";
  return current;
}
export function currentLanguage() { return current; }

/** The string for `key` in the current language, with {placeholders} filled in. */
export function t(key, values = {}, language = current) {
  const text = dictionaries[language]?.[key] ?? dictionaries.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

/** "3 minutes ago" through Intl, for a past or future instant. */
export function formatRelative(date, now = new Date(), language = current) {
  const seconds = Math.round((new Date(date) - now) / 1000);
  const units = [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60]];
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, "second");
}

/** Numbers through Intl in the person's locale. */
export function formatNumber(value, language = current) {
  return new Intl.NumberFormat(language).format(value);
}
