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
    "empty.training": "No workouts yet. The timer arrives with the next update.",
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
    "empty.training": "ワークアウトはまだありません。タイマーは次のアップデートで登場します。",
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
    "empty.training": "아직 운동 기록이 없어요. 타이머는 다음 업데이트에서 나옵니다.",
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

/** Numbers through Intl in the person's locale. */
export function formatNumber(value, language = current) {
  return new Intl.NumberFormat(language).format(value);
}
