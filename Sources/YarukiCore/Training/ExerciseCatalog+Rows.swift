// The catalog every Yaruki starts with, one exercise a line, tab-separated:
// id, kind, category, equipment, level, primary muscles, secondary muscles, and the names in
// English, Japanese and Korean. 873 of them are the facts of free-exercise-db
// (github.com/yuhonas/free-exercise-db, public domain, Unlicense), with their names written in
// Japanese and Korean as gyms in Tokyo and Seoul say them; 20 of those keep the ids and names
// Yaruki's first catalog gave them, and 4 of that first catalog (lunge, burpee, jumping jack,
// wall sit) have no match there. Read once by `ExerciseCatalog.builtIn`.
extension ExerciseCatalog {
    static let rows = #"""
3-4-sit-up	bodyweightReps	core	bodyweight	beginner	abdominals		3/4 Sit-Up	3/4シットアップ	3/4 싯업
90-90-hamstring	duration	stretch	bodyweight	beginner	hamstrings	calves	90/90 Hamstring	90/90ハムストリングストレッチ	90/90 햄스트링 스트레칭
ab-crunch-machine	weightReps	strength	machine	intermediate	abdominals		Ab Crunch Machine	アブクランチマシン	복근 크런치 머신
ab-roller	weightReps	strength	other	intermediate	abdominals	shoulders	Ab Roller	アブローラー	복근 롤러
adductor	duration	stretch	foam-roller	intermediate	adductors		Adductor	内転筋ストレッチ	내전근 스트레칭
adductor-groin	duration	stretch		intermediate	adductors		Adductor/Groin	内転筋/股関節ストレッチ	내전근/사타구니 스트레칭
advanced-kettlebell-windmill	weightReps	strength	kettlebell	intermediate	abdominals	glutes,hamstrings,shoulders	Advanced Kettlebell Windmill	アドバンスドケトルベルウィンドミル	어드밴스드 케틀벨 윈드밀
air-bike	bodyweightReps	core	bodyweight	beginner	abdominals		Air Bike	エアバイク	에어 바이크
all-fours-quad-stretch	duration	stretch	bodyweight	intermediate	quadriceps	quadriceps	All Fours Quad Stretch	四つ這いクアッドストレッチ	네발 쿼드 스트레칭
alternate-hammer-curl	weightReps	strength	dumbbell	beginner	biceps	forearms	Alternate Hammer Curl	オルタネイトハンマーカール	얼터네이트 해머 컬
alternate-heel-touchers	bodyweightReps	core	bodyweight	beginner	abdominals		Alternate Heel Touchers	オルタネイトヒールタッチ	얼터네이트 힐 터치
alternate-incline-dumbbell-curl	weightReps	strength	dumbbell	beginner	biceps	forearms	Alternate Incline Dumbbell Curl	オルタネイトインクラインダンベルカール	얼터네이트 인클라인 덤벨 컬
alternate-leg-diagonal-bound	bodyweightReps	bodyweight		beginner	quadriceps	abductors,adductors,calves,glutes,hamstrings	Alternate Leg Diagonal Bound	オルタネイトレッグダイアゴナルバウンド	얼터네이트 레그 대각선 바운드
alternating-cable-shoulder-press	weightReps	strength	cable	beginner	shoulders	triceps	Alternating Cable Shoulder Press	オルタネイトケーブルショルダープレス	얼터네이팅 케이블 숄더 프레스
alternating-deltoid-raise	weightReps	strength	dumbbell	beginner	shoulders		Alternating Deltoid Raise	オルタネイトデルトイドレイズ	얼터네이팅 델토이드 레이즈
alternating-floor-press	weightReps	strength	kettlebell	beginner	chest	abdominals,shoulders,triceps	Alternating Floor Press	オルタネイトフロアプレス	얼터네이팅 플로어 프레스
alternating-hang-clean	weightReps	strength	kettlebell	intermediate	hamstrings	biceps,calves,forearms,glutes,lower back,traps	Alternating Hang Clean	オルタネイトハングクリーン	얼터네이팅 행 클린
alternating-kettlebell-press	weightReps	strength	kettlebell	intermediate	shoulders	triceps	Alternating Kettlebell Press	オルタネイトケトルベルプレス	얼터네이팅 케틀벨 프레스
alternating-kettlebell-row	weightReps	strength	kettlebell	intermediate	middle back	biceps,lats	Alternating Kettlebell Row	オルタネイトケトルベルロウ	얼터네이팅 케틀벨 로우
alternating-renegade-row	weightReps	strength	kettlebell	expert	middle back	abdominals,biceps,chest,lats,triceps	Alternating Renegade Row	オルタネイトレネゲードロウ	얼터네이팅 레니게이드 로우
ankle-circles	duration	stretch		beginner	calves		Ankle Circles	足首サークルストレッチ	발목 서클 스트레칭
ankle-on-the-knee	duration	stretch		beginner	glutes		Ankle On The Knee	足首を膝に乗せるストレッチ	발목 무릎 위 스트레칭
anterior-tibialis-smr	duration	stretch	other	intermediate	calves		Anterior Tibialis-SMR	前脛骨筋（フォームローラー）	전경골근 폼롤러
anti-gravity-press	weightReps	strength	barbell	beginner	shoulders	middle back,traps,triceps	Anti-Gravity Press	アンチグラビティプレス	안티그래비티 프레스
arm-circles	duration	stretch		beginner	shoulders	traps	Arm Circles	アームサークルストレッチ	암 서클 스트레칭
arnold-dumbbell-press	weightReps	strength	dumbbell	intermediate	shoulders	triceps	Arnold Dumbbell Press	アーノルドダンベルプレス	아놀드 덤벨 프레스
around-the-worlds	weightReps	strength	dumbbell	intermediate	chest	shoulders	Around The Worlds	アラウンドワールド	어라운드 월드
atlas-stone-trainer	weightReps	strength	other	intermediate	lower back	biceps,forearms,glutes,hamstrings,quadriceps	Atlas Stone Trainer	アトラスストーントレーナー	아틀라스 스톤 트레이너
atlas-stones	weightReps	strength	other	expert	lower back	abdominals,adductors,biceps,calves,forearms,glutes,hamstrings,middle back,quadriceps,traps	Atlas Stones	アトラスストーン	아틀라스 스톤
axle-deadlift	weightReps	strength	other	intermediate	lower back	forearms,glutes,hamstrings,middle back,quadriceps,traps	Axle Deadlift	アクスルデッドリフト	액슬 데드리프트
back-flyes-with-bands	weightReps	strength	band	beginner	shoulders	middle back,triceps	Back Flyes - With Bands	バックフライ（バンド）	백 플라이 (밴드)
backward-drag	weightDistance	strength	other	beginner	quadriceps	calves,forearms,glutes,hamstrings,lower back	Backward Drag	バックワードドラッグ	백워드 드래그
backward-medicine-ball-throw	weightReps	strength	medicine-ball	beginner	shoulders		Backward Medicine Ball Throw	バックワードメディシンボールスロー	백워드 메디신 볼 스로
balance-board	duration	strength	other	beginner	calves	hamstrings,quadriceps	Balance Board	バランスボード	밸런스 보드
ball-leg-curl	weightReps	bodyweight	exercise-ball	beginner	hamstrings	calves,glutes	Ball Leg Curl	ボールレッグカール	볼 레그 컬
band-assisted-pull-up	assistedBodyweight	strength	other	beginner	lats	abdominals,forearms,middle back	Band Assisted Pull-Up	バンドアシスト懸垂	밴드 어시스트 풀업
band-good-morning	weightReps	strength	band	beginner	hamstrings	glutes,lower back	Band Good Morning	バンドグッドモーニング	밴드 굿 모닝
band-good-morning-pull-through	weightReps	strength	band	beginner	hamstrings	glutes,lower back	Band Good Morning (Pull Through)	バンドグッドモーニング（プルスルー）	밴드 굿 모닝 (풀 스루)
band-hip-adductions	weightReps	strength	band	beginner	adductors		Band Hip Adductions	バンドヒップアダクション	밴드 힙 내전
band-pull-apart	weightReps	strength	band	beginner	shoulders	middle back,traps	Band Pull Apart	バンドプルアパート	밴드 풀 어파트
band-skull-crusher	weightReps	strength	band	beginner	triceps		Band Skull Crusher	バンドスカルクラッシャー	밴드 스컬 크러셔
barbell-ab-rollout	weightReps	strength	barbell	intermediate	abdominals	lower back,shoulders	Barbell Ab Rollout	バーベルアブロールアウト	바벨 복근 롤아웃
barbell-ab-rollout-on-knees	weightReps	strength	barbell	expert	abdominals	lower back,shoulders	Barbell Ab Rollout - On Knees	バーベルアブロールアウト（膝）	바벨 복근 롤아웃 (무릎)
bench-press	weightReps	strength	barbell	beginner	chest	shoulders,triceps	Bench press	ベンチプレス	벤치프레스
barbell-curl	weightReps	strength	barbell	beginner	biceps	forearms	Barbell Curl	バーベルカール	바벨 컬
barbell-curls-lying-against-an-incline	weightReps	strength	barbell	beginner	biceps		Barbell Curls Lying Against An Incline	インクラインバーベルカール（うつ伏せ）	인클라인 바벨 컬 (엎드려)
deadlift	weightReps	strength	barbell	intermediate	lower back	calves,forearms,glutes,hamstrings,lats,middle back,quadriceps,traps	Deadlift	デッドリフト	데드리프트
barbell-full-squat	weightReps	strength	barbell	intermediate	quadriceps	calves,glutes,hamstrings,lower back	Barbell Full Squat	バーベルフルスクワット	바벨 풀 스쿼트
barbell-glute-bridge	weightReps	strength	barbell	intermediate	glutes	calves,hamstrings	Barbell Glute Bridge	バーベルグルートブリッジ	바벨 글루트 브릿지
barbell-guillotine-bench-press	weightReps	strength	barbell	intermediate	chest	shoulders,triceps	Barbell Guillotine Bench Press	バーベルギロチンベンチプレス	바벨 길로틴 벤치 프레스
barbell-hack-squat	weightReps	strength	barbell	intermediate	quadriceps	calves,forearms,hamstrings	Barbell Hack Squat	バーベルハックスクワット	바벨 핵 스쿼트
barbell-hip-thrust	weightReps	strength	barbell	intermediate	glutes	calves,hamstrings	Barbell Hip Thrust	バーベルヒップスラスト	바벨 힙 스러스트
barbell-incline-bench-press-medium-grip	weightReps	strength	barbell	beginner	chest	shoulders,triceps	Barbell Incline Bench Press - Medium Grip	バーベルインクラインベンチプレス（ミディアムグリップ）	바벨 인클라인 벤치 프레스 (미디엄 그립)
barbell-incline-shoulder-raise	weightReps	strength	barbell	beginner	shoulders	chest	Barbell Incline Shoulder Raise	バーベルインクラインショルダーレイズ	바벨 인클라인 숄더 레이즈
barbell-lunge	weightReps	strength	barbell	intermediate	quadriceps	calves,glutes,hamstrings	Barbell Lunge	バーベルランジ	바벨 런지
barbell-rear-delt-row	weightReps	strength	barbell	beginner	shoulders	biceps,lats,middle back	Barbell Rear Delt Row	バーベルリアデルトロウ	바벨 리어 델트 로우
barbell-rollout-from-bench	weightReps	strength	barbell	intermediate	abdominals	glutes,hamstrings,lats,shoulders	Barbell Rollout from Bench	バーベルロールアウト（ベンチから）	바벨 롤아웃 (벤치에서)
barbell-seated-calf-raise	weightReps	strength	barbell	beginner	calves		Barbell Seated Calf Raise	バーベルシーテッドカーフレイズ	바벨 시티드 카프 레이즈
barbell-shoulder-press	weightReps	strength	barbell	intermediate	shoulders	chest,triceps	Barbell Shoulder Press	バーベルショルダープレス	바벨 숄더 프레스
barbell-shrug	weightReps	strength	barbell	beginner	traps		Barbell Shrug	バーベルシュラッグ	바벨 슈러그
barbell-shrug-behind-the-back	weightReps	strength	barbell	beginner	traps	forearms,middle back	Barbell Shrug Behind The Back	バーベルシュラッグビハインドバック	바벨 슈러그 비하인드 백
barbell-side-bend	weightReps	strength	barbell	beginner	abdominals	lower back	Barbell Side Bend	バーベルサイドベンド	바벨 사이드 벤드
barbell-side-split-squat	weightReps	strength	barbell	beginner	quadriceps	calves,hamstrings,lower back	Barbell Side Split Squat	バーベルサイドスプリットスクワット	바벨 사이드 스플릿 스쿼트
barbell-squat	weightReps	strength	barbell	beginner	quadriceps	calves,glutes,hamstrings,lower back	Barbell squat	バーベルスクワット	바벨 스쿼트
barbell-squat-to-a-bench	weightReps	strength	barbell	expert	quadriceps	calves,glutes,hamstrings,lower back	Barbell Squat To A Bench	バーベルスクワット（ベンチ）	바벨 스쿼트 (벤치)
barbell-step-ups	weightReps	strength	barbell	intermediate	quadriceps	calves,glutes,hamstrings,quadriceps	Barbell Step Ups	バーベルステップアップ	바벨 스텝 업
barbell-walking-lunge	weightReps	strength	barbell	beginner	quadriceps	calves,glutes,hamstrings	Barbell Walking Lunge	バーベルウォーキングランジ	바벨 워킹 런지
battling-ropes	weightReps	strength	other	beginner	shoulders	chest,forearms	Battling Ropes	バトルロープ	배틀 로프
bear-crawl-sled-drags	weightDistance	strength	other	beginner	quadriceps	calves,glutes,hamstrings	Bear Crawl Sled Drags	ベアクロールスレッドドラッグ	베어 크롤 썰매 드래그
behind-head-chest-stretch	duration	stretch	other	expert	chest	shoulders	Behind Head Chest Stretch	ビハインドヘッドチェストストレッチ	비하인드 헤드 체스트 스트레칭
bench-dips	bodyweightReps	bodyweight	bodyweight	beginner	triceps	chest,shoulders	Bench Dips	ベンチディップス	벤치 딥스
bench-jump	bodyweightReps	bodyweight	bodyweight	intermediate	quadriceps	calves,glutes,hamstrings	Bench Jump	ベンチジャンプ	벤치 점프
bench-press-powerlifting	weightReps	strength	barbell	intermediate	triceps	chest,forearms,lats,shoulders	Bench Press - Powerlifting	ベンチプレス（パワーリフティング）	벤치 프레스 (파워리프팅)
bench-press-with-bands	weightReps	strength	band	beginner	chest	shoulders,triceps	Bench Press - With Bands	ベンチプレス（バンド）	벤치 프레스 (밴드)
bench-press-with-chains	weightReps	strength	barbell	expert	triceps	chest,lats,shoulders	Bench Press with Chains	ベンチプレス（チェーン）	벤치 프레스 (체인)
bench-sprint	weightReps	strength	other	beginner	quadriceps	calves,glutes,hamstrings	Bench Sprint	ベンチスプリント	벤치 스프린트
bent-arm-barbell-pullover	weightReps	strength	barbell	intermediate	lats	chest,lats,shoulders,triceps	Bent-Arm Barbell Pullover	ベントアームバーベルプルオーバー	벤트암 바벨 풀오버
bent-arm-dumbbell-pullover	weightReps	strength	dumbbell	intermediate	chest	lats,shoulders,triceps	Bent-Arm Dumbbell Pullover	ベントアームダンベルプルオーバー	벤트암 덤벨 풀오버
bent-knee-hip-raise	bodyweightReps	core	bodyweight	beginner	abdominals		Bent-Knee Hip Raise	ベントニーヒップレイズ	벤트니 힙 레이즈
barbell-row	weightReps	strength	barbell	beginner	middle back	biceps,lats,shoulders	Barbell row	ベントオーバーロウ	바벨 로우
bent-over-dumbbell-rear-delt-raise-with-head-on-bench	weightReps	strength	dumbbell	beginner	shoulders		Bent Over Dumbbell Rear Delt Raise With Head On Bench	ベントオーバーダンベルリアデルトレイズ（頭をベンチに）	벤트 오버 덤벨 리어 델트 레이즈 (머리 벤치에)
bent-over-low-pulley-side-lateral	weightReps	strength	cable	beginner	shoulders	lower back,middle back,traps	Bent Over Low-Pulley Side Lateral	ベントオーバーロープーリーサイドラテラル	벤트 오버 로우풀리 사이드 래터럴
bent-over-one-arm-long-bar-row	weightReps	strength	barbell	beginner	middle back	biceps,lats,lower back,traps	Bent Over One-Arm Long Bar Row	ベントオーバーワンアームロングバーロウ	벤트 오버 원암 롱 바 로우
bent-over-two-arm-long-bar-row	weightReps	strength	barbell	intermediate	middle back	biceps,lats	Bent Over Two-Arm Long Bar Row	ベントオーバーツーアームロングバーロウ	벤트 오버 투암 롱 바 로우
bent-over-two-dumbbell-row	weightReps	strength	dumbbell	beginner	middle back	biceps,lats,shoulders	Bent Over Two-Dumbbell Row	ベントオーバーツーダンベルロウ	벤트 오버 투덤벨 로우
bent-over-two-dumbbell-row-with-palms-in	weightReps	strength	dumbbell	beginner	middle back	biceps,lats	Bent Over Two-Dumbbell Row With Palms In	ベントオーバーツーダンベルロウ（パームズイン）	벤트 오버 투덤벨 로우 (팜스 인)
bent-press	weightReps	strength	kettlebell	expert	abdominals	glutes,hamstrings,lower back,quadriceps,shoulders,triceps	Bent Press	ベントプレス	벤트 프레스
bicycling	distanceDuration	cardio	other	beginner	quadriceps	calves,glutes,hamstrings	Bicycling	サイクリング	사이클링
bicycling-stationary	distanceDuration	cardio	machine	beginner	quadriceps	calves,glutes,hamstrings	Bicycling, Stationary	エアロバイク	실내 자전거
board-press	weightReps	strength	barbell	intermediate	triceps	chest,forearms,lats,shoulders	Board Press	ボードプレス	보드 프레스
body-up	bodyweightReps	bodyweight	bodyweight	intermediate	triceps	abdominals,forearms	Body-Up	ボディアップ	보디업
body-tricep-press	bodyweightReps	bodyweight	bodyweight	beginner	triceps		Body Tricep Press	ボディトライセプスプレス	보디 트라이셉 프레스
bodyweight-flyes	weightReps	strength	ez-bar	intermediate	chest	abdominals,shoulders,triceps	Bodyweight Flyes	自重フライ	맨몸 플라이
bodyweight-mid-row	weightReps	strength	other	intermediate	middle back	biceps,lats	Bodyweight Mid Row	自重ミッドロウ	맨몸 미드 로우
squat	bodyweightReps	bodyweight	bodyweight	beginner	quadriceps	glutes,hamstrings	Squat	スクワット	스쿼트
bodyweight-walking-lunge	bodyweightReps	bodyweight		beginner	quadriceps	calves,glutes,hamstrings	Bodyweight Walking Lunge	自重ウォーキングランジ	맨몸 워킹 런지
bosu-ball-cable-crunch-with-side-bends	weightReps	strength	cable	beginner	abdominals		Bosu Ball Cable Crunch With Side Bends	ボスボールケーブルクランチ（サイドベンド）	보수 볼 케이블 크런치 (사이드 벤드)
bottoms-up-clean-from-the-hang-position	weightReps	strength	kettlebell	intermediate	forearms	biceps,shoulders	Bottoms-Up Clean From The Hang Position	ボトムズアップクリーン（ハングポジション）	보텀스업 클린 (행 포지션)
bottoms-up	bodyweightReps	core	bodyweight	beginner	abdominals		Bottoms Up	ボトムズアップ	보텀스 업
box-jump-multiple-response	weightReps	strength	other	beginner	hamstrings	abductors,adductors,calves,glutes,quadriceps	Box Jump (Multiple Response)	ボックスジャンプ（連続）	박스 점프 (연속)
box-skip	weightReps	strength	other	beginner	hamstrings	abductors,adductors,calves,glutes,quadriceps	Box Skip	ボックススキップ	박스 스킵
box-squat	weightReps	strength	barbell	intermediate	quadriceps	adductors,calves,glutes,hamstrings,lower back	Box Squat	ボックススクワット	박스 스쿼트
box-squat-with-bands	weightReps	strength	barbell	expert	quadriceps	abductors,adductors,calves,glutes,hamstrings,lower back	Box Squat with Bands	ボックススクワット（バンド）	박스 스쿼트 (밴드)
box-squat-with-chains	weightReps	strength	barbell	expert	quadriceps	abductors,adductors,calves,glutes,hamstrings,lower back	Box Squat with Chains	ボックススクワット（チェーン）	박스 스쿼트 (체인)
brachialis-smr	duration	stretch	foam-roller	intermediate	biceps		Brachialis-SMR	上腕筋（フォームローラー）	상완근 폼롤러
bradford-rocky-presses	weightReps	strength	barbell	beginner	shoulders	triceps	Bradford/Rocky Presses	ブラッドフォード/ロッキープレス	브래드퍼드/로키 프레스
butt-ups	bodyweightReps	core	bodyweight	beginner	abdominals		Butt-Ups	バットアップ	버트업
glute-bridge	bodyweightReps	bodyweight	bodyweight	beginner	glutes	hamstrings	Glute bridge	ヒップリフト	글루트 브릿지
butterfly	weightReps	strength	machine	beginner	chest		Butterfly	バタフライ	버터플라이
cable-chest-press	weightReps	strength	cable	beginner	chest	shoulders,triceps	Cable Chest Press	ケーブルチェストプレス	케이블 체스트 프레스
cable-crossover	weightReps	strength	cable	beginner	chest	shoulders	Cable Crossover	ケーブルクロスオーバー	케이블 크로스오버
cable-crunch	weightReps	strength	cable	beginner	abdominals		Cable Crunch	ケーブルクランチ	케이블 크런치
cable-deadlifts	weightReps	strength	cable	beginner	quadriceps	forearms,glutes,hamstrings,lower back	Cable Deadlifts	ケーブルデッドリフト	케이블 데드리프트
cable-hammer-curls-rope-attachment	weightReps	strength	cable	beginner	biceps		Cable Hammer Curls - Rope Attachment	ケーブルハンマーカール（ロープアタッチメント）	케이블 해머 컬 (로프 어태치먼트)
cable-hip-adduction	weightReps	strength	cable	beginner	quadriceps		Cable Hip Adduction	ケーブルヒップアダクション	케이블 힙 내전
cable-incline-pushdown	weightReps	strength	cable	beginner	lats		Cable Incline Pushdown	ケーブルインクラインプッシュダウン	케이블 인클라인 푸시다운
cable-incline-triceps-extension	weightReps	strength	cable	beginner	triceps		Cable Incline Triceps Extension	ケーブルインクライントライセプスエクステンション	케이블 인클라인 트라이셉 익스텐션
cable-internal-rotation	weightReps	strength	cable	beginner	shoulders		Cable Internal Rotation	ケーブルインターナルローテーション	케이블 인터널 로테이션
cable-iron-cross	duration	strength	cable	beginner	chest		Cable Iron Cross	ケーブルアイアンクロス	케이블 아이언 크로스
cable-judo-flip	weightReps	strength	cable	beginner	abdominals		Cable Judo Flip	ケーブル柔道フリップ	케이블 유도 플립
cable-lying-triceps-extension	weightReps	strength	cable	beginner	triceps		Cable Lying Triceps Extension	ケーブルライイングトライセプスエクステンション	케이블 라잉 트라이셉 익스텐션
cable-one-arm-tricep-extension	weightReps	strength	cable	beginner	triceps		Cable One Arm Tricep Extension	ケーブルワンアームトライセプスエクステンション	케이블 원암 트라이셉 익스텐션
cable-preacher-curl	weightReps	strength	cable	beginner	biceps	forearms	Cable Preacher Curl	ケーブルプリーチャーカール	케이블 프리처 컬
cable-rear-delt-fly	weightReps	strength	cable	beginner	shoulders		Cable Rear Delt Fly	ケーブルリアデルトフライ	케이블 리어 델트 플라이
cable-reverse-crunch	weightReps	strength	cable	beginner	abdominals		Cable Reverse Crunch	ケーブルリバースクランチ	케이블 리버스 크런치
cable-rope-overhead-triceps-extension	weightReps	strength	cable	beginner	triceps		Cable Rope Overhead Triceps Extension	ケーブルロープオーバーヘッドトライセプスエクステンション	케이블 로프 오버헤드 트라이셉 익스텐션
cable-rope-rear-delt-rows	weightReps	strength	cable	beginner	shoulders	biceps,middle back	Cable Rope Rear-Delt Rows	ケーブルロープリアデルトロウ	케이블 로프 리어델트 로우
cable-russian-twists	weightReps	strength	cable	beginner	abdominals		Cable Russian Twists	ケーブルロシアンツイスト	케이블 러시안 트위스트
cable-seated-crunch	weightReps	strength	cable	beginner	abdominals		Cable Seated Crunch	ケーブルシーテッドクランチ	케이블 시티드 크런치
cable-seated-lateral-raise	weightReps	strength	cable	beginner	shoulders	middle back,traps	Cable Seated Lateral Raise	ケーブルシーテッドラテラルレイズ	케이블 시티드 래터럴 레이즈
cable-shoulder-press	weightReps	strength	cable	beginner	shoulders	triceps	Cable Shoulder Press	ケーブルショルダープレス	케이블 숄더 프레스
cable-shrugs	weightReps	strength	cable	beginner	traps		Cable Shrugs	ケーブルシュラッグ	케이블 슈러그
cable-wrist-curl	weightReps	strength	cable	beginner	forearms		Cable Wrist Curl	ケーブルリストカール	케이블 리스트 컬
calf-machine-shoulder-shrug	weightReps	strength	machine	beginner	traps		Calf-Machine Shoulder Shrug	カーフマシンショルダーシュラッグ	카프머신 숄더 슈러그
calf-press	weightReps	strength	machine	beginner	calves		Calf Press	カーフプレス	카프 프레스
calf-press-on-the-leg-press-machine	weightReps	strength	machine	beginner	calves		Calf Press On The Leg Press Machine	レッグプレスマシンでのカーフプレス	레그 프레스 머신 카프 프레스
calf-raise-on-a-dumbbell	weightReps	strength	dumbbell	intermediate	calves		Calf Raise On A Dumbbell	カーフレイズ（ダンベル上）	카프 레이즈 (덤벨 위)
calf-raises-with-bands	weightReps	strength	band	beginner	calves		Calf Raises - With Bands	カーフレイズ（バンド）	카프 레이즈 (밴드)
calf-stretch-elbows-against-wall	duration	stretch		beginner	calves		Calf Stretch Elbows Against Wall	カーフストレッチ（肘を壁に）	카프 스트레칭 (팔꿈치 벽에)
calf-stretch-hands-against-wall	duration	stretch		beginner	calves		Calf Stretch Hands Against Wall	カーフストレッチ（手を壁に）	카프 스트레칭 (손 벽에)
calves-smr	duration	stretch	foam-roller	intermediate	calves		Calves-SMR	ふくらはぎ（フォームローラー）	종아리 폼롤러
car-deadlift	weightReps	strength	other	intermediate	quadriceps	forearms,glutes,hamstrings,lower back,traps	Car Deadlift	カーデッドリフト	카 데드리프트
car-drivers	weightReps	strength	barbell	beginner	shoulders	forearms	Car Drivers	カードライバー	카 드라이버
carioca-quick-step	bodyweightReps	bodyweight		beginner	adductors	abdominals,abductors,calves,glutes,hamstrings,quadriceps	Carioca Quick Step	カリオカクイックステップ	카리오카 퀵 스텝
cat-stretch	duration	stretch		beginner	lower back	middle back,traps	Cat Stretch	キャットストレッチ	캣 스트레칭
catch-and-overhead-throw	weightReps	strength	medicine-ball	beginner	lats	abdominals,chest,shoulders	Catch and Overhead Throw	キャッチ&オーバーヘッドスロー	캐치 앤 오버헤드 스로
chain-handle-extension	weightReps	strength	other	intermediate	triceps		Chain Handle Extension	チェーンハンドルエクステンション	체인 핸들 익스텐션
chain-press	weightReps	strength	other	intermediate	chest	shoulders,triceps	Chain Press	チェーンプレス	체인 프레스
chair-leg-extended-stretch	duration	stretch	other	beginner	hamstrings	adductors	Chair Leg Extended Stretch	チェアレッグエクステンデッドストレッチ	체어 레그 익스텐디드 스트레칭
chair-lower-back-stretch	duration	stretch		beginner	lats	lower back	Chair Lower Back Stretch	チェアロワーバックストレッチ	체어 로어 백 스트레칭
chair-squat	weightReps	strength	machine	beginner	quadriceps	calves,glutes,hamstrings	Chair Squat	チェアスクワット	체어 스쿼트
chair-upper-body-stretch	duration	stretch	other	beginner	shoulders	biceps,chest	Chair Upper Body Stretch	チェアアッパーボディストレッチ	체어 어퍼 보디 스트레칭
chest-and-front-of-shoulder-stretch	duration	stretch	other	beginner	chest	shoulders	Chest And Front Of Shoulder Stretch	チェスト&フロントショルダーストレッチ	체스트 앤 프론트 숄더 스트레칭
chest-push-from-3-point-stance	weightReps	strength	medicine-ball	beginner	chest	abdominals,shoulders,triceps	Chest Push from 3 point stance	チェストプッシュ（3ポイントスタンス）	체스트 푸시 (3 포인트 스탠스)
chest-push-multiple-response	weightReps	strength	medicine-ball	beginner	chest	abdominals,shoulders,triceps	Chest Push (multiple response)	チェストプッシュ（連続）	체스트 푸시 (연속)
chest-push-single-response	weightReps	strength	medicine-ball	beginner	chest	abdominals,shoulders,triceps	Chest Push (single response)	チェストプッシュ（単発）	체스트 푸시 (단발)
chest-push-with-run-release	weightReps	strength	medicine-ball	beginner	chest	abdominals,shoulders,triceps	Chest Push with Run Release	チェストプッシュ（ランリリース）	체스트 푸시 (런 릴리스)
chest-stretch-on-stability-ball	duration	stretch	exercise-ball	beginner	chest		Chest Stretch on Stability Ball	チェストストレッチ（バランスボール）	체스트 스트레칭 (짐 볼)
childs-pose	duration	stretch		beginner	lower back	glutes,middle back	Child's pose	チャイルドポーズ	아기 자세
chin-up	bodyweightReps	bodyweight	bodyweight	beginner	lats	biceps,forearms,middle back	Chin-Up	チンニング（チンアップ）	친업
chin-to-chest-stretch	duration	stretch		beginner	neck	traps	Chin To Chest Stretch	あご引きストレッチ	턱 당기기 스트레칭
circus-bell	weightReps	strength	other	expert	shoulders	forearms,glutes,hamstrings,lower back,traps,triceps	Circus Bell	サーカスベル	서커스 벨
clean	weightReps	strength	barbell	intermediate	hamstrings	calves,forearms,glutes,lower back,quadriceps,shoulders,traps	Clean	クリーン	클린
clean-deadlift	weightReps	strength	barbell	beginner	hamstrings	forearms,glutes,lower back,middle back,quadriceps,traps	Clean Deadlift	クリーンデッドリフト	클린 데드리프트
clean-pull	weightReps	strength	barbell	intermediate	quadriceps	forearms,glutes,hamstrings,lower back,traps	Clean Pull	クリーンプル	클린 풀
clean-shrug	weightReps	strength	barbell	beginner	traps	forearms,shoulders	Clean Shrug	クリーンシュラッグ	클린 슈러그
clean-and-jerk	weightReps	strength	barbell	expert	shoulders	abdominals,glutes,hamstrings,lower back,quadriceps,traps,triceps	Clean and Jerk	クリーン&ジャーク	클린 앤 저크
clean-and-press	weightReps	strength	barbell	intermediate	shoulders	abdominals,calves,glutes,hamstrings,lower back,middle back,quadriceps,shoulders,traps,triceps	Clean and Press	クリーン&プレス	클린 앤 프레스
clean-from-blocks	weightReps	strength	barbell	intermediate	quadriceps	calves,glutes,hamstrings,shoulders,traps	Clean from Blocks	クリーン（ブロック）	클린 (블록)
clock-push-up	bodyweightReps	bodyweight	bodyweight	intermediate	chest	shoulders,triceps	Clock Push-Up	クロックプッシュアップ	클락 푸시업
close-grip-barbell-bench-press	weightReps	strength	barbell	beginner	triceps	chest,shoulders	Close-Grip Barbell Bench Press	クローズグリップバーベルベンチプレス	클로즈그립 바벨 벤치 프레스
close-grip-dumbbell-press	weightReps	strength	dumbbell	beginner	triceps	chest,shoulders	Close-Grip Dumbbell Press	クローズグリップダンベルプレス	클로즈그립 덤벨 프레스
close-grip-ez-bar-curl-with-band	weightReps	strength	ez-bar	beginner	biceps	forearms	Close-Grip EZ-Bar Curl with Band	クローズグリップEZバーカール（バンド）	클로즈그립 EZ바 컬 (밴드)
close-grip-ez-bar-press	weightReps	strength	ez-bar	beginner	triceps	chest,shoulders	Close-Grip EZ-Bar Press	クローズグリップEZバープレス	클로즈그립 EZ바 프레스
close-grip-ez-bar-curl	weightReps	strength	barbell	beginner	biceps	forearms	Close-Grip EZ Bar Curl	クローズグリップEZバーカール	클로즈그립 EZ 바 컬
close-grip-front-lat-pulldown	weightReps	strength	cable	beginner	lats	biceps,middle back,shoulders	Close-Grip Front Lat Pulldown	クローズグリップフロントラットプルダウン	클로즈그립 프론트 랫 풀다운
close-grip-push-up-off-of-a-dumbbell	bodyweightReps	bodyweight	bodyweight	intermediate	triceps	abdominals,chest,shoulders	Close-Grip Push-Up off of a Dumbbell	クローズグリッププッシュアップ（ダンベル上）	클로즈그립 푸시업 (덤벨 위)
close-grip-standing-barbell-curl	weightReps	strength	barbell	beginner	biceps	forearms	Close-Grip Standing Barbell Curl	クローズグリップスタンディングバーベルカール	클로즈그립 스탠딩 바벨 컬
cocoons	bodyweightReps	core	bodyweight	beginner	abdominals		Cocoons	コクーン	코쿤
conans-wheel	weightReps	strength	other	intermediate	quadriceps	abdominals,biceps,calves,forearms,lower back,shoulders,traps	Conan's Wheel	コナンズホイール	코난스 휠
concentration-curls	weightReps	strength	dumbbell	beginner	biceps	forearms	Concentration Curls	コンセントレーションカール	컨센트레이션 컬
cross-body-crunch	bodyweightReps	core	bodyweight	beginner	abdominals		Cross-Body Crunch	クロスボディクランチ	크로스보디 크런치
cross-body-hammer-curl	weightReps	strength	dumbbell	beginner	biceps	forearms	Cross Body Hammer Curl	クロスボディハンマーカール	크로스 보디 해머 컬
cross-over-with-bands	weightReps	strength	band	beginner	chest	biceps,shoulders	Cross Over - With Bands	クロスオーバー（バンド）	크로스 오버 (밴드)
crossover-reverse-lunge	duration	stretch		intermediate	lower back	abdominals,abductors,glutes,hamstrings,quadriceps	Crossover Reverse Lunge	クロスオーバーリバースランジストレッチ	크로스오버 리버스 런지 스트레칭
crucifix	weightReps	strength	other	beginner	shoulders	forearms	Crucifix	クルシフィックス	크루시픽스
crunch-hands-overhead	bodyweightReps	core	bodyweight	beginner	abdominals		Crunch - Hands Overhead	クランチ（手を頭上に）	크런치 (손 머리 위로)
crunch-legs-on-exercise-ball	bodyweightReps	core	bodyweight	beginner	abdominals		Crunch - Legs On Exercise Ball	クランチ（脚をバランスボールに）	크런치 (다리를 짐볼에)
crunch	bodyweightReps	core	bodyweight	beginner	abdominals		Crunch	クランチ	크런치
cuban-press	weightReps	strength	dumbbell	intermediate	shoulders	traps	Cuban Press	キューバンプレス	쿠반 프레스
dancers-stretch	duration	stretch		beginner	lower back	abductors,glutes	Dancer's Stretch	ダンサーストレッチ	댄서 스트레칭
dead-bug	bodyweightReps	core	bodyweight	beginner	abdominals		Dead Bug	デッドバグ	데드 버그
deadlift-with-bands	weightReps	strength	barbell	expert	lower back	forearms,glutes,hamstrings,middle back,quadriceps,traps	Deadlift with Bands	デッドリフト（バンド）	데드리프트 (밴드)
deadlift-with-chains	weightReps	strength	barbell	expert	lower back	forearms,glutes,hamstrings,middle back,quadriceps,traps	Deadlift with Chains	デッドリフト（チェーン）	데드리프트 (체인)
decline-barbell-bench-press	weightReps	strength	barbell	beginner	chest	shoulders,triceps	Decline Barbell Bench Press	デクラインバーベルベンチプレス	디클라인 바벨 벤치 프레스
decline-close-grip-bench-to-skull-crusher	weightReps	strength	barbell	intermediate	triceps	chest,shoulders	Decline Close-Grip Bench To Skull Crusher	デクラインクローズグリップベンチ→スカルクラッシャー	디클라인 클로즈그립 벤치 → 스컬 크러셔
decline-crunch	bodyweightReps	core	bodyweight	intermediate	abdominals		Decline Crunch	デクラインクランチ	디클라인 크런치
decline-dumbbell-bench-press	weightReps	strength	dumbbell	beginner	chest	shoulders,triceps	Decline Dumbbell Bench Press	デクラインダンベルベンチプレス	디클라인 덤벨 벤치 프레스
decline-dumbbell-flyes	weightReps	strength	dumbbell	beginner	chest		Decline Dumbbell Flyes	デクラインダンベルフライ	디클라인 덤벨 플라이
decline-dumbbell-triceps-extension	weightReps	strength	dumbbell	beginner	triceps		Decline Dumbbell Triceps Extension	デクラインダンベルトライセプスエクステンション	디클라인 덤벨 트라이셉 익스텐션
decline-ez-bar-triceps-extension	weightReps	strength	barbell	beginner	triceps		Decline EZ Bar Triceps Extension	デクラインEZバートライセプスエクステンション	디클라인 EZ 바 트라이셉 익스텐션
decline-oblique-crunch	bodyweightReps	core	bodyweight	beginner	abdominals		Decline Oblique Crunch	デクラインオブリーククランチ	디클라인 오블리크 크런치
decline-push-up	bodyweightReps	bodyweight		beginner	chest	shoulders,triceps	Decline Push-Up	デクラインプッシュアップ	디클라인 푸시업
decline-reverse-crunch	bodyweightReps	core	bodyweight	beginner	abdominals		Decline Reverse Crunch	デクラインリバースクランチ	디클라인 리버스 크런치
decline-smith-press	weightReps	strength	machine	beginner	chest	shoulders,triceps	Decline Smith Press	デクラインスミスプレス	디클라인 스미스 프레스
deficit-deadlift	weightReps	strength	barbell	intermediate	lower back	forearms,glutes,hamstrings,middle back,quadriceps,traps	Deficit Deadlift	デフィシットデッドリフト	디피싯 데드리프트
depth-jump-leap	weightReps	strength	other	beginner	quadriceps	abductors,adductors,calves,glutes,hamstrings	Depth Jump Leap	デプスジャンプリープ	뎁스 점프 리프
dip-machine	weightReps	strength	machine	beginner	triceps	chest,shoulders	Dip Machine	ディップマシン	딥 머신
dips-chest-version	weightReps	strength	other	intermediate	chest	shoulders,triceps	Dips - Chest Version	ディップス（チェスト）	딥스 (체스트)
dips-triceps-version	bodyweightReps	bodyweight	bodyweight	beginner	triceps	chest,shoulders	Dips - Triceps Version	ディップス（トライセプス）	딥스 (트라이셉)
donkey-calf-raises	weightReps	strength	other	intermediate	calves		Donkey Calf Raises	ドンキーカーフレイズ	덩키 카프 레이즈
double-kettlebell-alternating-hang-clean	weightReps	strength	kettlebell	intermediate	hamstrings	biceps,calves,forearms,glutes,lower back,quadriceps,traps	Double Kettlebell Alternating Hang Clean	ダブルケトルベルオルタネイトハングクリーン	더블 케틀벨 얼터네이팅 행 클린
double-kettlebell-jerk	weightReps	strength	kettlebell	intermediate	shoulders	calves,quadriceps,triceps	Double Kettlebell Jerk	ダブルケトルベルジャーク	더블 케틀벨 저크
double-kettlebell-push-press	weightReps	strength	kettlebell	intermediate	shoulders	calves,quadriceps,triceps	Double Kettlebell Push Press	ダブルケトルベルプッシュプレス	더블 케틀벨 푸시 프레스
double-kettlebell-snatch	weightReps	strength	kettlebell	expert	shoulders	glutes,hamstrings,quadriceps	Double Kettlebell Snatch	ダブルケトルベルスナッチ	더블 케틀벨 스내치
double-kettlebell-windmill	weightReps	strength	kettlebell	intermediate	abdominals	glutes,hamstrings,shoulders,triceps	Double Kettlebell Windmill	ダブルケトルベルウィンドミル	더블 케틀벨 윈드밀
double-leg-butt-kick	bodyweightReps	bodyweight	bodyweight	beginner	quadriceps	abductors,adductors,calves,glutes,hamstrings	Double Leg Butt Kick	ダブルレッグバットキック	더블 레그 버트 킥
downward-facing-balance	duration	bodyweight	exercise-ball	intermediate	glutes	abdominals,hamstrings	Downward Facing Balance	ダウンワードバランス	다운워드 밸런스
drag-curl	weightReps	strength	barbell	intermediate	biceps	forearms	Drag Curl	ドラッグカール	드래그 컬
drop-push	weightReps	strength	other	intermediate	chest	shoulders,triceps	Drop Push	ドロッププッシュ	드롭 푸시
dumbbell-alternate-bicep-curl	weightReps	strength	dumbbell	beginner	biceps	forearms	Dumbbell Alternate Bicep Curl	ダンベルオルタネイトバイセップスカール	덤벨 얼터네이트 바이셉 컬
dumbbell-bench-press	weightReps	strength	dumbbell	beginner	chest	shoulders,triceps	Dumbbell Bench Press	ダンベルベンチプレス	덤벨 벤치 프레스
dumbbell-bench-press-with-neutral-grip	weightReps	strength	dumbbell	beginner	chest	shoulders,triceps	Dumbbell Bench Press with Neutral Grip	ダンベルベンチプレス（ニュートラルグリップ）	덤벨 벤치 프레스 (뉴트럴 그립)
dumbbell-curl	weightReps	strength	dumbbell	beginner	biceps	forearms	Dumbbell curl	ダンベルカール	덤벨 컬
dumbbell-clean	weightReps	strength	dumbbell	intermediate	hamstrings	calves,forearms,glutes,lower back,quadriceps,shoulders,traps	Dumbbell Clean	ダンベルクリーン	덤벨 클린
dumbbell-floor-press	weightReps	strength	dumbbell	intermediate	triceps	chest,shoulders	Dumbbell Floor Press	ダンベルフロアプレス	덤벨 플로어 프레스
dumbbell-flyes	weightReps	strength	dumbbell	beginner	chest		Dumbbell Flyes	ダンベルフライ	덤벨 플라이
dumbbell-incline-row	weightReps	strength	dumbbell	beginner	middle back	biceps,forearms,lats,shoulders	Dumbbell Incline Row	ダンベルインクラインロウ	덤벨 인클라인 로우
dumbbell-incline-shoulder-raise	weightReps	strength	dumbbell	beginner	shoulders	triceps	Dumbbell Incline Shoulder Raise	ダンベルインクラインショルダーレイズ	덤벨 인클라인 숄더 레이즈
dumbbell-lunges	weightReps	strength	dumbbell	beginner	quadriceps	calves,glutes,hamstrings	Dumbbell Lunges	ダンベルランジ	덤벨 런지
dumbbell-lying-one-arm-rear-lateral-raise	weightReps	strength	dumbbell	intermediate	shoulders	middle back	Dumbbell Lying One-Arm Rear Lateral Raise	ダンベルライイングワンアームリアラテラルレイズ	덤벨 라잉 원암 리어 래터럴 레이즈
dumbbell-lying-pronation	weightReps	strength	dumbbell	intermediate	forearms		Dumbbell Lying Pronation	ダンベルライイングプロネーション	덤벨 라잉 회내
dumbbell-lying-rear-lateral-raise	weightReps	strength	dumbbell	intermediate	shoulders		Dumbbell Lying Rear Lateral Raise	ダンベルライイングリアラテラルレイズ	덤벨 라잉 리어 래터럴 레이즈
dumbbell-lying-supination	weightReps	strength	dumbbell	intermediate	forearms		Dumbbell Lying Supination	ダンベルライイングスピネーション	덤벨 라잉 회외
dumbbell-one-arm-shoulder-press	weightReps	strength	dumbbell	intermediate	shoulders	triceps	Dumbbell One-Arm Shoulder Press	ダンベルワンアームショルダープレス	덤벨 원암 숄더 프레스
dumbbell-one-arm-triceps-extension	weightReps	strength	dumbbell	intermediate	triceps		Dumbbell One-Arm Triceps Extension	ダンベルワンアームトライセプスエクステンション	덤벨 원암 트라이셉 익스텐션
dumbbell-one-arm-upright-row	weightReps	strength	dumbbell	intermediate	shoulders	biceps,traps	Dumbbell One-Arm Upright Row	ダンベルワンアームアップライトロウ	덤벨 원암 업라이트 로우
dumbbell-prone-incline-curl	weightReps	strength	dumbbell	intermediate	biceps		Dumbbell Prone Incline Curl	ダンベルプローンインクラインカール	덤벨 프론 인클라인 컬
dumbbell-raise	weightReps	strength	dumbbell	beginner	shoulders	biceps	Dumbbell Raise	ダンベルレイズ	덤벨 레이즈
dumbbell-rear-lunge	weightReps	strength	dumbbell	intermediate	quadriceps	calves,glutes,hamstrings	Dumbbell Rear Lunge	ダンベルリアランジ	덤벨 리어 런지
dumbbell-scaption	weightReps	strength	dumbbell	beginner	shoulders	traps	Dumbbell Scaption	ダンベルスキャプション	덤벨 스캡션
dumbbell-seated-box-jump	weightReps	strength	dumbbell	intermediate	quadriceps	calves,glutes,hamstrings	Dumbbell Seated Box Jump	ダンベルシーテッドボックスジャンプ	덤벨 시티드 박스 점프
dumbbell-seated-one-leg-calf-raise	weightReps	strength	dumbbell	beginner	calves		Dumbbell Seated One-Leg Calf Raise	ダンベルシーテッドワンレッグカーフレイズ	덤벨 시티드 원레그 카프 레이즈
dumbbell-shoulder-press	weightReps	strength	dumbbell	intermediate	shoulders	triceps	Dumbbell Shoulder Press	ダンベルショルダープレス	덤벨 숄더 프레스
dumbbell-shrug	weightReps	strength	dumbbell	beginner	traps		Dumbbell Shrug	ダンベルシュラッグ	덤벨 슈러그
dumbbell-side-bend	weightReps	strength	dumbbell	beginner	abdominals		Dumbbell Side Bend	ダンベルサイドベンド	덤벨 사이드 벤드
dumbbell-squat	weightReps	strength	dumbbell	beginner	quadriceps	calves,glutes,hamstrings,lower back	Dumbbell Squat	ダンベルスクワット	덤벨 스쿼트
dumbbell-squat-to-a-bench	weightReps	strength	dumbbell	intermediate	quadriceps	calves,glutes,hamstrings,lower back	Dumbbell Squat To A Bench	ダンベルスクワット（ベンチ）	덤벨 스쿼트 (벤치)
dumbbell-step-ups	weightReps	strength	dumbbell	intermediate	quadriceps	calves,glutes,hamstrings	Dumbbell Step Ups	ダンベルステップアップ	덤벨 스텝 업
dumbbell-tricep-extension-pronated-grip	weightReps	strength	dumbbell	beginner	triceps		Dumbbell Tricep Extension -Pronated Grip	ダンベルトライセプスエクステンション（プロネイトグリップ）	덤벨 트라이셉 익스텐션 (프로네이티드 그립)
dynamic-back-stretch	duration	stretch		beginner	lats		Dynamic Back Stretch	ダイナミックバックストレッチ	다이나믹 백 스트레칭
dynamic-chest-stretch	duration	stretch		beginner	chest	middle back	Dynamic Chest Stretch	ダイナミックチェストストレッチ	다이나믹 체스트 스트레칭
ez-bar-curl	weightReps	strength	ez-bar	beginner	biceps		EZ-Bar Curl	EZバーカール	EZ바 컬
ez-bar-skullcrusher	weightReps	strength	ez-bar	beginner	triceps	forearms	EZ-Bar Skullcrusher	EZバースカルクラッシャー	EZ바 스컬크러셔
elbow-circles	duration	stretch		beginner	shoulders	traps	Elbow Circles	肘サークルストレッチ	팔꿈치 서클 스트레칭
elbow-to-knee	bodyweightReps	core	bodyweight	beginner	abdominals		Elbow to Knee	エルボートゥニー	엘보 투 니
elbows-back	duration	stretch		beginner	chest	shoulders	Elbows Back	肘バックストレッチ	팔꿈치 백 스트레칭
elevated-back-lunge	weightReps	strength	barbell	intermediate	quadriceps	glutes,hamstrings	Elevated Back Lunge	エレベーテッドバックランジ	엘리베이티드 백 런지
elevated-cable-rows	weightReps	strength	cable	intermediate	lats	middle back,traps	Elevated Cable Rows	エレベーテッドケーブルロウ	엘리베이티드 케이블 로우
elliptical-trainer	distanceDuration	cardio	machine	intermediate	quadriceps	calves,glutes,hamstrings	Elliptical Trainer	エリプティカルトレーナー	일립티컬 트레이너
exercise-ball-crunch	weightReps	core	exercise-ball	beginner	abdominals		Exercise Ball Crunch	エクササイズボールクランチ	운동 볼 크런치
exercise-ball-pull-in	weightReps	core	exercise-ball	beginner	abdominals		Exercise Ball Pull-In	エクササイズボールプルイン	운동 볼 풀인
extended-range-one-arm-kettlebell-floor-press	weightReps	strength	kettlebell	beginner	chest	shoulders,triceps	Extended Range One-Arm Kettlebell Floor Press	エクステンデッドレンジワンアームケトルベルフロアプレス	익스텐디드 레인지 원암 케틀벨 플로어 프레스
external-rotation	weightReps	strength	dumbbell	beginner	shoulders		External Rotation	エクスターナルローテーション	익스터널 로테이션
external-rotation-with-band	weightReps	strength	band	beginner	shoulders		External Rotation with Band	エクスターナルローテーション（バンド）	익스터널 로테이션 (밴드)
external-rotation-with-cable	weightReps	strength	cable	beginner	shoulders		External Rotation with Cable	エクスターナルローテーション（ケーブル）	익스터널 로테이션 (케이블)
face-pull	weightReps	strength	cable	intermediate	shoulders	middle back	Face Pull	フェイスプル	페이스 풀
farmers-walk	weightDistance	strength	other	intermediate	forearms	abdominals,glutes,hamstrings,lower back,quadriceps,traps	Farmer's Walk	ファーマーズウォーク	파머스 워크
fast-skipping	bodyweightReps	bodyweight	bodyweight	beginner	quadriceps	abductors,adductors,calves,glutes,hamstrings	Fast Skipping	ファストスキップ	패스트 스키핑
finger-curls	weightReps	strength	barbell	beginner	forearms		Finger Curls	フィンガーカール	핑거 컬
flat-bench-cable-flyes	weightReps	strength	cable	intermediate	chest		Flat Bench Cable Flyes	フラットベンチケーブルフライ	플랫 벤치 케이블 플라이
flat-bench-leg-pull-in	bodyweightReps	core	bodyweight	beginner	abdominals		Flat Bench Leg Pull-In	フラットベンチレッグプルイン	플랫 벤치 레그 풀인
flat-bench-lying-leg-raise	bodyweightReps	core	bodyweight	beginner	abdominals		Flat Bench Lying Leg Raise	フラットベンチライイングレッグレイズ	플랫 벤치 라잉 레그 레이즈
flexor-incline-dumbbell-curls	weightReps	strength	dumbbell	beginner	biceps		Flexor Incline Dumbbell Curls	フレクサーインクラインダンベルカール	굴근 인클라인 덤벨 컬
floor-glute-ham-raise	bodyweightReps	bodyweight		intermediate	hamstrings	calves,glutes	Floor Glute-Ham Raise	フロアグルートハムレイズ	플로어 글루트햄 레이즈
floor-press	weightReps	strength	barbell	intermediate	triceps	chest,shoulders	Floor Press	フロアプレス	플로어 프레스
floor-press-with-chains	weightReps	strength	barbell	intermediate	triceps	chest,shoulders	Floor Press with Chains	フロアプレス（チェーン）	플로어 프레스 (체인)
flutter-kicks	bodyweightReps	bodyweight	bodyweight	beginner	glutes	hamstrings	Flutter Kicks	フラッターキック	플러터 킥
foot-smr	duration	stretch	other	intermediate	calves		Foot-SMR	足裏（フォームローラー）	발바닥 폼롤러
forward-drag-with-press	weightDistance	strength	other	intermediate	chest	calves,glutes,hamstrings,quadriceps,shoulders,triceps	Forward Drag with Press	フォワードドラッグ（プレス）	포워드 드래그 (프레스)
frankenstein-squat	weightReps	strength	barbell	intermediate	quadriceps	abdominals,calves,glutes,hamstrings	Frankenstein Squat	フランケンシュタインスクワット	프랑켄슈타인 스쿼트
freehand-jump-squat	bodyweightReps	bodyweight	bodyweight	intermediate	quadriceps	calves,glutes,hamstrings	Freehand Jump Squat	フリーハンドジャンプスクワット	프리핸드 점프 스쿼트
frog-hops	duration	stretch		intermediate	quadriceps	calves,glutes,hamstrings	Frog Hops	フロッグホップストレッチ	프로그 홉 스트레칭
frog-sit-ups	bodyweightReps	core	bodyweight	intermediate	abdominals		Frog Sit-Ups	フロッグシットアップ	프로그 싯업
front-barbell-squat	weightReps	strength	barbell	expert	quadriceps	calves,glutes,hamstrings	Front Barbell Squat	フロントバーベルスクワット	프론트 바벨 스쿼트
front-barbell-squat-to-a-bench	weightReps	strength	barbell	expert	quadriceps	calves,glutes,hamstrings	Front Barbell Squat To A Bench	フロントバーベルスクワット（ベンチ）	프론트 바벨 스쿼트 (벤치)
front-box-jump	weightReps	strength	other	beginner	hamstrings	abductors,adductors,calves,glutes,quadriceps	Front Box Jump	フロントボックスジャンプ	프론트 박스 점프
front-cable-raise	weightReps	strength	cable	beginner	shoulders		Front Cable Raise	フロントケーブルレイズ	프론트 케이블 레이즈
front-cone-hops-or-hurdle-hops	weightReps	strength	other	beginner	quadriceps	abductors,adductors,calves,glutes,hamstrings	Front Cone Hops (or hurdle hops)	フロントコーンホップ（ハードルホップ）	프론트 콘 홉 (허들 홉)
front-dumbbell-raise	weightReps	strength	dumbbell	beginner	shoulders		Front Dumbbell Raise	フロントダンベルレイズ	프론트 덤벨 레이즈
front-incline-dumbbell-raise	weightReps	strength	dumbbell	beginner	shoulders		Front Incline Dumbbell Raise	フロントインクラインダンベルレイズ	프론트 인클라인 덤벨 레이즈
front-leg-raises	duration	stretch	bodyweight	beginner	hamstrings		Front Leg Raises	フロントレッグレイズストレッチ	프론트 레그 레이즈 스트레칭
front-plate-raise	weightReps	strength	other	intermediate	shoulders		Front Plate Raise	フロントプレートレイズ	프론트 플레이트 레이즈
front-raise-and-pullover	weightReps	strength	barbell	beginner	chest	lats,shoulders,triceps	Front Raise And Pullover	フロントレイズ&プルオーバー	프론트 레이즈 앤 풀오버
front-squat-clean-grip	weightReps	strength	barbell	intermediate	quadriceps	abdominals,glutes,hamstrings	Front Squat (Clean Grip)	フロントスクワット（クリーングリップ）	프론트 스쿼트 (클린 그립)
front-squats-with-two-kettlebells	weightReps	strength	kettlebell	intermediate	quadriceps	calves,glutes	Front Squats With Two Kettlebells	フロントスクワット（ツーケトルベル）	프론트 스쿼트 (투 케틀벨)
front-two-dumbbell-raise	weightReps	strength	dumbbell	beginner	shoulders		Front Two-Dumbbell Raise	フロントツーダンベルレイズ	프론트 투덤벨 레이즈
full-range-of-motion-lat-pulldown	weightReps	strength	cable	intermediate	lats	biceps,middle back,shoulders	Full Range-Of-Motion Lat Pulldown	フルレンジモーションラットプルダウン	풀 레인지모션 랫 풀다운
gironda-sternum-chins	weightReps	strength	other	intermediate	lats	biceps,middle back	Gironda Sternum Chins	ジロンダスターナムチンアップ	지론다 스터넘 친업
glute-ham-raise	weightReps	strength	machine	intermediate	hamstrings	calves,glutes	Glute Ham Raise	グルートハムレイズ	글루트 햄 레이즈
glute-kickback	bodyweightReps	bodyweight	bodyweight	beginner	glutes	hamstrings	Glute Kickback	グルートキックバック	글루트 킥백
goblet-squat	weightReps	strength	kettlebell	beginner	quadriceps	calves,glutes,hamstrings,shoulders	Goblet Squat	ゴブレットスクワット	고블릿 스쿼트
good-morning	weightReps	strength	barbell	intermediate	hamstrings	abdominals,glutes,lower back	Good Morning	グッドモーニング	굿 모닝
good-morning-off-pins	weightReps	strength	barbell	intermediate	hamstrings	abdominals,glutes,lower back	Good Morning off Pins	グッドモーニング（ピン）	굿 모닝 (핀)
gorilla-chin-crunch	bodyweightReps	core	bodyweight	intermediate	abdominals	biceps,lats	Gorilla Chin/Crunch	ゴリラチン/クランチ	고릴라 친/크런치
groin-and-back-stretch	duration	stretch		intermediate	adductors		Groin and Back Stretch	股関節&バックストレッチ	사타구니 앤 백 스트레칭
groiners	duration	stretch	bodyweight	intermediate	adductors		Groiners	グロイナーストレッチ	그로이너 스트레칭
hack-squat	weightReps	strength	machine	beginner	quadriceps	calves,glutes,hamstrings	Hack Squat	ハックスクワット	핵 스쿼트
hammer-curls	weightReps	strength	dumbbell	beginner	biceps		Hammer Curls	ハンマーカール	해머 컬
hammer-grip-incline-db-bench-press	weightReps	strength	dumbbell	beginner	chest	shoulders,triceps	Hammer Grip Incline DB Bench Press	ハンマーグリップインクラインダンベルベンチプレス	해머 그립 인클라인 덤벨 벤치 프레스
hamstring-smr	duration	stretch	foam-roller	beginner	hamstrings		Hamstring-SMR	ハムストリング（フォームローラー）	햄스트링 폼롤러
hamstring-stretch	duration	stretch		beginner	hamstrings		Hamstring stretch	ハムストリングのストレッチ	햄스트링 스트레칭
handstand-push-ups	bodyweightReps	bodyweight	bodyweight	expert	shoulders	triceps	Handstand Push-Ups	ハンドスタンドプッシュアップ	핸드스탠드 푸시업
hang-clean	weightReps	strength	barbell	intermediate	quadriceps	calves,forearms,glutes,hamstrings,lower back,shoulders,traps	Hang Clean	ハングクリーン	행 클린
hang-clean-below-the-knees	weightReps	strength	barbell	intermediate	quadriceps	calves,forearms,glutes,hamstrings,lower back,shoulders,traps	Hang Clean - Below the Knees	ハングクリーン（膝下）	행 클린 (무릎 아래)
hang-snatch	weightReps	strength	barbell	expert	hamstrings	abdominals,calves,forearms,glutes,lower back,quadriceps,shoulders,traps	Hang Snatch	ハングスナッチ	행 스내치
hang-snatch-below-knees	weightReps	strength	barbell	expert	hamstrings	abdominals,calves,forearms,glutes,lower back,quadriceps,shoulders,traps	Hang Snatch - Below Knees	ハングスナッチ（膝下）	행 스내치 (무릎 아래)
hanging-bar-good-morning	weightReps	strength	barbell	intermediate	hamstrings	abdominals,glutes,lower back	Hanging Bar Good Morning	ハンギングバーグッドモーニング	행잉 바 굿 모닝
hanging-leg-raise	bodyweightReps	core	bodyweight	expert	abdominals		Hanging Leg Raise	ハンギングレッグレイズ	행잉 레그 레이즈
hanging-pike	bodyweightReps	core	bodyweight	expert	abdominals		Hanging Pike	ハンギングパイク	행잉 파이크
heaving-snatch-balance	weightReps	strength	barbell	intermediate	quadriceps	abdominals,forearms,glutes,hamstrings,shoulders,triceps	Heaving Snatch Balance	ヒービングスナッチバランス	히빙 스내치 밸런스
heavy-bag-thrust	weightReps	strength	other	beginner	chest	abdominals,shoulders,triceps	Heavy Bag Thrust	ヘビーバッグスラスト	헤비 백 스러스트
high-cable-curls	weightReps	strength	cable	intermediate	biceps		High Cable Curls	ハイケーブルカール	하이 케이블 컬
hip-circles-prone	duration	stretch	bodyweight	beginner	abductors	adductors	Hip Circles (prone)	ヒップサークル（うつ伏せ）ストレッチ	힙 서클 (엎드려) 스트레칭
hip-extension-with-bands	weightReps	strength	band	beginner	glutes	hamstrings	Hip Extension with Bands	ヒップエクステンション（バンド）	힙 익스텐션 (밴드)
hip-flexion-with-band	weightReps	strength	band	beginner	quadriceps		Hip Flexion with Band	ヒップフレクション（バンド）	힙 굴곡 (밴드)
hip-lift-with-band	weightReps	strength	band	beginner	glutes	calves,hamstrings	Hip Lift with Band	ヒップリフト（バンド）	힙 리프트 (밴드)
hug-a-ball	duration	stretch	exercise-ball	beginner	lower back	calves,glutes	Hug A Ball	ハグボールストレッチ	허그 볼 스트레칭
hug-knees-to-chest	duration	stretch		beginner	lower back	glutes	Hug Knees To Chest	膝抱えストレッチ	무릎 당겨 안기
hurdle-hops	weightReps	strength	other	beginner	hamstrings	abductors,adductors,calves,glutes,hamstrings	Hurdle Hops	ハードルホップ	허들 홉
hyperextensions-back-extensions	weightReps	strength	other	beginner	lower back	glutes,hamstrings	Hyperextensions (Back Extensions)	ハイパーエクステンション（バックエクステンション）	하이퍼익스텐션 (백 익스텐션)
hyperextensions-with-no-hyperextension-bench	bodyweightReps	bodyweight	bodyweight	intermediate	lower back	glutes,hamstrings	Hyperextensions With No Hyperextension Bench	ハイパーエクステンション（ベンチなし）	하이퍼익스텐션 (벤치 없이)
it-band-and-glute-stretch	duration	stretch	other	intermediate	abductors		IT Band and Glute Stretch	ITバンド&グルートストレッチ	IT 밴드 앤 글루트 스트레칭
iliotibial-tract-smr	duration	stretch	foam-roller	intermediate	abductors		Iliotibial Tract-SMR	腸脛靭帯（フォームローラー）	장경인대 폼롤러
inchworm	duration	stretch	bodyweight	beginner	hamstrings		Inchworm	インチワームストレッチ	인치웜 스트레칭
incline-barbell-triceps-extension	weightReps	strength	barbell	intermediate	triceps	forearms	Incline Barbell Triceps Extension	インクラインバーベルトライセプスエクステンション	인클라인 바벨 트라이셉 익스텐션
incline-bench-pull	weightReps	strength	barbell	beginner	middle back	lats,shoulders	Incline Bench Pull	インクラインベンチプル	인클라인 벤치 풀
incline-cable-chest-press	weightReps	strength	cable	beginner	chest	shoulders,triceps	Incline Cable Chest Press	インクラインケーブルチェストプレス	인클라인 케이블 체스트 프레스
incline-cable-flye	weightReps	strength	cable	intermediate	chest	shoulders	Incline Cable Flye	インクラインケーブルフライ	인클라인 케이블 플라이
incline-dumbbell-bench-with-palms-facing-in	weightReps	strength	dumbbell	beginner	chest	shoulders,triceps	Incline Dumbbell Bench With Palms Facing In	インクラインダンベルベンチ（パームズイン）	인클라인 덤벨 벤치 (팜스 인)
incline-dumbbell-curl	weightReps	strength	dumbbell	beginner	biceps		Incline Dumbbell Curl	インクラインダンベルカール	인클라인 덤벨 컬
incline-dumbbell-flyes	weightReps	strength	dumbbell	beginner	chest	shoulders	Incline Dumbbell Flyes	インクラインダンベルフライ	인클라인 덤벨 플라이
incline-dumbbell-flyes-with-a-twist	weightReps	strength	dumbbell	beginner	chest	shoulders	Incline Dumbbell Flyes - With A Twist	インクラインダンベルフライ（ツイスト）	인클라인 덤벨 플라이 (트위스트)
incline-dumbbell-press	weightReps	strength	dumbbell	beginner	chest	shoulders,triceps	Incline Dumbbell Press	インクラインダンベルプレス	인클라인 덤벨 프레스
incline-hammer-curls	weightReps	strength	dumbbell	beginner	biceps		Incline Hammer Curls	インクラインハンマーカール	인클라인 해머 컬
incline-inner-biceps-curl	weightReps	strength	dumbbell	beginner	biceps		Incline Inner Biceps Curl	インクラインインナーバイセップスカール	인클라인 이너 바이셉 컬
incline-push-up	bodyweightReps	bodyweight	bodyweight	beginner	chest	shoulders,triceps	Incline Push-Up	インクラインプッシュアップ	인클라인 푸시업
incline-push-up-close-grip	bodyweightReps	bodyweight	bodyweight	beginner	triceps	chest,shoulders	Incline Push-Up Close-Grip	インクラインプッシュアップクローズグリップ	인클라인 푸시업 클로즈그립
incline-push-up-depth-jump	weightReps	strength	other	beginner	chest	shoulders,triceps	Incline Push-Up Depth Jump	インクラインプッシュアップデプスジャンプ	인클라인 푸시업 뎁스 점프
incline-push-up-medium	bodyweightReps	bodyweight	bodyweight	beginner	chest	abdominals,shoulders,triceps	Incline Push-Up Medium	インクラインプッシュアップミディアム	인클라인 푸시업 미디엄
incline-push-up-reverse-grip	bodyweightReps	bodyweight	bodyweight	beginner	chest	abdominals,shoulders,triceps	Incline Push-Up Reverse Grip	インクラインプッシュアップリバースグリップ	인클라인 푸시업 리버스 그립
incline-push-up-wide	bodyweightReps	bodyweight	bodyweight	beginner	chest	abdominals,shoulders,triceps	Incline Push-Up Wide	インクラインプッシュアップワイド	인클라인 푸시업 와이드
intermediate-groin-stretch	duration	stretch	other	intermediate	hamstrings		Intermediate Groin Stretch	股関節ストレッチ	사타구니 스트레칭
intermediate-hip-flexor-and-quad-stretch	duration	stretch	other	intermediate	quadriceps		Intermediate Hip Flexor and Quad Stretch	ヒップフレクサー&クアッドストレッチ	힙 굴근 앤 쿼드 스트레칭
internal-rotation-with-band	weightReps	strength	band	beginner	shoulders		Internal Rotation with Band	インターナルローテーション（バンド）	인터널 로테이션 (밴드)
inverted-row	bodyweightReps	bodyweight		beginner	middle back	lats	Inverted Row	インバーテッドロウ	인버티드 로우
inverted-row-with-straps	weightReps	strength	other	beginner	middle back	biceps,lats	Inverted Row with Straps	インバーテッドロウ（ストラップ）	인버티드 로우 (스트랩)
iron-cross	duration	strength	dumbbell	intermediate	shoulders	chest,glutes,hamstrings,lower back,quadriceps,traps	Iron Cross	アイアンクロス	아이언 크로스
iron-crosses-stretch	duration	stretch		intermediate	quadriceps		Iron Crosses (stretch)	アイアンクロス（ストレッチ）ストレッチ	아이언 크로스 (스트레칭) 스트레칭
isometric-chest-squeezes	duration	bodyweight	bodyweight	beginner	chest	shoulders,triceps	Isometric Chest Squeezes	アイソメトリックチェストスクイーズ	아이소메트릭 체스트 스퀴즈
isometric-neck-exercise-front-and-back	duration	bodyweight	bodyweight	beginner	neck		Isometric Neck Exercise - Front And Back	アイソメトリックネックエクササイズ（フロント&バック）	아이소메트릭 넥 운동 (프론트 앤 백)
isometric-neck-exercise-sides	duration	bodyweight	bodyweight	beginner	neck		Isometric Neck Exercise - Sides	アイソメトリックネックエクササイズ（サイド）	아이소메트릭 넥 운동 (사이드)
isometric-wipers	duration	bodyweight	bodyweight	beginner	chest	abdominals,shoulders,triceps	Isometric Wipers	アイソメトリックワイパー	아이소메트릭 와이퍼
jm-press	weightReps	strength	barbell	beginner	triceps	chest,shoulders	JM Press	JMプレス	JM 프레스
jackknife-sit-up	bodyweightReps	core	bodyweight	beginner	abdominals		Jackknife Sit-Up	ジャックナイフシットアップ	잭나이프 싯업
janda-sit-up	bodyweightReps	core	bodyweight	beginner	abdominals		Janda Sit-Up	ヤンダシットアップ	얀다 싯업
jefferson-squats	weightReps	strength	barbell	intermediate	quadriceps	calves,glutes,hamstrings,lower back,traps	Jefferson Squats	ジェファーソンスクワット	제퍼슨 스쿼트
jerk-balance	weightReps	strength	barbell	intermediate	shoulders	glutes,hamstrings,quadriceps,triceps	Jerk Balance	ジャークバランス	저크 밸런스
jerk-dip-squat	weightReps	strength	barbell	intermediate	quadriceps	abdominals,calves	Jerk Dip Squat	ジャークディップスクワット	저크 딥 스쿼트
jogging-treadmill	distanceDuration	cardio	machine	beginner	quadriceps	glutes,hamstrings	Jogging, Treadmill	トレッドミル（ジョギング）	트레드밀 조깅
keg-load	weightDistance	strength	other	intermediate	lower back	abdominals,biceps,calves,forearms,glutes,hamstrings,middle back,quadriceps,shoulders,traps	Keg Load	ケグロード	케그 로드
kettlebell-arnold-press	weightReps	strength	kettlebell	intermediate	shoulders	triceps	Kettlebell Arnold Press	ケトルベルアーノルドプレス	케틀벨 아놀드 프레스
kettlebell-dead-clean	weightReps	strength	kettlebell	intermediate	hamstrings	calves,glutes,lower back,quadriceps,traps	Kettlebell Dead Clean	ケトルベルデッドクリーン	케틀벨 데드 클린
kettlebell-figure-8	weightReps	strength	kettlebell	intermediate	abdominals	hamstrings,shoulders	Kettlebell Figure 8	ケトルベル8の字	케틀벨 8자
kettlebell-hang-clean	weightReps	strength	kettlebell	intermediate	hamstrings	calves,glutes,lower back,shoulders,traps	Kettlebell Hang Clean	ケトルベルハングクリーン	케틀벨 행 클린
kettlebell-one-legged-deadlift	weightReps	strength	kettlebell	intermediate	hamstrings	glutes,lower back	Kettlebell One-Legged Deadlift	ケトルベルワンレッグデッドリフト	케틀벨 원레그 데드리프트
kettlebell-pass-between-the-legs	weightReps	strength	kettlebell	intermediate	abdominals	glutes,hamstrings,shoulders	Kettlebell Pass Between The Legs	ケトルベルレッグスルー	케틀벨 다리 사이 패스
kettlebell-pirate-ships	weightReps	strength	kettlebell	beginner	shoulders	abdominals	Kettlebell Pirate Ships	ケトルベルパイレーツシップ	케틀벨 파이렛 십
kettlebell-pistol-squat	weightReps	strength	kettlebell	expert	quadriceps	calves,glutes,hamstrings,shoulders	Kettlebell Pistol Squat	ケトルベルピストルスクワット	케틀벨 피스톨 스쿼트
kettlebell-seated-press	weightReps	strength	kettlebell	intermediate	shoulders	triceps	Kettlebell Seated Press	ケトルベルシーテッドプレス	케틀벨 시티드 프레스
kettlebell-seesaw-press	weightReps	strength	kettlebell	intermediate	shoulders	triceps	Kettlebell Seesaw Press	ケトルベルシーソープレス	케틀벨 시소 프레스
kettlebell-sumo-high-pull	weightReps	strength	kettlebell	intermediate	traps	adductors,glutes,hamstrings,quadriceps,shoulders	Kettlebell Sumo High Pull	ケトルベルスモウハイプル	케틀벨 스모 하이 풀
kettlebell-thruster	weightReps	strength	kettlebell	intermediate	shoulders	quadriceps,triceps	Kettlebell Thruster	ケトルベルスラスター	케틀벨 스러스터
kettlebell-turkish-get-up-lunge-style	weightReps	strength	kettlebell	intermediate	shoulders	abdominals,hamstrings,quadriceps,triceps	Kettlebell Turkish Get-Up (Lunge style)	ケトルベルターキッシュゲットアップ（ランジ）	케틀벨 터키시 겟업 (런지)
kettlebell-turkish-get-up-squat-style	weightReps	strength	kettlebell	intermediate	shoulders	abdominals,calves,hamstrings,quadriceps,triceps	Kettlebell Turkish Get-Up (Squat style)	ケトルベルターキッシュゲットアップ（スクワット）	케틀벨 터키시 겟업 (스쿼트)
kettlebell-windmill	weightReps	strength	kettlebell	intermediate	abdominals	glutes,hamstrings,shoulders,triceps	Kettlebell Windmill	ケトルベルウィンドミル	케틀벨 윈드밀
kipping-muscle-up	weightReps	strength	other	intermediate	lats	abdominals,biceps,forearms,middle back,shoulders,traps,triceps	Kipping Muscle Up	キッピングマッスルアップ	키핑 머슬 업
knee-across-the-body	duration	stretch		beginner	glutes	abductors,lower back	Knee Across The Body	ニークロスボディストレッチ	니 크로스 보디 스트레칭
knee-circles	duration	stretch	bodyweight	beginner	calves	hamstrings,quadriceps	Knee Circles	ニーサークルストレッチ	니 서클 스트레칭
knee-hip-raise-on-parallel-bars	weightReps	strength	other	beginner	abdominals		Knee/Hip Raise On Parallel Bars	ニー/ヒップレイズ（パラレルバー）	니/힙 레이즈 (평행 바)
knee-tuck-jump	bodyweightReps	bodyweight	bodyweight	beginner	hamstrings	abductors,adductors,calves,glutes,quadriceps	Knee Tuck Jump	ニータックジャンプ	니 턱 점프
kneeling-arm-drill	bodyweightReps	bodyweight		beginner	shoulders	abdominals	Kneeling Arm Drill	ニーリングアームドリル	닐링 암 드릴
kneeling-cable-crunch-with-alternating-oblique-twists	weightReps	strength	cable	beginner	abdominals		Kneeling Cable Crunch With Alternating Oblique Twists	ニーリングケーブルクランチ（オルタネイトオブリークツイスト）	닐링 케이블 크런치 (얼터네이팅 오블리크 트위스트)
kneeling-cable-triceps-extension	weightReps	strength	cable	intermediate	triceps		Kneeling Cable Triceps Extension	ニーリングケーブルトライセプスエクステンション	닐링 케이블 트라이셉 익스텐션
kneeling-forearm-stretch	duration	stretch		beginner	forearms		Kneeling Forearm Stretch	ニーリング前腕ストレッチ	닐링 전완 스트레칭
kneeling-high-pulley-row	weightReps	strength	cable	beginner	lats	biceps,middle back	Kneeling High Pulley Row	ニーリングハイプーリーロウ	닐링 하이 풀리 로우
kneeling-hip-flexor	duration	stretch		beginner	quadriceps	quadriceps	Kneeling Hip Flexor	ニーリングヒップフレクサーストレッチ	닐링 힙 굴근 스트레칭
kneeling-jump-squat	weightReps	strength	barbell	expert	glutes	calves,hamstrings,quadriceps	Kneeling Jump Squat	ニーリングジャンプスクワット	닐링 점프 스쿼트
kneeling-single-arm-high-pulley-row	weightReps	strength	cable	beginner	lats	biceps,middle back	Kneeling Single-Arm High Pulley Row	ニーリングシングルアームハイプーリーロウ	닐링 싱글암 하이 풀리 로우
kneeling-squat	weightReps	strength	barbell	intermediate	glutes	abdominals,hamstrings,lower back	Kneeling Squat	ニーリングスクワット	닐링 스쿼트
landmine-180s	weightReps	strength	barbell	beginner	abdominals	glutes,lower back,shoulders	Landmine 180's	ランドマイン180	랜드마인 180
landmine-linear-jammer	weightReps	strength	barbell	intermediate	shoulders	abdominals,calves,chest,hamstrings,quadriceps,triceps	Landmine Linear Jammer	ランドマインリニアジャマー	랜드마인 리니어 재머
lateral-bound	bodyweightReps	bodyweight	bodyweight	beginner	adductors	abductors,calves,glutes,hamstrings,quadriceps	Lateral Bound	ラテラルバウンド	래터럴 바운드
lateral-box-jump	weightReps	strength	other	beginner	adductors	abductors,calves,glutes,hamstrings,quadriceps	Lateral Box Jump	ラテラルボックスジャンプ	래터럴 박스 점프
lateral-cone-hops	weightReps	strength	other	beginner	adductors	abductors,calves,glutes,hamstrings,quadriceps	Lateral Cone Hops	ラテラルコーンホップ	래터럴 콘 홉
lateral-raise-with-bands	weightReps	strength	band	beginner	shoulders		Lateral Raise - With Bands	ラテラルレイズ（バンド）	래터럴 레이즈 (밴드)
latissimus-dorsi-smr	duration	stretch	foam-roller	beginner	lats		Latissimus Dorsi-SMR	広背筋（フォームローラー）	광배근 폼롤러
leg-over-floor-press	weightReps	strength	kettlebell	intermediate	chest	shoulders,triceps	Leg-Over Floor Press	レッグオーバーフロアプレス	레그오버 플로어 프레스
leg-up-hamstring-stretch	duration	stretch		beginner	hamstrings		Leg-Up Hamstring Stretch	レッグアップハムストリングストレッチ	레그업 햄스트링 스트레칭
leg-extensions	weightReps	strength	machine	beginner	quadriceps		Leg Extensions	レッグエクステンション	레그 익스텐션
leg-lift	bodyweightReps	bodyweight	bodyweight	beginner	glutes	hamstrings	Leg Lift	レッグリフト	레그 리프트
leg-press	weightReps	strength	machine	beginner	quadriceps	calves,glutes,hamstrings	Leg Press	レッグプレス	레그 프레스
leg-pull-in	bodyweightReps	core	bodyweight	beginner	abdominals		Leg Pull-In	レッグプルイン	레그 풀인
leverage-chest-press	weightReps	strength	machine	beginner	chest	shoulders,triceps	Leverage Chest Press	レバレッジチェストプレス	레버리지 체스트 프레스
leverage-deadlift	weightReps	strength	machine	beginner	quadriceps	glutes,hamstrings	Leverage Deadlift	レバレッジデッドリフト	레버리지 데드리프트
leverage-decline-chest-press	weightReps	strength	machine	beginner	chest	shoulders,triceps	Leverage Decline Chest Press	レバレッジデクラインチェストプレス	레버리지 디클라인 체스트 프레스
leverage-high-row	weightReps	strength	machine	beginner	middle back	lats	Leverage High Row	レバレッジハイロウ	레버리지 하이 로우
leverage-incline-chest-press	weightReps	strength	machine	beginner	chest	shoulders,triceps	Leverage Incline Chest Press	レバレッジインクラインチェストプレス	레버리지 인클라인 체스트 프레스
leverage-iso-row	weightReps	strength	machine	beginner	lats	biceps,middle back	Leverage Iso Row	レバレッジアイソロウ	레버리지 아이소 로우
leverage-shoulder-press	weightReps	strength	machine	beginner	shoulders	triceps	Leverage Shoulder Press	レバレッジショルダープレス	레버리지 숄더 프레스
leverage-shrug	weightReps	strength	machine	beginner	traps	forearms	Leverage Shrug	レバレッジシュラッグ	레버리지 슈러그
linear-3-part-start-technique	bodyweightReps	bodyweight		beginner	hamstrings	calves,quadriceps	Linear 3-Part Start Technique	リニア3パートスタートテクニック	리니어 3파트 스타트 테크닉
linear-acceleration-wall-drill	bodyweightReps	bodyweight		beginner	hamstrings	calves,glutes,quadriceps	Linear Acceleration Wall Drill	リニア加速ウォールドリル	리니어 가속 월 드릴
linear-depth-jump	weightReps	strength	other	intermediate	quadriceps	calves,glutes,hamstrings	Linear Depth Jump	リニアデプスジャンプ	리니어 뎁스 점프
log-lift	weightReps	strength	other	intermediate	shoulders	abdominals,chest,glutes,hamstrings,lower back,middle back,quadriceps,traps,triceps	Log Lift	ログリフト	로그 리프트
london-bridges	weightReps	strength	other	intermediate	lats	biceps,forearms,middle back	London Bridges	ロンドンブリッジ	런던 브릿지
looking-at-ceiling	duration	stretch		beginner	quadriceps		Looking At Ceiling	天井を見上げるストレッチ	천장 보기 스트레칭
low-cable-crossover	weightReps	strength	cable	beginner	chest	shoulders	Low Cable Crossover	ローケーブルクロスオーバー	로우 케이블 크로스오버
low-cable-triceps-extension	weightReps	strength	cable	beginner	triceps		Low Cable Triceps Extension	ローケーブルトライセプスエクステンション	로우 케이블 트라이셉 익스텐션
low-pulley-row-to-neck	weightReps	strength	cable	beginner	shoulders	biceps,middle back,traps	Low Pulley Row To Neck	ロープーリーロウ（ネック）	로우 풀리 로우 (넥)
lower-back-smr	duration	stretch	foam-roller	beginner	lower back		Lower Back-SMR	ロワーバック（フォームローラー）	로어 백 폼롤러
lower-back-curl	duration	stretch	bodyweight	beginner	abdominals		Lower Back Curl	ロワーバックカールストレッチ	로어 백 컬 스트레칭
lunge-pass-through	weightReps	strength	kettlebell	intermediate	hamstrings	calves,glutes,quadriceps	Lunge Pass Through	ランジパススルー	런지 패스 스루
lunge-sprint	weightReps	strength	machine	intermediate	quadriceps	calves,glutes,hamstrings	Lunge Sprint	ランジスプリント	런지 스프린트
lying-bent-leg-groin	duration	stretch	other	expert	adductors		Lying Bent Leg Groin	ライイングベントレッグ股関節ストレッチ	라잉 벤트 레그 사타구니 스트레칭
lying-cable-curl	weightReps	strength	cable	intermediate	biceps		Lying Cable Curl	ライイングケーブルカール	라잉 케이블 컬
lying-cambered-barbell-row	weightReps	strength	barbell	beginner	middle back	biceps,lats,traps	Lying Cambered Barbell Row	ライイングキャンバードバーベルロウ	라잉 캠버드 바벨 로우
lying-close-grip-bar-curl-on-high-pulley	weightReps	strength	cable	beginner	biceps		Lying Close-Grip Bar Curl On High Pulley	ライイングクローズグリップバーカール（ハイプーリー）	라잉 클로즈그립 바 컬 (하이 풀리)
lying-close-grip-barbell-triceps-extension-behind-the-head	weightReps	strength	barbell	intermediate	triceps		Lying Close-Grip Barbell Triceps Extension Behind The Head	ライイングクローズグリップバーベルトライセプスエクステンション（頭の後ろへ）	라잉 클로즈그립 바벨 트라이셉 익스텐션 (머리 뒤로)
lying-close-grip-barbell-triceps-press-to-chin	weightReps	strength	ez-bar	intermediate	triceps		Lying Close-Grip Barbell Triceps Press To Chin	ライイングクローズグリップバーベルトライセプスプレス（チン）	라잉 클로즈그립 바벨 트라이셉 프레스 (친)
lying-crossover	duration	stretch	bodyweight	expert	abductors		Lying Crossover	ライイングクロスオーバーストレッチ	라잉 크로스오버 스트레칭
lying-dumbbell-tricep-extension	weightReps	strength	dumbbell	intermediate	triceps	chest,shoulders	Lying Dumbbell Tricep Extension	ライイングダンベルトライセプスエクステンション	라잉 덤벨 트라이셉 익스텐션
lying-face-down-plate-neck-resistance	weightReps	strength	other	intermediate	neck		Lying Face Down Plate Neck Resistance	ライイングフェイスダウンプレートネックレジスタンス	라잉 페이스 다운 플레이트 넥 저항
lying-face-up-plate-neck-resistance	weightReps	strength	other	intermediate	neck		Lying Face Up Plate Neck Resistance	ライイングフェイスアッププレートネックレジスタンス	라잉 페이스 업 플레이트 넥 저항
lying-glute	duration	stretch	bodyweight	expert	glutes	abductors	Lying Glute	ライインググルートストレッチ	라잉 글루트 스트레칭
lying-hamstring	duration	stretch	other	expert	hamstrings	calves	Lying Hamstring	ライイングハムストリングストレッチ	라잉 햄스트링 스트레칭
lying-high-bench-barbell-curl	weightReps	strength	barbell	intermediate	biceps		Lying High Bench Barbell Curl	ライイングハイベンチバーベルカール	라잉 하이 벤치 바벨 컬
lying-leg-curls	weightReps	strength	machine	beginner	hamstrings		Lying Leg Curls	ライイングレッグカール	라잉 레그 컬
lying-machine-squat	weightReps	strength	machine	intermediate	quadriceps	calves,glutes,hamstrings	Lying Machine Squat	ライイングマシンスクワット	라잉 머신 스쿼트
lying-one-arm-lateral-raise	weightReps	strength	dumbbell	intermediate	shoulders		Lying One-Arm Lateral Raise	ライイングワンアームラテラルレイズ	라잉 원암 래터럴 레이즈
lying-prone-quadriceps	duration	stretch	bodyweight	expert	quadriceps		Lying Prone Quadriceps	ライイングプローン大腿四頭筋ストレッチ	라잉 프론 대퇴사두근 스트레칭
lying-rear-delt-raise	weightReps	strength	dumbbell	intermediate	shoulders		Lying Rear Delt Raise	ライイングリアデルトレイズ	라잉 리어 델트 레이즈
lying-supine-dumbbell-curl	weightReps	strength	dumbbell	beginner	biceps		Lying Supine Dumbbell Curl	ライイングスパインダンベルカール	라잉 수파인 덤벨 컬
lying-t-bar-row	weightReps	strength	machine	intermediate	middle back	biceps,lats	Lying T-Bar Row	ライイングTバーロウ	라잉 T바 로우
lying-triceps-press	weightReps	strength	ez-bar	intermediate	triceps		Lying Triceps Press	ライイングトライセプスプレス	라잉 트라이셉 프레스
machine-bench-press	weightReps	strength	machine	beginner	chest	shoulders,triceps	Machine Bench Press	マシンベンチプレス	머신 벤치 프레스
machine-bicep-curl	weightReps	strength	machine	beginner	biceps		Machine Bicep Curl	マシンバイセップスカール	머신 바이셉 컬
machine-preacher-curls	weightReps	strength	machine	beginner	biceps		Machine Preacher Curls	マシンプリーチャーカール	머신 프리처 컬
machine-shoulder-military-press	weightReps	strength	machine	beginner	shoulders	triceps	Machine Shoulder (Military) Press	マシンショルダープレス（ミリタリー）	머신 숄더 프레스 (밀리터리)
machine-triceps-extension	weightReps	strength	machine	beginner	triceps		Machine Triceps Extension	マシントライセプスエクステンション	머신 트라이셉 익스텐션
medicine-ball-chest-pass	weightReps	strength	medicine-ball	beginner	chest	shoulders,triceps	Medicine Ball Chest Pass	メディシンボールチェストパス	메디신 볼 체스트 패스
medicine-ball-full-twist	weightReps	strength	medicine-ball	beginner	abdominals	shoulders	Medicine Ball Full Twist	メディシンボールフルツイスト	메디신 볼 풀 트위스트
medicine-ball-scoop-throw	weightReps	strength	medicine-ball	beginner	shoulders	abdominals,hamstrings,quadriceps	Medicine Ball Scoop Throw	メディシンボールスクープスロー	메디신 볼 스쿱 스로
middle-back-shrug	weightReps	strength	dumbbell	intermediate	middle back		Middle Back Shrug	ミドルバックシュラッグ	미들 백 슈러그
middle-back-stretch	duration	stretch		beginner	middle back	abdominals,lats,lower back	Middle Back Stretch	ミドルバックストレッチ	미들 백 스트레칭
mixed-grip-chin	weightReps	strength	other	expert	middle back	biceps,lats	Mixed Grip Chin	ミックスグリップチン	믹스 그립 친
monster-walk	weightReps	strength	band	beginner	abductors		Monster Walk	モンスターウォーク	몬스터 워크
mountain-climber	bodyweightReps	cardio		beginner	quadriceps	chest,hamstrings,shoulders	Mountain climber	マウンテンクライマー	마운틴 클라이머
moving-claw-series	bodyweightReps	bodyweight		beginner	hamstrings	calves,quadriceps	Moving Claw Series	ムービングクローシリーズ	무빙 클로 시리즈
muscle-snatch	weightReps	strength	barbell	intermediate	hamstrings	glutes,lower back,quadriceps,shoulders,triceps	Muscle Snatch	マッスルスナッチ	머슬 스내치
muscle-up	weightReps	strength	other	intermediate	lats	abdominals,biceps,forearms,middle back,shoulders,traps,triceps	Muscle Up	マッスルアップ	머슬 업
narrow-stance-hack-squats	weightReps	strength	machine	intermediate	quadriceps	calves,glutes,hamstrings	Narrow Stance Hack Squats	ナロースタンスハックスクワット	내로우 스탠스 핵 스쿼트
narrow-stance-leg-press	weightReps	strength	machine	intermediate	quadriceps	calves,glutes,hamstrings	Narrow Stance Leg Press	ナロースタンスレッグプレス	내로우 스탠스 레그 프레스
narrow-stance-squats	weightReps	strength	barbell	intermediate	quadriceps	calves,glutes,hamstrings,lower back	Narrow Stance Squats	ナロースタンススクワット	내로우 스탠스 스쿼트
natural-glute-ham-raise	bodyweightReps	bodyweight	bodyweight	intermediate	hamstrings	calves,glutes,lower back	Natural Glute Ham Raise	ナチュラルグルートハムレイズ	내추럴 글루트 햄 레이즈
neck-smr	duration	stretch	other	intermediate	neck		Neck-SMR	ネック（フォームローラー）	넥 폼롤러
neck-press	weightReps	strength	barbell	intermediate	chest	shoulders,triceps	Neck Press	ネックプレス	넥 프레스
oblique-crunches	bodyweightReps	core	bodyweight	beginner	abdominals		Oblique Crunches	オブリーククランチ	오블리크 크런치
oblique-crunches-on-the-floor	bodyweightReps	core	bodyweight	beginner	abdominals		Oblique Crunches - On The Floor	オブリーククランチ（フロア）	오블리크 크런치 (플로어)
olympic-squat	weightReps	strength	barbell	intermediate	quadriceps	calves,glutes,hamstrings	Olympic Squat	オリンピックスクワット	올림픽 스쿼트
on-your-back-quad-stretch	duration	stretch	other	beginner	quadriceps		On-Your-Back Quad Stretch	仰向けクアッドストレッチ	누워서 쿼드 스트레칭
on-your-side-quad-stretch	duration	stretch		beginner	quadriceps		On Your Side Quad Stretch	横向きクアッドストレッチ	옆으로 누워 쿼드 스트레칭
one-arm-dumbbell-row	weightReps	strength	dumbbell	beginner	middle back	biceps,lats,shoulders	One-Arm Dumbbell Row	ワンアームダンベルロウ	원암 덤벨 로우
one-arm-flat-bench-dumbbell-flye	weightReps	strength	dumbbell	beginner	chest		One-Arm Flat Bench Dumbbell Flye	ワンアームフラットベンチダンベルフライ	원암 플랫 벤치 덤벨 플라이
one-arm-high-pulley-cable-side-bends	weightReps	strength	cable	beginner	abdominals		One-Arm High-Pulley Cable Side Bends	ワンアームハイプーリーケーブルサイドベンド	원암 하이풀리 케이블 사이드 벤드
one-arm-incline-lateral-raise	weightReps	strength	dumbbell	beginner	shoulders		One-Arm Incline Lateral Raise	ワンアームインクラインラテラルレイズ	원암 인클라인 래터럴 레이즈
one-arm-kettlebell-clean	weightReps	strength	kettlebell	intermediate	hamstrings	glutes,lower back,shoulders,traps	One-Arm Kettlebell Clean	ワンアームケトルベルクリーン	원암 케틀벨 클린
one-arm-kettlebell-clean-and-jerk	weightReps	strength	kettlebell	intermediate	shoulders		One-Arm Kettlebell Clean and Jerk	ワンアームケトルベルクリーン&ジャーク	원암 케틀벨 클린 앤 저크
one-arm-kettlebell-floor-press	weightReps	strength	kettlebell	intermediate	chest	triceps	One-Arm Kettlebell Floor Press	ワンアームケトルベルフロアプレス	원암 케틀벨 플로어 프레스
one-arm-kettlebell-jerk	weightReps	strength	kettlebell	intermediate	shoulders	calves,quadriceps,triceps	One-Arm Kettlebell Jerk	ワンアームケトルベルジャーク	원암 케틀벨 저크
one-arm-kettlebell-military-press-to-the-side	weightReps	strength	kettlebell	intermediate	shoulders	triceps	One-Arm Kettlebell Military Press To The Side	ワンアームケトルベルミリタリープレス（サイド）	원암 케틀벨 밀리터리 프레스 (사이드)
one-arm-kettlebell-para-press	weightReps	strength	kettlebell	intermediate	shoulders	triceps	One-Arm Kettlebell Para Press	ワンアームケトルベルパラプレス	원암 케틀벨 파라 프레스
one-arm-kettlebell-push-press	weightReps	strength	kettlebell	intermediate	shoulders	calves,quadriceps,triceps	One-Arm Kettlebell Push Press	ワンアームケトルベルプッシュプレス	원암 케틀벨 푸시 프레스
one-arm-kettlebell-row	weightReps	strength	kettlebell	intermediate	middle back	biceps,lats	One-Arm Kettlebell Row	ワンアームケトルベルロウ	원암 케틀벨 로우
one-arm-kettlebell-snatch	weightReps	strength	kettlebell	expert	shoulders	calves,glutes,hamstrings,lower back,traps,triceps	One-Arm Kettlebell Snatch	ワンアームケトルベルスナッチ	원암 케틀벨 스내치
one-arm-kettlebell-split-jerk	weightReps	strength	kettlebell	intermediate	shoulders	glutes,hamstrings,quadriceps,triceps	One-Arm Kettlebell Split Jerk	ワンアームケトルベルスプリットジャーク	원암 케틀벨 스플릿 저크
one-arm-kettlebell-split-snatch	weightReps	strength	kettlebell	expert	shoulders	hamstrings,quadriceps	One-Arm Kettlebell Split Snatch	ワンアームケトルベルスプリットスナッチ	원암 케틀벨 스플릿 스내치
one-arm-kettlebell-swings	weightReps	strength	kettlebell	intermediate	hamstrings	calves,glutes,lower back,shoulders	One-Arm Kettlebell Swings	ワンアームケトルベルスイング	원암 케틀벨 스윙
one-arm-long-bar-row	weightReps	strength	barbell	beginner	middle back	biceps,lats	One-Arm Long Bar Row	ワンアームロングバーロウ	원암 롱 바 로우
one-arm-medicine-ball-slam	weightReps	strength	medicine-ball	beginner	abdominals	lats,shoulders	One-Arm Medicine Ball Slam	ワンアームメディシンボールスラム	원암 메디신 볼 슬램
one-arm-open-palm-kettlebell-clean	weightReps	strength	kettlebell	intermediate	hamstrings	forearms,glutes,lower back,quadriceps,shoulders	One-Arm Open Palm Kettlebell Clean	ワンアームオープンパームケトルベルクリーン	원암 오픈 팜 케틀벨 클린
one-arm-overhead-kettlebell-squats	weightReps	strength	kettlebell	expert	quadriceps	calves,glutes,hamstrings,shoulders	One-Arm Overhead Kettlebell Squats	ワンアームオーバーヘッドケトルベルスクワット	원암 오버헤드 케틀벨 스쿼트
one-arm-side-deadlift	weightReps	strength	barbell	expert	quadriceps	abdominals,calves,glutes,hamstrings,lower back,traps	One-Arm Side Deadlift	ワンアームサイドデッドリフト	원암 사이드 데드리프트
one-arm-side-laterals	weightReps	strength	dumbbell	beginner	shoulders		One-Arm Side Laterals	ワンアームサイドラテラル	원암 사이드 래터럴
one-legged-cable-kickback	weightReps	strength	cable	intermediate	glutes	hamstrings	One-Legged Cable Kickback	ワンレッグケーブルキックバック	원레그 케이블 킥백
one-arm-against-wall	duration	stretch		beginner	lats		One Arm Against Wall	片腕の壁ストレッチ	한 팔 벽 스트레칭
one-arm-chin-up	weightReps	strength	other	expert	middle back	biceps,forearms,lats	One Arm Chin-Up	ワンアームチンアップ	원암 친업
one-arm-dumbbell-bench-press	weightReps	strength	dumbbell	beginner	chest	shoulders,triceps	One Arm Dumbbell Bench Press	ワンアームダンベルベンチプレス	원암 덤벨 벤치 프레스
one-arm-dumbbell-preacher-curl	weightReps	strength	dumbbell	beginner	biceps		One Arm Dumbbell Preacher Curl	ワンアームダンベルプリーチャーカール	원암 덤벨 프리처 컬
one-arm-floor-press	weightReps	strength	barbell	intermediate	triceps	chest,shoulders	One Arm Floor Press	ワンアームフロアプレス	원암 플로어 프레스
one-arm-lat-pulldown	weightReps	strength	cable	beginner	lats	biceps,middle back	One Arm Lat Pulldown	ワンアームラットプルダウン	원암 랫 풀다운
one-arm-pronated-dumbbell-triceps-extension	weightReps	strength	dumbbell	beginner	triceps		One Arm Pronated Dumbbell Triceps Extension	ワンアームプロネイトダンベルトライセプスエクステンション	원암 프로네이티드 덤벨 트라이셉 익스텐션
one-arm-supinated-dumbbell-triceps-extension	weightReps	strength	dumbbell	beginner	triceps		One Arm Supinated Dumbbell Triceps Extension	ワンアームスピネイトダンベルトライセプスエクステンション	원암 수피네이티드 덤벨 트라이셉 익스텐션
one-half-locust	duration	stretch		beginner	quadriceps	abdominals,biceps,chest	One Half Locust	ワンハーフローカストストレッチ	원 하프 로커스트 스트레칭
one-handed-hang	duration	stretch	other	beginner	lats	biceps	One Handed Hang	ワンハンドハングストレッチ	원핸드 행 스트레칭
one-knee-to-chest	duration	stretch		beginner	glutes	hamstrings,lower back	One Knee To Chest	片膝抱えストレッチ	한쪽 무릎 당기기
one-leg-barbell-squat	weightReps	strength	barbell	expert	quadriceps	calves,glutes,hamstrings	One Leg Barbell Squat	ワンレッグバーベルスクワット	원레그 바벨 스쿼트
open-palm-kettlebell-clean	weightReps	strength	kettlebell	expert	hamstrings	glutes,lower back,quadriceps,shoulders	Open Palm Kettlebell Clean	オープンパームケトルベルクリーン	오픈 팜 케틀벨 클린
otis-up	weightReps	strength	other	beginner	abdominals	chest,shoulders,triceps	Otis-Up	オーティスアップ	오티스업
overhead-cable-curl	weightReps	strength	cable	intermediate	biceps		Overhead Cable Curl	オーバーヘッドケーブルカール	오버헤드 케이블 컬
overhead-lat	duration	stretch	other	expert	lats	triceps	Overhead Lat	オーバーヘッドラットストレッチ	오버헤드 랫 스트레칭
overhead-slam	weightReps	strength	medicine-ball	beginner	lats		Overhead Slam	オーバーヘッドスラム	오버헤드 슬램
overhead-squat	weightReps	strength	barbell	expert	quadriceps	abdominals,calves,glutes,hamstrings,lower back,shoulders,triceps	Overhead Squat	オーバーヘッドスクワット	오버헤드 스쿼트
overhead-stretch	duration	stretch		beginner	abdominals	chest,forearms,lats,triceps	Overhead Stretch	オーバーヘッドストレッチ	오버헤드 스트레칭
overhead-triceps	duration	stretch	bodyweight	expert	triceps	lats	Overhead Triceps	オーバーヘッドトライセプスストレッチ	오버헤드 트라이셉 스트레칭
pallof-press	weightReps	strength	cable	beginner	abdominals	chest,shoulders,triceps	Pallof Press	パロフプレス	팔로프 프레스
pallof-press-with-rotation	weightReps	strength	cable	beginner	abdominals	chest,shoulders,triceps	Pallof Press With Rotation	パロフプレス（ローテーション）	팔로프 프레스 (로테이션)
palms-down-dumbbell-wrist-curl-over-a-bench	weightReps	strength	dumbbell	beginner	forearms		Palms-Down Dumbbell Wrist Curl Over A Bench	パームズダウンダンベルリストカール（ベンチ）	팜스다운 덤벨 리스트 컬 (벤치)
palms-down-wrist-curl-over-a-bench	weightReps	strength	barbell	beginner	forearms		Palms-Down Wrist Curl Over A Bench	パームズダウンリストカール（ベンチ）	팜스다운 리스트 컬 (벤치)
palms-up-barbell-wrist-curl-over-a-bench	weightReps	strength	barbell	beginner	forearms		Palms-Up Barbell Wrist Curl Over A Bench	パームズアップバーベルリストカール（ベンチ）	팜스업 바벨 리스트 컬 (벤치)
palms-up-dumbbell-wrist-curl-over-a-bench	weightReps	strength	dumbbell	beginner	forearms		Palms-Up Dumbbell Wrist Curl Over A Bench	パームズアップダンベルリストカール（ベンチ）	팜스업 덤벨 리스트 컬 (벤치)
dip	bodyweightReps	bodyweight	other	beginner	triceps	chest,shoulders	Dip	ディップス	딥스
pelvic-tilt-into-bridge	duration	stretch		intermediate	lower back		Pelvic Tilt Into Bridge	ペルビックチルト（ブリッジ）ストレッチ	골반 틸트 (브릿지) 스트레칭
peroneals-smr	duration	stretch	foam-roller	intermediate	calves		Peroneals-SMR	腓骨筋（フォームローラー）	비골근 폼롤러
peroneals-stretch	duration	stretch	other	intermediate	calves		Peroneals Stretch	腓骨筋ストレッチ	비골근 스트레칭
physioball-hip-bridge	weightReps	bodyweight	exercise-ball	beginner	glutes	hamstrings	Physioball Hip Bridge	バランスボールヒップブリッジ	짐볼 힙 브릿지
pin-presses	weightReps	strength	barbell	intermediate	triceps	chest,forearms,lats,middle back,shoulders	Pin Presses	ピンプレス	핀 프레스
piriformis-smr	duration	stretch	foam-roller	intermediate	glutes		Piriformis-SMR	梨状筋（フォームローラー）	이상근 폼롤러
plank	duration	core	bodyweight	beginner	abdominals		Plank	プランク	플랭크
plate-pinch	duration	strength	other	intermediate	forearms		Plate Pinch	プレートピンチ	플레이트 핀치
plate-twist	weightReps	strength	other	intermediate	abdominals		Plate Twist	プレートツイスト	플레이트 트위스트
platform-hamstring-slides	weightReps	strength	other	beginner	hamstrings	glutes	Platform Hamstring Slides	プラットフォームハムストリングスライド	플랫폼 햄스트링 슬라이드
plie-dumbbell-squat	weightReps	strength	dumbbell	beginner	quadriceps	abdominals,calves,glutes,hamstrings	Plie Dumbbell Squat	プリエダンベルスクワット	플리에 덤벨 스쿼트
plyo-kettlebell-pushups	weightReps	strength	kettlebell	expert	chest	shoulders,triceps	Plyo Kettlebell Pushups	プライオケトルベルプッシュアップ	플라이오 케틀벨 푸시업
plyo-push-up	bodyweightReps	bodyweight	bodyweight	beginner	chest	shoulders,triceps	Plyo Push-up	プライオプッシュアップ	플라이오 푸시업
posterior-tibialis-stretch	duration	stretch	other	intermediate	calves		Posterior Tibialis Stretch	後脛骨筋ストレッチ	후경골근 스트레칭
power-clean	weightReps	strength	barbell	intermediate	hamstrings	calves,forearms,glutes,lower back,middle back,quadriceps,shoulders,traps,triceps	Power Clean	パワークリーン	파워 클린
power-clean-from-blocks	weightReps	strength	barbell	intermediate	hamstrings	quadriceps	Power Clean from Blocks	パワークリーン（ブロック）	파워 클린 (블록)
power-jerk	weightReps	strength	barbell	expert	quadriceps	abdominals,calves,glutes,hamstrings,shoulders,triceps	Power Jerk	パワージャーク	파워 저크
power-partials	weightReps	strength	dumbbell	beginner	shoulders		Power Partials	パワーパーシャル	파워 파셜
power-snatch	weightReps	strength	barbell	expert	hamstrings	calves,glutes,lower back,quadriceps,shoulders,traps,triceps	Power Snatch	パワースナッチ	파워 스내치
power-snatch-from-blocks	weightReps	strength	barbell	intermediate	quadriceps	calves,forearms,glutes,hamstrings,lower back,shoulders,traps,triceps	Power Snatch from Blocks	パワースナッチ（ブロック）	파워 스내치 (블록)
power-stairs	weightReps	strength	other	intermediate	hamstrings	adductors,calves,glutes,lower back,quadriceps,shoulders,traps	Power Stairs	パワーステア	파워 계단
preacher-curl	weightReps	strength	barbell	beginner	biceps		Preacher Curl	プリーチャーカール	프리처 컬
preacher-hammer-dumbbell-curl	weightReps	strength	dumbbell	beginner	biceps	forearms	Preacher Hammer Dumbbell Curl	プリーチャーハンマーダンベルカール	프리처 해머 덤벨 컬
press-sit-up	weightReps	strength	barbell	expert	abdominals	chest,shoulders,triceps	Press Sit-Up	プレスシットアップ	프레스 싯업
prone-manual-hamstring	bodyweightReps	bodyweight		beginner	hamstrings		Prone Manual Hamstring	プローンマニュアルハムストリング	프론 매뉴얼 햄스트링
prowler-sprint	duration	cardio	other	beginner	hamstrings	calves,chest,glutes,quadriceps,shoulders	Prowler Sprint	プラウラースプリント	프라울러 스프린트
pull-through	weightReps	strength	cable	beginner	glutes	hamstrings,lower back	Pull Through	プルスルー	풀 스루
pull-up	bodyweightReps	bodyweight	bodyweight	beginner	lats	biceps,middle back	Pull-up	懸垂	풀업
push-up-wide	bodyweightReps	bodyweight	bodyweight	beginner	chest	abdominals,shoulders,triceps	Push-Up Wide	プッシュアップワイド	푸시업 와이드
push-ups-close-triceps-position	bodyweightReps	bodyweight	bodyweight	intermediate	triceps	chest,shoulders	Push-Ups - Close Triceps Position	プッシュアップ（クローズトライセプスポジション）	푸시업 (클로즈 트라이셉 포지션)
push-ups-with-feet-elevated	bodyweightReps	bodyweight	bodyweight	beginner	chest	shoulders,triceps	Push-Ups With Feet Elevated	プッシュアップ（足上げ）	푸시업 (발 올리고)
push-ups-with-feet-on-an-exercise-ball	weightReps	bodyweight	exercise-ball	intermediate	chest	shoulders,triceps	Push-Ups With Feet On An Exercise Ball	プッシュアップ（足をバランスボールに）	푸시업 (발을 짐볼에)
push-press	weightReps	strength	barbell	expert	shoulders	quadriceps,triceps	Push Press	プッシュプレス	푸시 프레스
push-press-behind-the-neck	weightReps	strength	barbell	intermediate	shoulders	calves,quadriceps,triceps	Push Press - Behind the Neck	プッシュプレス（ビハインドネック）	푸시 프레스 (비하인드 넥)
push-up-to-side-plank	bodyweightReps	bodyweight	bodyweight	beginner	chest	abdominals,shoulders,triceps	Push Up to Side Plank	プッシュアップ→サイドプランク	푸시업 → 사이드 플랭크
push-up	bodyweightReps	bodyweight	bodyweight	beginner	chest	shoulders,triceps	Push-up	腕立て伏せ	푸시업
pushups-close-and-wide-hand-positions	bodyweightReps	bodyweight	bodyweight	beginner	chest	shoulders,triceps	Pushups (Close and Wide Hand Positions)	プッシュアップ（クローズ&ワイドハンドポジション）	푸시업 (클로즈 앤 와이드 핸드 포지션)
pyramid	duration	stretch	exercise-ball	beginner	lower back	shoulders	Pyramid	ピラミッドストレッチ	피라미드 스트레칭
quad-stretch	duration	stretch	other	intermediate	quadriceps		Quad stretch	太もも前のストレッチ	대퇴사두 스트레칭
quadriceps-smr	duration	stretch	foam-roller	intermediate	quadriceps		Quadriceps-SMR	大腿四頭筋（フォームローラー）	대퇴사두근 폼롤러
quick-leap	weightReps	strength	other	beginner	quadriceps	calves,hamstrings	Quick Leap	クイックリープ	퀵 리프
rack-delivery	weightReps	strength	barbell	intermediate	shoulders	forearms,traps	Rack Delivery	ラックデリバリー	랙 딜리버리
rack-pull-with-bands	weightReps	strength	barbell	intermediate	lower back	forearms,glutes,hamstrings,quadriceps,traps	Rack Pull with Bands	ラックプル（バンド）	랙 풀 (밴드)
rack-pulls	weightReps	strength	barbell	intermediate	lower back	forearms,glutes,hamstrings,traps	Rack Pulls	ラックプル	랙 풀
rear-leg-raises	duration	stretch	bodyweight	beginner	quadriceps		Rear Leg Raises	リアレッグレイズストレッチ	리어 레그 레이즈 스트레칭
recumbent-bike	distanceDuration	cardio	machine	beginner	quadriceps	calves,glutes,hamstrings	Recumbent Bike	リカンベントバイク	리컴번트 바이크
return-push-from-stance	weightReps	strength	medicine-ball	beginner	shoulders	chest,triceps	Return Push from Stance	リターンプッシュ（スタンス）	리턴 푸시 (스탠스)
reverse-band-bench-press	weightReps	strength	barbell	intermediate	triceps	chest,forearms,lats,middle back,shoulders	Reverse Band Bench Press	リバースバンドベンチプレス	리버스 밴드 벤치 프레스
reverse-band-box-squat	weightReps	strength	barbell	intermediate	quadriceps	abductors,adductors,calves,forearms,glutes,hamstrings,lower back	Reverse Band Box Squat	リバースバンドボックススクワット	리버스 밴드 박스 스쿼트
reverse-band-deadlift	weightReps	strength	barbell	expert	lower back	abductors,adductors,calves,glutes,hamstrings,quadriceps	Reverse Band Deadlift	リバースバンドデッドリフト	리버스 밴드 데드리프트
reverse-band-power-squat	weightReps	strength	barbell	expert	quadriceps	adductors,calves,glutes,hamstrings,lower back	Reverse Band Power Squat	リバースバンドパワースクワット	리버스 밴드 파워 스쿼트
reverse-band-sumo-deadlift	weightReps	strength	barbell	expert	hamstrings	abductors,adductors,calves,forearms,glutes,lower back,quadriceps,traps	Reverse Band Sumo Deadlift	リバースバンドスモウデッドリフト	리버스 밴드 스모 데드리프트
reverse-barbell-curl	weightReps	strength	barbell	beginner	biceps	forearms	Reverse Barbell Curl	リバースバーベルカール	리버스 바벨 컬
reverse-barbell-preacher-curls	weightReps	strength	ez-bar	intermediate	biceps	forearms	Reverse Barbell Preacher Curls	リバースバーベルプリーチャーカール	리버스 바벨 프리처 컬
reverse-cable-curl	weightReps	strength	cable	beginner	biceps	forearms	Reverse Cable Curl	リバースケーブルカール	리버스 케이블 컬
reverse-crunch	bodyweightReps	core	bodyweight	beginner	abdominals		Reverse Crunch	リバースクランチ	리버스 크런치
reverse-flyes	weightReps	strength	dumbbell	beginner	shoulders		Reverse Flyes	リバースフライ	리버스 플라이
reverse-flyes-with-external-rotation	weightReps	strength	dumbbell	intermediate	shoulders		Reverse Flyes With External Rotation	リバースフライ（エクスターナルローテーション）	리버스 플라이 (익스터널 로테이션)
reverse-grip-bent-over-rows	weightReps	strength	barbell	intermediate	middle back	biceps,lats,shoulders	Reverse Grip Bent-Over Rows	リバースグリップベントオーバーロウ	리버스 그립 벤트오버 로우
reverse-grip-triceps-pushdown	weightReps	strength	cable	beginner	triceps		Reverse Grip Triceps Pushdown	リバースグリップトライセプスプッシュダウン	리버스 그립 트라이셉 푸시다운
reverse-hyperextension	weightReps	strength	machine	intermediate	hamstrings	calves,glutes	Reverse Hyperextension	リバースハイパーエクステンション	리버스 하이퍼익스텐션
reverse-machine-flyes	weightReps	strength	machine	beginner	shoulders		Reverse Machine Flyes	リバースマシンフライ	리버스 머신 플라이
reverse-plate-curls	weightReps	strength	other	beginner	biceps	forearms	Reverse Plate Curls	リバースプレートカール	리버스 플레이트 컬
reverse-triceps-bench-press	weightReps	strength	barbell	intermediate	triceps	chest,shoulders	Reverse Triceps Bench Press	リバーストライセプスベンチプレス	리버스 트라이셉 벤치 프레스
rhomboids-smr	duration	stretch	foam-roller	intermediate	middle back	traps	Rhomboids-SMR	菱形筋（フォームローラー）	능형근 폼롤러
rickshaw-carry	weightDistance	strength	other	intermediate	forearms	abdominals,calves,glutes,hamstrings,lower back,quadriceps,traps	Rickshaw Carry	リクシャーキャリー	릭쇼 캐리
rickshaw-deadlift	weightReps	strength	other	intermediate	quadriceps	forearms,glutes,hamstrings,lower back,traps	Rickshaw Deadlift	リクシャーデッドリフト	릭쇼 데드리프트
ring-dips	weightReps	strength	other	intermediate	triceps	chest,shoulders	Ring Dips	リングディップス	링 딥스
rocket-jump	bodyweightReps	bodyweight	bodyweight	beginner	quadriceps	calves,hamstrings	Rocket Jump	ロケットジャンプ	로켓 점프
rocking-standing-calf-raise	weightReps	strength	barbell	beginner	calves		Rocking Standing Calf Raise	ロッキングスタンディングカーフレイズ	로킹 스탠딩 카프 레이즈
rocky-pull-ups-pulldowns	weightReps	strength	other	intermediate	lats	biceps,middle back,shoulders	Rocky Pull-Ups/Pulldowns	ロッキープルアップ/プルダウン	로키 풀업/풀다운
romanian-deadlift	weightReps	strength	barbell	intermediate	hamstrings	calves,glutes,lower back	Romanian Deadlift	ルーマニアンデッドリフト	루마니안 데드리프트
romanian-deadlift-from-deficit	weightReps	strength	barbell	intermediate	hamstrings	forearms,glutes,lower back,traps	Romanian Deadlift from Deficit	ルーマニアンデッドリフト（デフィシット）	루마니안 데드리프트 (디피싯)
rope-climb	weightReps	strength	other	intermediate	lats	biceps,forearms,middle back,shoulders	Rope Climb	ロープクライム	로프 클라임
rope-crunch	weightReps	strength	cable	beginner	abdominals		Rope Crunch	ロープクランチ	로프 크런치
rope-jumping	duration	cardio	other	intermediate	quadriceps	calves,hamstrings	Rope Jumping	ロープジャンピング	로프 점핑
rope-straight-arm-pulldown	weightReps	strength	cable	beginner	lats		Rope Straight-Arm Pulldown	ロープストレートアームプルダウン	로프 스트레이트암 풀다운
round-the-world-shoulder-stretch	duration	stretch	other	beginner	shoulders	biceps,chest	Round The World Shoulder Stretch	ラウンドワールドショルダーストレッチ	라운드 월드 숄더 스트레칭
rowing-stationary	distanceDuration	cardio	machine	intermediate	quadriceps	biceps,calves,glutes,hamstrings,lower back,middle back	Rowing, Stationary	ローイングマシン	로잉 머신
runners-stretch	duration	stretch		beginner	hamstrings	calves	Runner's Stretch	ランナーズストレッチ	러너스 스트레칭
running-treadmill	distanceDuration	cardio	machine	beginner	quadriceps	calves,glutes,hamstrings	Running, Treadmill	トレッドミル（ランニング）	트레드밀 러닝
russian-twist	bodyweightReps	core	bodyweight	intermediate	abdominals	lower back	Russian Twist	ロシアンツイスト	러시안 트위스트
sandbag-load	weightDistance	strength	other	beginner	quadriceps	abdominals,biceps,calves,forearms,glutes,hamstrings,lower back,middle back,shoulders,traps	Sandbag Load	サンドバッグロード	샌드백 로드
scapular-pull-up	bodyweightReps	bodyweight		beginner	traps	lats,middle back	Scapular Pull-Up	スキャプラプルアップ	견갑 풀업
scissor-kick	duration	stretch	bodyweight	beginner	abdominals		Scissor Kick	シザーキックストレッチ	시저 킥 스트레칭
scissors-jump	bodyweightReps	bodyweight	bodyweight	beginner	quadriceps	glutes,hamstrings	Scissors Jump	シザーズジャンプ	시저스 점프
seated-band-hamstring-curl	weightReps	strength	other	beginner	hamstrings		Seated Band Hamstring Curl	シーテッドバンドハムストリングカール	시티드 밴드 햄스트링 컬
seated-barbell-military-press	weightReps	strength	barbell	intermediate	shoulders	triceps	Seated Barbell Military Press	シーテッドバーベルミリタリープレス	시티드 바벨 밀리터리 프레스
seated-barbell-twist	weightReps	strength	barbell	beginner	abdominals		Seated Barbell Twist	シーテッドバーベルツイスト	시티드 바벨 트위스트
seated-bent-over-one-arm-dumbbell-triceps-extension	weightReps	strength	dumbbell	beginner	triceps		Seated Bent-Over One-Arm Dumbbell Triceps Extension	シーテッドベントオーバーワンアームダンベルトライセプスエクステンション	시티드 벤트오버 원암 덤벨 트라이셉 익스텐션
seated-bent-over-rear-delt-raise	weightReps	strength	dumbbell	intermediate	shoulders		Seated Bent-Over Rear Delt Raise	シーテッドベントオーバーリアデルトレイズ	시티드 벤트오버 리어 델트 레이즈
seated-bent-over-two-arm-dumbbell-triceps-extension	weightReps	strength	dumbbell	intermediate	triceps		Seated Bent-Over Two-Arm Dumbbell Triceps Extension	シーテッドベントオーバーツーアームダンベルトライセプスエクステンション	시티드 벤트오버 투암 덤벨 트라이셉 익스텐션
seated-biceps	duration	stretch	bodyweight	expert	biceps	chest,shoulders	Seated Biceps	シーテッドバイセップスストレッチ	시티드 바이셉 스트레칭
seated-cable-rows	weightReps	strength	cable	beginner	middle back	biceps,lats,shoulders	Seated Cable Rows	シーテッドケーブルロウ	시티드 케이블 로우
seated-cable-shoulder-press	weightReps	strength	cable	beginner	shoulders	triceps	Seated Cable Shoulder Press	シーテッドケーブルショルダープレス	시티드 케이블 숄더 프레스
seated-calf-raise	weightReps	strength	machine	beginner	calves		Seated Calf Raise	シーテッドカーフレイズ	시티드 카프 레이즈
seated-calf-stretch	duration	stretch		beginner	calves	hamstrings,lower back	Seated Calf Stretch	シーテッドカーフストレッチ	시티드 카프 스트레칭
seated-close-grip-concentration-barbell-curl	weightReps	strength	barbell	intermediate	biceps		Seated Close-Grip Concentration Barbell Curl	シーテッドクローズグリップコンセントレーションバーベルカール	시티드 클로즈그립 컨센트레이션 바벨 컬
seated-dumbbell-curl	weightReps	strength	dumbbell	beginner	biceps		Seated Dumbbell Curl	シーテッドダンベルカール	시티드 덤벨 컬
seated-dumbbell-inner-biceps-curl	weightReps	strength	dumbbell	beginner	biceps		Seated Dumbbell Inner Biceps Curl	シーテッドダンベルインナーバイセップスカール	시티드 덤벨 이너 바이셉 컬
seated-dumbbell-palms-down-wrist-curl	weightReps	strength	dumbbell	beginner	forearms		Seated Dumbbell Palms-Down Wrist Curl	シーテッドダンベルパームズダウンリストカール	시티드 덤벨 팜스다운 리스트 컬
seated-dumbbell-palms-up-wrist-curl	weightReps	strength	dumbbell	beginner	forearms		Seated Dumbbell Palms-Up Wrist Curl	シーテッドダンベルパームズアップリストカール	시티드 덤벨 팜스업 리스트 컬
seated-dumbbell-press	weightReps	strength	dumbbell	beginner	shoulders	triceps	Seated Dumbbell Press	シーテッドダンベルプレス	시티드 덤벨 프레스
seated-flat-bench-leg-pull-in	bodyweightReps	core	bodyweight	beginner	abdominals		Seated Flat Bench Leg Pull-In	シーテッドフラットベンチレッグプルイン	시티드 플랫 벤치 레그 풀인
seated-floor-hamstring-stretch	duration	stretch		beginner	hamstrings	calves	Seated Floor Hamstring Stretch	シーテッドフロアハムストリングストレッチ	시티드 플로어 햄스트링 스트레칭
seated-front-deltoid	duration	stretch	bodyweight	expert	shoulders	chest	Seated Front Deltoid	シーテッドフロントデルトイドストレッチ	시티드 프론트 델토이드 스트레칭
seated-glute	duration	stretch	bodyweight	expert	glutes	adductors	Seated Glute	シーテッドグルートストレッチ	시티드 글루트 스트레칭
seated-good-mornings	weightReps	strength	barbell	intermediate	lower back	glutes	Seated Good Mornings	シーテッドグッドモーニング	시티드 굿 모닝
seated-hamstring	duration	stretch		expert	hamstrings	calves	Seated Hamstring	シーテッドハムストリングストレッチ	시티드 햄스트링 스트레칭
seated-hamstring-and-calf-stretch	duration	stretch	other	intermediate	hamstrings	calves	Seated Hamstring and Calf Stretch	シーテッドハムストリング&カーフストレッチ	시티드 햄스트링 앤 카프 스트레칭
seated-head-harness-neck-resistance	weightReps	strength	other	intermediate	neck		Seated Head Harness Neck Resistance	シーテッドヘッドハーネスネックレジスタンス	시티드 헤드 하네스 넥 저항
seated-leg-curl	weightReps	strength	machine	beginner	hamstrings		Seated Leg Curl	シーテッドレッグカール	시티드 레그 컬
seated-leg-tucks	bodyweightReps	core	bodyweight	beginner	abdominals		Seated Leg Tucks	シーテッドレッグタック	시티드 레그 턱
seated-one-arm-dumbbell-palms-down-wrist-curl	weightReps	strength	dumbbell	intermediate	forearms		Seated One-Arm Dumbbell Palms-Down Wrist Curl	シーテッドワンアームダンベルパームズダウンリストカール	시티드 원암 덤벨 팜스다운 리스트 컬
seated-one-arm-dumbbell-palms-up-wrist-curl	weightReps	strength	dumbbell	beginner	forearms		Seated One-Arm Dumbbell Palms-Up Wrist Curl	シーテッドワンアームダンベルパームズアップリストカール	시티드 원암 덤벨 팜스업 리스트 컬
seated-one-arm-cable-pulley-rows	weightReps	strength	cable	intermediate	middle back	biceps,lats,traps	Seated One-arm Cable Pulley Rows	シーテッドワンアームケーブルプーリーロウ	시티드 원암 케이블 풀리 로우
seated-overhead-stretch	duration	stretch		beginner	abdominals		Seated Overhead Stretch	シーテッドオーバーヘッドストレッチ	시티드 오버헤드 스트레칭
seated-palm-up-barbell-wrist-curl	weightReps	strength	barbell	beginner	forearms		Seated Palm-Up Barbell Wrist Curl	シーテッドパームアップバーベルリストカール	시티드 팜업 바벨 리스트 컬
seated-palms-down-barbell-wrist-curl	weightReps	strength	barbell	beginner	forearms		Seated Palms-Down Barbell Wrist Curl	シーテッドパームズダウンバーベルリストカール	시티드 팜스다운 바벨 리스트 컬
seated-side-lateral-raise	weightReps	strength	dumbbell	beginner	shoulders		Seated Side Lateral Raise	シーテッドサイドラテラルレイズ	시티드 사이드 래터럴 레이즈
seated-triceps-press	weightReps	strength	dumbbell	beginner	triceps		Seated Triceps Press	シーテッドトライセプスプレス	시티드 트라이셉 프레스
seated-two-arm-palms-up-low-pulley-wrist-curl	weightReps	strength	cable	beginner	forearms		Seated Two-Arm Palms-Up Low-Pulley Wrist Curl	シーテッドツーアームパームズアップロープーリーリストカール	시티드 투암 팜스업 로우풀리 리스트 컬
see-saw-press-alternating-side-press	weightReps	strength	dumbbell	intermediate	shoulders	abdominals,triceps	See-Saw Press (Alternating Side Press)	シーソープレス（オルタネイトサイドプレス）	시소 프레스 (얼터네이팅 사이드 프레스)
shotgun-row	weightReps	strength	cable	beginner	lats	biceps,middle back	Shotgun Row	ショットガンロウ	샷건 로우
shoulder-circles	duration	stretch		beginner	shoulders	traps	Shoulder Circles	ショルダーサークルストレッチ	숄더 서클 스트레칭
shoulder-press-with-bands	weightReps	strength	band	beginner	shoulders	triceps	Shoulder Press - With Bands	ショルダープレス（バンド）	숄더 프레스 (밴드)
shoulder-raise	duration	stretch		beginner	shoulders	lats	Shoulder Raise	ショルダーレイズストレッチ	숄더 레이즈 스트레칭
shoulder-stretch	duration	stretch		beginner	shoulders		Shoulder stretch	肩のストレッチ	어깨 스트레칭
side-lying-floor-stretch	duration	stretch		beginner	lats		Side-Lying Floor Stretch	サイドライイングフロアストレッチ	사이드라잉 플로어 스트레칭
side-plank	duration	core	bodyweight	beginner	abdominals	shoulders	Side plank	サイドプランク	사이드 플랭크
side-hop-sprint	weightReps	strength	other	beginner	quadriceps	abductors,adductors,calves,hamstrings	Side Hop-Sprint	サイドホップスプリント	사이드 홉스프린트
side-jackknife	bodyweightReps	core	bodyweight	beginner	abdominals		Side Jackknife	サイドジャックナイフ	사이드 잭나이프
side-lateral-raise	weightReps	strength	dumbbell	beginner	shoulders		Side Lateral Raise	サイドラテラルレイズ	사이드 래터럴 레이즈
side-laterals-to-front-raise	weightReps	strength	dumbbell	beginner	shoulders	traps	Side Laterals to Front Raise	サイドラテラル→フロントレイズ	사이드 래터럴 → 프론트 레이즈
side-leg-raises	duration	stretch	bodyweight	beginner	adductors		Side Leg Raises	サイドレッグレイズストレッチ	사이드 레그 레이즈 스트레칭
side-lying-groin-stretch	duration	stretch		beginner	adductors	hamstrings	Side Lying Groin Stretch	サイドライイング股関節ストレッチ	사이드 라잉 사타구니 스트레칭
side-neck-stretch	duration	stretch		beginner	neck		Side Neck Stretch	サイドネックストレッチ	사이드 넥 스트레칭
side-standing-long-jump	bodyweightReps	bodyweight		beginner	quadriceps	calves,glutes,hamstrings	Side Standing Long Jump	サイドスタンディングロングジャンプ	사이드 스탠딩 롱 점프
side-to-side-chins	weightReps	strength	other	intermediate	lats	biceps,forearms,middle back,shoulders	Side To Side Chins	サイドトゥサイドチンアップ	사이드 투 사이드 친업
side-wrist-pull	duration	stretch		beginner	shoulders	forearms,lats	Side Wrist Pull	サイドリストプルストレッチ	사이드 리스트 풀 스트레칭
side-to-side-box-shuffle	weightReps	strength	other	beginner	quadriceps	abductors,adductors,calves,hamstrings	Side to Side Box Shuffle	サイドトゥサイドボックスシャッフル	사이드 투 사이드 박스 셔플
single-arm-cable-crossover	weightReps	strength	cable	beginner	chest		Single-Arm Cable Crossover	シングルアームケーブルクロスオーバー	싱글암 케이블 크로스오버
single-arm-linear-jammer	weightReps	strength	barbell	intermediate	shoulders	chest,triceps	Single-Arm Linear Jammer	シングルアームリニアジャマー	싱글암 리니어 재머
single-arm-push-up	bodyweightReps	bodyweight	bodyweight	intermediate	chest	shoulders,triceps	Single-Arm Push-Up	シングルアームプッシュアップ	싱글암 푸시업
single-cone-sprint-drill	weightReps	strength	other	beginner	quadriceps	calves,glutes,hamstrings	Single-Cone Sprint Drill	シングルコーンスプリントドリル	싱글콘 스프린트 드릴
single-leg-high-box-squat	weightReps	strength	other	beginner	quadriceps	glutes,hamstrings	Single-Leg High Box Squat	シングルレッグハイボックススクワット	싱글레그 하이 박스 스쿼트
single-leg-hop-progression	weightReps	strength	other	beginner	quadriceps	abductors,adductors,calves,hamstrings	Single-Leg Hop Progression	シングルレッグホッププログレッション	싱글레그 홉 프로그레션
single-leg-lateral-hop	weightReps	strength	other	beginner	quadriceps	abductors,adductors,calves,hamstrings	Single-Leg Lateral Hop	シングルレッグラテラルホップ	싱글레그 래터럴 홉
single-leg-leg-extension	weightReps	strength	machine	beginner	quadriceps		Single-Leg Leg Extension	シングルレッグレッグエクステンション	싱글레그 레그 익스텐션
single-leg-stride-jump	weightReps	strength	other	beginner	quadriceps	abductors,adductors,calves,hamstrings	Single-Leg Stride Jump	シングルレッグストライドジャンプ	싱글레그 스트라이드 점프
single-dumbbell-raise	weightReps	strength	dumbbell	beginner	shoulders	forearms,traps	Single Dumbbell Raise	シングルダンベルレイズ	싱글 덤벨 레이즈
single-leg-butt-kick	bodyweightReps	bodyweight	bodyweight	beginner	quadriceps	calves,hamstrings	Single Leg Butt Kick	シングルレッグバットキック	싱글레그 버트 킥
single-leg-glute-bridge	bodyweightReps	bodyweight	bodyweight	beginner	glutes	hamstrings	Single Leg Glute Bridge	シングルレッググルートブリッジ	싱글레그 글루트 브릿지
single-leg-push-off	weightReps	strength	other	beginner	quadriceps	calves,hamstrings	Single Leg Push-off	シングルレッグプッシュ	싱글레그 푸시
sit-up	bodyweightReps	core	bodyweight	beginner	abdominals		Sit-up	腹筋（シットアップ）	윗몸일으키기
sit-squats	duration	stretch		beginner	quadriceps	abductors,glutes,hamstrings	Sit Squats	シットスクワットストレッチ	싯 스쿼트 스트레칭
skating	distanceDuration	cardio	other	intermediate	quadriceps	abductors,adductors,calves,glutes,hamstrings	Skating	スケーティング	스케이팅
sled-drag-harness	weightDistance	strength	other	beginner	quadriceps	calves,glutes,hamstrings	Sled Drag - Harness	スレッドドラッグ（ハーネス）	썰매 드래그 (하네스)
sled-overhead-backward-walk	weightDistance	strength	other	beginner	shoulders	calves,middle back,quadriceps	Sled Overhead Backward Walk	スレッドオーバーヘッドバックワードウォーク	썰매 오버헤드 백워드 워크
sled-overhead-triceps-extension	weightReps	strength	other	beginner	triceps		Sled Overhead Triceps Extension	スレッドオーバーヘッドトライセプスエクステンション	썰매 오버헤드 트라이셉 익스텐션
sled-push	weightDistance	strength	other	beginner	quadriceps	calves,chest,glutes,hamstrings,triceps	Sled Push	スレッドプッシュ	썰매 푸시
sled-reverse-flye	weightReps	strength	other	beginner	shoulders		Sled Reverse Flye	スレッドリバースフライ	썰매 리버스 플라이
sled-row	weightReps	strength	other	beginner	middle back	biceps,lats	Sled Row	スレッドロウ	썰매 로우
sledgehammer-swings	weightReps	strength	other	beginner	abdominals	calves,forearms,lats,middle back,shoulders	Sledgehammer Swings	スレッジハンマースイング	슬레지해머 스윙
smith-incline-shoulder-raise	weightReps	strength	barbell	beginner	shoulders	chest	Smith Incline Shoulder Raise	スミスインクラインショルダーレイズ	스미스 인클라인 숄더 레이즈
smith-machine-behind-the-back-shrug	weightReps	strength	machine	beginner	traps	shoulders	Smith Machine Behind the Back Shrug	スミスマシンビハインドバックシュラッグ	스미스 머신 비하인드 백 슈러그
smith-machine-bench-press	weightReps	strength	machine	beginner	chest	shoulders,triceps	Smith Machine Bench Press	スミスマシンベンチプレス	스미스 머신 벤치 프레스
smith-machine-bent-over-row	weightReps	strength	machine	beginner	middle back	biceps,lats,shoulders	Smith Machine Bent Over Row	スミスマシンベントオーバーロウ	스미스 머신 벤트 오버 로우
smith-machine-calf-raise	weightReps	strength	machine	beginner	calves		Smith Machine Calf Raise	スミスマシンカーフレイズ	스미스 머신 카프 레이즈
smith-machine-close-grip-bench-press	weightReps	strength	machine	beginner	triceps	chest,shoulders	Smith Machine Close-Grip Bench Press	スミスマシンクローズグリップベンチプレス	스미스 머신 클로즈그립 벤치 프레스
smith-machine-decline-press	weightReps	strength	machine	beginner	chest	shoulders,triceps	Smith Machine Decline Press	スミスマシンデクラインプレス	스미스 머신 디클라인 프레스
smith-machine-hang-power-clean	weightReps	strength	machine	intermediate	hamstrings	glutes,lower back,quadriceps,shoulders,traps	Smith Machine Hang Power Clean	スミスマシンハングパワークリーン	스미스 머신 행 파워 클린
smith-machine-hip-raise	weightReps	strength	machine	beginner	abdominals		Smith Machine Hip Raise	スミスマシンヒップレイズ	스미스 머신 힙 레이즈
smith-machine-incline-bench-press	weightReps	strength	machine	beginner	chest	shoulders,triceps	Smith Machine Incline Bench Press	スミスマシンインクラインベンチプレス	스미스 머신 인클라인 벤치 프레스
smith-machine-leg-press	weightReps	strength	machine	intermediate	quadriceps	calves,glutes,hamstrings	Smith Machine Leg Press	スミスマシンレッグプレス	스미스 머신 레그 프레스
smith-machine-one-arm-upright-row	weightReps	strength	machine	beginner	shoulders	biceps,traps	Smith Machine One-Arm Upright Row	スミスマシンワンアームアップライトロウ	스미스 머신 원암 업라이트 로우
smith-machine-overhead-shoulder-press	weightReps	strength	machine	beginner	shoulders	triceps	Smith Machine Overhead Shoulder Press	スミスマシンオーバーヘッドショルダープレス	스미스 머신 오버헤드 숄더 프레스
smith-machine-pistol-squat	weightReps	strength	machine	intermediate	quadriceps	calves,glutes,hamstrings	Smith Machine Pistol Squat	スミスマシンピストルスクワット	스미스 머신 피스톨 스쿼트
smith-machine-reverse-calf-raises	weightReps	strength	machine	beginner	calves		Smith Machine Reverse Calf Raises	スミスマシンリバースカーフレイズ	스미스 머신 리버스 카프 레이즈
smith-machine-squat	weightReps	strength	machine	beginner	quadriceps	calves,glutes,hamstrings,lower back	Smith Machine Squat	スミスマシンスクワット	스미스 머신 스쿼트
smith-machine-stiff-legged-deadlift	weightReps	strength	machine	beginner	hamstrings	glutes,lower back	Smith Machine Stiff-Legged Deadlift	スミスマシンスティッフレッグデッドリフト	스미스 머신 스티프레그 데드리프트
smith-machine-upright-row	weightReps	strength	machine	beginner	traps	biceps,middle back,shoulders	Smith Machine Upright Row	スミスマシンアップライトロウ	스미스 머신 업라이트 로우
smith-single-leg-split-squat	weightReps	strength	machine	beginner	quadriceps	calves,glutes,hamstrings	Smith Single-Leg Split Squat	スミスシングルレッグスプリットスクワット	스미스 싱글레그 스플릿 스쿼트
snatch	weightReps	strength	barbell	intermediate	quadriceps	biceps,glutes,hamstrings,lower back,shoulders,traps,triceps	Snatch	スナッチ	스내치
snatch-balance	weightReps	strength	barbell	intermediate	quadriceps	calves,glutes,hamstrings,shoulders,triceps	Snatch Balance	スナッチバランス	스내치 밸런스
snatch-deadlift	weightReps	strength	barbell	intermediate	hamstrings	forearms,glutes,hamstrings,lower back,quadriceps,traps	Snatch Deadlift	スナッチデッドリフト	스내치 데드리프트
snatch-pull	weightReps	strength	barbell	intermediate	hamstrings	calves,glutes,lower back,quadriceps,traps	Snatch Pull	スナッチプル	스내치 풀
snatch-shrug	weightReps	strength	barbell	intermediate	traps	forearms,shoulders	Snatch Shrug	スナッチシュラッグ	스내치 슈러그
snatch-from-blocks	weightReps	strength	barbell	expert	quadriceps	calves,forearms,glutes,hamstrings,lower back,shoulders,traps,triceps	Snatch from Blocks	スナッチ（ブロック）	스내치 (블록)
speed-band-overhead-triceps	weightReps	strength	band	beginner	triceps		Speed Band Overhead Triceps	スピードバンドオーバーヘッドトライセプス	스피드 밴드 오버헤드 트라이셉
speed-box-squat	weightReps	strength	barbell	intermediate	quadriceps	calves,glutes,hamstrings	Speed Box Squat	スピードボックススクワット	스피드 박스 스쿼트
speed-squats	weightReps	strength	barbell	expert	quadriceps	calves,glutes,hamstrings,lower back	Speed Squats	スピードスクワット	스피드 스쿼트
spell-caster	weightReps	strength	dumbbell	beginner	abdominals	glutes,shoulders	Spell Caster	スペルキャスター	스펠 캐스터
spider-crawl	bodyweightReps	core	bodyweight	beginner	abdominals	chest,shoulders,triceps	Spider Crawl	スパイダークロール	스파이더 크롤
spider-curl	weightReps	strength	ez-bar	beginner	biceps		Spider Curl	スパイダーカール	스파이더 컬
spinal-stretch	duration	stretch		beginner	middle back	lats,lower back,neck,traps	Spinal Stretch	脊柱ストレッチ	척추 스트레칭
split-clean	weightReps	strength	barbell	intermediate	quadriceps	calves,forearms,glutes,hamstrings,lower back,shoulders,traps	Split Clean	スプリットクリーン	스플릿 클린
split-jerk	weightReps	strength	barbell	intermediate	quadriceps	glutes,hamstrings,shoulders,triceps	Split Jerk	スプリットジャーク	스플릿 저크
split-jump	bodyweightReps	bodyweight	bodyweight	beginner	quadriceps	calves,glutes,hamstrings	Split Jump	スプリットジャンプ	스플릿 점프
split-snatch	weightReps	strength	barbell	expert	hamstrings	calves,forearms,glutes,hamstrings,lower back,quadriceps,shoulders,traps,triceps	Split Snatch	スプリットスナッチ	스플릿 스내치
split-squat-with-dumbbells	weightReps	strength	dumbbell	beginner	quadriceps	glutes,hamstrings	Split Squat with Dumbbells	スプリットスクワット（ダンベル）	스플릿 스쿼트 (덤벨)
split-squats	duration	stretch		intermediate	hamstrings	calves,glutes,quadriceps	Split Squats	スプリットスクワットストレッチ	스플릿 스쿼트 스트레칭
squat-jerk	weightReps	strength	barbell	expert	quadriceps	calves,glutes,hamstrings,shoulders,triceps	Squat Jerk	スクワットジャーク	스쿼트 저크
squat-with-bands	weightReps	strength	barbell	intermediate	quadriceps	adductors,calves,glutes,hamstrings,lower back	Squat with Bands	スクワット（バンド）	스쿼트 (밴드)
squat-with-chains	weightReps	strength	barbell	intermediate	quadriceps	adductors,calves,glutes,hamstrings,lower back	Squat with Chains	スクワット（チェーン）	스쿼트 (체인)
squat-with-plate-movers	weightReps	strength	barbell	intermediate	quadriceps	abductors,adductors,calves,glutes,hamstrings	Squat with Plate Movers	スクワット（プレートムーバー）	스쿼트 (플레이트 무버)
squats-with-bands	weightReps	strength	band	beginner	quadriceps	calves,glutes,hamstrings,lower back	Squats - With Bands	スクワット（バンド）	스쿼트 (밴드)
stairmaster	distanceDuration	cardio	machine	intermediate	quadriceps	calves,glutes,hamstrings	Stairmaster	ステアマスター	스테어마스터
standing-alternating-dumbbell-press	weightReps	strength	dumbbell	beginner	shoulders	triceps	Standing Alternating Dumbbell Press	スタンディングオルタネイトダンベルプレス	스탠딩 얼터네이팅 덤벨 프레스
standing-barbell-calf-raise	weightReps	strength	barbell	beginner	calves		Standing Barbell Calf Raise	スタンディングバーベルカーフレイズ	스탠딩 바벨 카프 레이즈
standing-barbell-press-behind-neck	weightReps	strength	barbell	intermediate	shoulders	triceps	Standing Barbell Press Behind Neck	スタンディングバーベルプレスビハインドネック	스탠딩 바벨 프레스 비하인드 넥
standing-bent-over-one-arm-dumbbell-triceps-extension	weightReps	strength	dumbbell	beginner	triceps	shoulders	Standing Bent-Over One-Arm Dumbbell Triceps Extension	スタンディングベントオーバーワンアームダンベルトライセプスエクステンション	스탠딩 벤트오버 원암 덤벨 트라이셉 익스텐션
standing-bent-over-two-arm-dumbbell-triceps-extension	weightReps	strength	dumbbell	beginner	triceps		Standing Bent-Over Two-Arm Dumbbell Triceps Extension	スタンディングベントオーバーツーアームダンベルトライセプスエクステンション	스탠딩 벤트오버 투암 덤벨 트라이셉 익스텐션
standing-biceps-cable-curl	weightReps	strength	cable	beginner	biceps		Standing Biceps Cable Curl	スタンディングバイセップスケーブルカール	스탠딩 바이셉 케이블 컬
standing-biceps-stretch	duration	stretch	other	beginner	biceps	chest,shoulders	Standing Biceps Stretch	スタンディングバイセップスストレッチ	스탠딩 바이셉 스트레칭
standing-bradford-press	weightReps	strength	barbell	beginner	shoulders	triceps	Standing Bradford Press	スタンディングブラッドフォードプレス	스탠딩 브래드퍼드 프레스
standing-cable-chest-press	weightReps	strength	cable	beginner	chest	shoulders,triceps	Standing Cable Chest Press	スタンディングケーブルチェストプレス	스탠딩 케이블 체스트 프레스
standing-cable-lift	weightReps	strength	cable	beginner	abdominals	shoulders	Standing Cable Lift	スタンディングケーブルリフト	스탠딩 케이블 리프트
standing-cable-wood-chop	weightReps	strength	cable	beginner	abdominals	shoulders	Standing Cable Wood Chop	スタンディングケーブルウッドチョップ	스탠딩 케이블 우드 찹
standing-calf-raises	weightReps	strength	machine	beginner	calves		Standing Calf Raises	スタンディングカーフレイズ	스탠딩 카프 레이즈
standing-concentration-curl	weightReps	strength	dumbbell	beginner	biceps	forearms	Standing Concentration Curl	スタンディングコンセントレーションカール	스탠딩 컨센트레이션 컬
standing-dumbbell-calf-raise	weightReps	strength	dumbbell	intermediate	calves		Standing Dumbbell Calf Raise	スタンディングダンベルカーフレイズ	스탠딩 덤벨 카프 레이즈
standing-dumbbell-press	weightReps	strength	dumbbell	beginner	shoulders	triceps	Standing Dumbbell Press	スタンディングダンベルプレス	스탠딩 덤벨 프레스
standing-dumbbell-reverse-curl	weightReps	strength	dumbbell	intermediate	biceps	forearms	Standing Dumbbell Reverse Curl	スタンディングダンベルリバースカール	스탠딩 덤벨 리버스 컬
standing-dumbbell-straight-arm-front-delt-raise-above-head	weightReps	strength	dumbbell	intermediate	shoulders		Standing Dumbbell Straight-Arm Front Delt Raise Above Head	スタンディングダンベルストレートアームフロントレイズ（頭上まで）	스탠딩 덤벨 스트레이트암 프론트 레이즈 (머리 위까지)
standing-dumbbell-triceps-extension	weightReps	strength	dumbbell	beginner	triceps		Standing Dumbbell Triceps Extension	スタンディングダンベルトライセプスエクステンション	스탠딩 덤벨 트라이셉 익스텐션
standing-dumbbell-upright-row	weightReps	strength	dumbbell	beginner	traps	biceps,shoulders	Standing Dumbbell Upright Row	スタンディングダンベルアップライトロウ	스탠딩 덤벨 업라이트 로우
standing-elevated-quad-stretch	duration	stretch	other	beginner	quadriceps		Standing Elevated Quad Stretch	スタンディングエレベーテッドクアッドストレッチ	스탠딩 엘리베이티드 쿼드 스트레칭
standing-front-barbell-raise-over-head	weightReps	strength	barbell	intermediate	shoulders		Standing Front Barbell Raise Over Head	スタンディングバーベルフロントレイズ（頭上まで）	스탠딩 바벨 프론트 레이즈 (머리 위까지)
standing-gastrocnemius-calf-stretch	duration	stretch		beginner	calves	hamstrings	Standing Gastrocnemius Calf Stretch	スタンディング腓腹筋カーフストレッチ	스탠딩 비복근 카프 스트레칭
standing-hamstring-and-calf-stretch	duration	stretch	other	beginner	hamstrings		Standing Hamstring and Calf Stretch	スタンディングハムストリング&カーフストレッチ	스탠딩 햄스트링 앤 카프 스트레칭
standing-hip-circles	duration	stretch	bodyweight	beginner	abductors	adductors	Standing Hip Circles	スタンディングヒップサークルストレッチ	스탠딩 힙 서클 스트레칭
standing-hip-flexors	duration	stretch		beginner	quadriceps		Standing Hip Flexors	スタンディングヒップフレクサーストレッチ	스탠딩 힙 굴근 스트레칭
standing-inner-biceps-curl	weightReps	strength	dumbbell	intermediate	biceps		Standing Inner-Biceps Curl	スタンディングインナーバイセップスカール	스탠딩 이너바이셉 컬
standing-lateral-stretch	duration	stretch		beginner	abdominals		Standing Lateral Stretch	スタンディングラテラルストレッチ	스탠딩 래터럴 스트레칭
standing-leg-curl	weightReps	strength	machine	beginner	hamstrings		Standing Leg Curl	スタンディングレッグカール	스탠딩 레그 컬
standing-long-jump	bodyweightReps	bodyweight	bodyweight	beginner	quadriceps	calves,glutes,hamstrings	Standing Long Jump	スタンディングロングジャンプ	스탠딩 롱 점프
standing-low-pulley-deltoid-raise	weightReps	strength	cable	beginner	shoulders	forearms	Standing Low-Pulley Deltoid Raise	スタンディングロープーリーデルトイドレイズ	스탠딩 로우풀리 델토이드 레이즈
standing-low-pulley-one-arm-triceps-extension	weightReps	strength	cable	intermediate	triceps	chest,shoulders	Standing Low-Pulley One-Arm Triceps Extension	スタンディングロープーリーワンアームトライセプスエクステンション	스탠딩 로우풀리 원암 트라이셉 익스텐션
overhead-press	weightReps	strength	barbell	beginner	shoulders	triceps	Overhead press	ショルダープレス	오버헤드 프레스
standing-olympic-plate-hand-squeeze	weightReps	strength	other	beginner	forearms	biceps	Standing Olympic Plate Hand Squeeze	スタンディングオリンピックプレートハンドスクイーズ	스탠딩 올림픽 플레이트 핸드 스퀴즈
standing-one-arm-cable-curl	weightReps	strength	cable	intermediate	biceps		Standing One-Arm Cable Curl	スタンディングワンアームケーブルカール	스탠딩 원암 케이블 컬
standing-one-arm-dumbbell-curl-over-incline-bench	weightReps	strength	dumbbell	beginner	biceps		Standing One-Arm Dumbbell Curl Over Incline Bench	スタンディングワンアームダンベルカール（インクラインベンチ）	스탠딩 원암 덤벨 컬 (인클라인 벤치)
standing-one-arm-dumbbell-triceps-extension	weightReps	strength	dumbbell	beginner	triceps	chest,shoulders	Standing One-Arm Dumbbell Triceps Extension	スタンディングワンアームダンベルトライセプスエクステンション	스탠딩 원암 덤벨 트라이셉 익스텐션
standing-overhead-barbell-triceps-extension	weightReps	strength	barbell	beginner	triceps	shoulders	Standing Overhead Barbell Triceps Extension	スタンディングオーバーヘッドバーベルトライセプスエクステンション	스탠딩 오버헤드 바벨 트라이셉 익스텐션
standing-palm-in-one-arm-dumbbell-press	weightReps	strength	dumbbell	beginner	shoulders	triceps	Standing Palm-In One-Arm Dumbbell Press	スタンディングパームインワンアームダンベルプレス	스탠딩 팜인 원암 덤벨 프레스
standing-palms-in-dumbbell-press	weightReps	strength	dumbbell	intermediate	shoulders	triceps	Standing Palms-In Dumbbell Press	スタンディングパームズインダンベルプレス	스탠딩 팜스인 덤벨 프레스
standing-palms-up-barbell-behind-the-back-wrist-curl	weightReps	strength	barbell	beginner	forearms		Standing Palms-Up Barbell Behind The Back Wrist Curl	スタンディングパームズアップバーベルビハインドバックリストカール	스탠딩 팜스업 바벨 비하인드 백 리스트 컬
standing-pelvic-tilt	duration	stretch		beginner	lower back	glutes	Standing Pelvic Tilt	スタンディングペルビックチルトストレッチ	스탠딩 골반 틸트 스트레칭
standing-rope-crunch	weightReps	strength	cable	beginner	abdominals		Standing Rope Crunch	スタンディングロープクランチ	스탠딩 로프 크런치
standing-soleus-and-achilles-stretch	duration	stretch		beginner	calves		Standing Soleus And Achilles Stretch	スタンディングヒラメ筋&アキレス腱ストレッチ	스탠딩 가자미근 앤 아킬레스건 스트레칭
standing-toe-touches	duration	stretch		beginner	hamstrings	calves	Standing Toe Touches	スタンディングトゥタッチストレッチ	스탠딩 토 터치 스트레칭
standing-towel-triceps-extension	bodyweightReps	bodyweight	bodyweight	beginner	triceps		Standing Towel Triceps Extension	スタンディングタオルトライセプスエクステンション	스탠딩 타월 트라이셉 익스텐션
standing-two-arm-overhead-throw	weightReps	strength	medicine-ball	beginner	shoulders	chest,lats	Standing Two-Arm Overhead Throw	スタンディングツーアームオーバーヘッドスロー	스탠딩 투암 오버헤드 스로
star-jump	bodyweightReps	bodyweight	bodyweight	beginner	quadriceps	calves,glutes,hamstrings,shoulders	Star Jump	スタージャンプ	스타 점프
step-up-with-knee-raise	bodyweightReps	bodyweight	bodyweight	beginner	glutes	hamstrings,quadriceps	Step-up with Knee Raise	ステップアップ（ニーレイズ）	스텝업 (니 레이즈)
step-mill	distanceDuration	cardio	machine	intermediate	quadriceps	calves,glutes,hamstrings	Step Mill	ステップミル	스텝 밀
stiff-legged-barbell-deadlift	weightReps	strength	barbell	intermediate	hamstrings	glutes,lower back	Stiff-Legged Barbell Deadlift	スティッフレッグバーベルデッドリフト	스티프레그 바벨 데드리프트
stiff-legged-dumbbell-deadlift	weightReps	strength	dumbbell	beginner	hamstrings	glutes,lower back	Stiff-Legged Dumbbell Deadlift	スティッフレッグダンベルデッドリフト	스티프레그 덤벨 데드리프트
stiff-leg-barbell-good-morning	weightReps	strength	barbell	beginner	lower back	glutes,hamstrings	Stiff Leg Barbell Good Morning	スティッフレッグバーベルグッドモーニング	스티프 레그 바벨 굿 모닝
stomach-vacuum	duration	stretch	bodyweight	beginner	abdominals		Stomach Vacuum	ストマックバキューム	복부 배큠
straight-arm-dumbbell-pullover	weightReps	strength	dumbbell	intermediate	chest	lats,shoulders,triceps	Straight-Arm Dumbbell Pullover	ストレートアームダンベルプルオーバー	스트레이트암 덤벨 풀오버
straight-arm-pulldown	weightReps	strength	cable	beginner	lats		Straight-Arm Pulldown	ストレートアームプルダウン	스트레이트암 풀다운
straight-bar-bench-mid-rows	weightReps	strength	barbell	beginner	middle back	biceps,lats	Straight Bar Bench Mid Rows	ストレートバーベンチミッドロウ	스트레이트 바 벤치 미드 로우
straight-raises-on-incline-bench	weightReps	strength	barbell	beginner	shoulders	traps	Straight Raises on Incline Bench	ストレートレイズ（インクラインベンチ）	스트레이트 레이즈 (인클라인 벤치)
stride-jump-crossover	weightReps	strength	other	beginner	quadriceps	abductors,adductors,calves,hamstrings	Stride Jump Crossover	ストライドジャンプクロスオーバー	스트라이드 점프 크로스오버
sumo-deadlift	weightReps	strength	barbell	intermediate	hamstrings	adductors,forearms,glutes,lower back,middle back,quadriceps,traps	Sumo Deadlift	スモウデッドリフト	스모 데드리프트
sumo-deadlift-with-bands	weightReps	strength	barbell	intermediate	hamstrings	adductors,forearms,glutes,lower back,middle back,quadriceps,traps	Sumo Deadlift with Bands	スモウデッドリフト（バンド）	스모 데드리프트 (밴드)
sumo-deadlift-with-chains	weightReps	strength	barbell	intermediate	hamstrings	abductors,adductors,forearms,glutes,lower back,middle back,quadriceps,traps	Sumo Deadlift with Chains	スモウデッドリフト（チェーン）	스모 데드리프트 (체인)
superman	duration	stretch	bodyweight	beginner	lower back	glutes,hamstrings	Superman	スーパーマンストレッチ	슈퍼맨 스트레칭
supine-chest-throw	weightReps	strength	medicine-ball	beginner	triceps	chest,shoulders	Supine Chest Throw	スパインチェストスロー	수파인 체스트 스로
supine-one-arm-overhead-throw	weightReps	strength	medicine-ball	beginner	abdominals	chest,lats,shoulders	Supine One-Arm Overhead Throw	スパインワンアームオーバーヘッドスロー	수파인 원암 오버헤드 스로
supine-two-arm-overhead-throw	weightReps	strength	medicine-ball	beginner	abdominals	chest,lats,shoulders	Supine Two-Arm Overhead Throw	スパインツーアームオーバーヘッドスロー	수파인 투암 오버헤드 스로
suspended-fallout	weightReps	strength	other	intermediate	abdominals	chest,lower back,shoulders	Suspended Fallout	サスペンションフォールアウト	서스펜션 폴아웃
suspended-push-up	weightReps	strength	other	beginner	chest	shoulders,triceps	Suspended Push-Up	サスペンションプッシュアップ	서스펜션 푸시업
suspended-reverse-crunch	weightReps	strength	other	beginner	abdominals		Suspended Reverse Crunch	サスペンションリバースクランチ	서스펜션 리버스 크런치
suspended-row	weightReps	strength	other	beginner	middle back	biceps,lats	Suspended Row	サスペンションロウ	서스펜션 로우
suspended-split-squat	weightReps	strength	other	intermediate	quadriceps	abductors,adductors,calves,glutes,hamstrings	Suspended Split Squat	サスペンションスプリットスクワット	서스펜션 스플릿 스쿼트
svend-press	weightReps	strength	other	beginner	chest	forearms,shoulders,triceps	Svend Press	スヴェンドプレス	스벤드 프레스
t-bar-row-with-handle	weightReps	strength	barbell	beginner	middle back	biceps,lats	T-Bar Row with Handle	Tバーロウ（ハンドル）	T바 로우 (핸들)
tate-press	weightReps	strength	dumbbell	intermediate	triceps	chest,shoulders	Tate Press	テイトプレス	테이트 프레스
the-straddle	duration	stretch		beginner	hamstrings	adductors,calves	The Straddle	ストラドルストレッチ	스트래들 스트레칭
thigh-abductor	weightReps	strength	machine	beginner	abductors	glutes	Thigh Abductor	アブダクション（マシン）	힙 어브덕션 머신
thigh-adductor	weightReps	strength	machine	beginner	adductors	glutes,hamstrings	Thigh Adductor	アダクション（マシン）	힙 어덕션 머신
tire-flip	weightReps	strength	other	intermediate	quadriceps	calves,chest,forearms,glutes,hamstrings,lower back,shoulders,traps,triceps	Tire Flip	タイヤフリップ	타이어 플립
toe-touchers	duration	stretch	bodyweight	beginner	abdominals		Toe Touchers	トゥタッチストレッチ	토 터치 스트레칭
torso-rotation	duration	stretch	exercise-ball	beginner	abdominals		Torso Rotation	トルソーローテーションストレッチ	몸통 로테이션 스트레칭
trail-running-walking	distanceDuration	cardio		beginner	quadriceps	calves,glutes,hamstrings	Trail Running/Walking	トレイルランニング/ウォーキング	트레일 러닝/워킹
trap-bar-deadlift	weightReps	strength	other	beginner	quadriceps	glutes,hamstrings	Trap Bar Deadlift	トラップバーデッドリフト	트랩 바 데드리프트
tricep-dumbbell-kickback	weightReps	strength	dumbbell	beginner	triceps		Tricep Dumbbell Kickback	トライセプスダンベルキックバック	트라이셉 덤벨 킥백
tricep-side-stretch	duration	stretch		beginner	triceps	shoulders	Tricep Side Stretch	トライセプスサイドストレッチ	트라이셉 사이드 스트레칭
triceps-overhead-extension-with-rope	weightReps	strength	cable	beginner	triceps		Triceps Overhead Extension with Rope	トライセプスオーバーヘッドエクステンション（ロープ）	트라이셉 오버헤드 익스텐션 (로프)
triceps-pushdown	weightReps	strength	cable	beginner	triceps		Triceps Pushdown	トライセプスプッシュダウン	트라이셉 푸시다운
triceps-pushdown-rope-attachment	weightReps	strength	cable	beginner	triceps		Triceps Pushdown - Rope Attachment	トライセプスプッシュダウン（ロープアタッチメント）	트라이셉 푸시다운 (로프 어태치먼트)
triceps-pushdown-v-bar-attachment	weightReps	strength	cable	beginner	triceps		Triceps Pushdown - V-Bar Attachment	トライセプスプッシュダウン（Vバーアタッチメント）	트라이셉 푸시다운 (V바 어태치먼트)
triceps-stretch	duration	stretch		beginner	triceps	lats	Triceps Stretch	トライセプスストレッチ	트라이셉 스트레칭
tuck-crunch	bodyweightReps	core	bodyweight	beginner	abdominals		Tuck Crunch	タッククランチ	턱 크런치
two-arm-dumbbell-preacher-curl	weightReps	strength	dumbbell	beginner	biceps		Two-Arm Dumbbell Preacher Curl	ツーアームダンベルプリーチャーカール	투암 덤벨 프리처 컬
two-arm-kettlebell-clean	weightReps	strength	kettlebell	intermediate	shoulders	calves,glutes,hamstrings,lower back,traps	Two-Arm Kettlebell Clean	ツーアームケトルベルクリーン	투암 케틀벨 클린
two-arm-kettlebell-jerk	weightReps	strength	kettlebell	intermediate	shoulders	calves,quadriceps,triceps	Two-Arm Kettlebell Jerk	ツーアームケトルベルジャーク	투암 케틀벨 저크
two-arm-kettlebell-military-press	weightReps	strength	kettlebell	intermediate	shoulders	triceps	Two-Arm Kettlebell Military Press	ツーアームケトルベルミリタリープレス	투암 케틀벨 밀리터리 프레스
two-arm-kettlebell-row	weightReps	strength	kettlebell	intermediate	middle back	biceps,lats	Two-Arm Kettlebell Row	ツーアームケトルベルロウ	투암 케틀벨 로우
underhand-cable-pulldowns	weightReps	strength	cable	beginner	lats	biceps,middle back,shoulders	Underhand Cable Pulldowns	アンダーハンドケーブルプルダウン	언더핸드 케이블 풀다운
upper-back-leg-grab	duration	stretch		beginner	hamstrings	lower back,middle back	Upper Back-Leg Grab	アッパーバックレッググラブストレッチ	어퍼 백레그 그랩 스트레칭
upper-back-stretch	duration	stretch		beginner	middle back	middle back	Upper Back Stretch	アッパーバックストレッチ	어퍼 백 스트레칭
upright-barbell-row	weightReps	strength	barbell	beginner	shoulders	traps	Upright Barbell Row	アップライトバーベルロウ	업라이트 바벨 로우
upright-cable-row	weightReps	strength	cable	intermediate	traps	shoulders	Upright Cable Row	アップライトケーブルロウ	업라이트 케이블 로우
upright-row-with-bands	weightReps	strength	band	beginner	traps	shoulders	Upright Row - With Bands	アップライトロウ（バンド）	업라이트 로우 (밴드)
upward-stretch	duration	stretch		beginner	shoulders	chest,lats	Upward Stretch	アップワードストレッチ	업워드 스트레칭
v-bar-pulldown	weightReps	strength	cable	intermediate	lats	biceps,middle back,shoulders	V-Bar Pulldown	Vバープルダウン	V바 풀다운
v-bar-pullup	bodyweightReps	bodyweight	bodyweight	beginner	lats	biceps,middle back,shoulders	V-Bar Pullup	Vバープルアップ	V바 풀업
vertical-swing	weightReps	strength	dumbbell	beginner	hamstrings	glutes,quadriceps,shoulders	Vertical Swing	バーティカルスイング	버티컬 스윙
walking-treadmill	distanceDuration	cardio	machine	beginner	quadriceps	calves,glutes,hamstrings	Walking, Treadmill	トレッドミル（ウォーキング）	트레드밀 걷기
weighted-ball-hyperextension	weightReps	bodyweight	exercise-ball	intermediate	lower back	glutes,hamstrings,middle back	Weighted Ball Hyperextension	ウェイテッドボールハイパーエクステンション	웨이티드 볼 하이퍼익스텐션
weighted-ball-side-bend	weightReps	core	exercise-ball	intermediate	abdominals		Weighted Ball Side Bend	ウェイテッドボールサイドベンド	웨이티드 볼 사이드 벤드
weighted-bench-dip	weightedBodyweight	strength	other	intermediate	triceps	chest,shoulders	Weighted Bench Dip	ウェイテッドベンチディップ	웨이티드 벤치 딥
weighted-crunches	weightReps	strength	medicine-ball	beginner	abdominals		Weighted Crunches	ウェイテッドクランチ	웨이티드 크런치
weighted-jump-squat	weightReps	strength	barbell	intermediate	quadriceps	calves,glutes,hamstrings,lower back	Weighted Jump Squat	ウェイテッドジャンプスクワット	웨이티드 점프 스쿼트
weighted-pull-ups	weightedBodyweight	strength	other	intermediate	lats	biceps,middle back	Weighted Pull Ups	加重懸垂（ウェイテッドプルアップ）	웨이티드 풀업
weighted-sissy-squat	weightReps	strength	barbell	expert	quadriceps	calves,glutes,hamstrings	Weighted Sissy Squat	ウェイテッドシシースクワット	웨이티드 시시 스쿼트
weighted-sit-ups-with-bands	weightedBodyweight	strength	other	intermediate	abdominals		Weighted Sit-Ups - With Bands	ウェイテッドシットアップ（バンド）	웨이티드 싯업 (밴드)
weighted-squat	weightedBodyweight	strength	other	intermediate	quadriceps	calves,glutes,hamstrings	Weighted Squat	ウェイテッドスクワット	웨이티드 스쿼트
wide-grip-barbell-bench-press	weightReps	strength	barbell	intermediate	chest	shoulders,triceps	Wide-Grip Barbell Bench Press	ワイドグリップバーベルベンチプレス	와이드그립 바벨 벤치 프레스
wide-grip-decline-barbell-bench-press	weightReps	strength	barbell	intermediate	chest	shoulders,triceps	Wide-Grip Decline Barbell Bench Press	ワイドグリップデクラインバーベルベンチプレス	와이드그립 디클라인 바벨 벤치 프레스
wide-grip-decline-barbell-pullover	weightReps	strength	barbell	intermediate	chest	shoulders,triceps	Wide-Grip Decline Barbell Pullover	ワイドグリップデクラインバーベルプルオーバー	와이드그립 디클라인 바벨 풀오버
wide-grip-lat-pulldown	weightReps	strength	cable	beginner	lats	biceps,middle back,shoulders	Wide-Grip Lat Pulldown	ワイドグリップラットプルダウン	와이드그립 랫 풀다운
wide-grip-pulldown-behind-the-neck	weightReps	strength	cable	intermediate	lats	biceps,middle back,shoulders	Wide-Grip Pulldown Behind The Neck	ワイドグリッププルダウンビハインドネック	와이드그립 풀다운 비하인드 넥
wide-grip-rear-pull-up	bodyweightReps	bodyweight	bodyweight	intermediate	lats	biceps,middle back,shoulders	Wide-Grip Rear Pull-Up	ワイドグリップリアプルアップ	와이드그립 리어 풀업
wide-grip-standing-barbell-curl	weightReps	strength	barbell	beginner	biceps		Wide-Grip Standing Barbell Curl	ワイドグリップスタンディングバーベルカール	와이드그립 스탠딩 바벨 컬
wide-stance-barbell-squat	weightReps	strength	barbell	intermediate	quadriceps	calves,glutes,hamstrings,lower back	Wide Stance Barbell Squat	ワイドスタンスバーベルスクワット	와이드 스탠스 바벨 스쿼트
wide-stance-stiff-legs	weightReps	strength	barbell	intermediate	hamstrings	adductors,glutes,lower back	Wide Stance Stiff Legs	ワイドスタンススティッフレッグ	와이드 스탠스 스티프 레그
wind-sprints	bodyweightReps	core	bodyweight	beginner	abdominals		Wind Sprints	ウィンドスプリント	윈드 스프린트
windmills	duration	stretch		intermediate	abductors	glutes,hamstrings,lower back	Windmills	ウィンドミルストレッチ	윈드밀 스트레칭
worlds-greatest-stretch	duration	stretch		intermediate	hamstrings	calves,glutes,quadriceps	World's Greatest Stretch	ワールズグレイテストストレッチ	월즈 그레이티스트 스트레칭
wrist-circles	duration	stretch	bodyweight	beginner	forearms		Wrist Circles	リストサークルストレッチ	리스트 서클 스트레칭
wrist-roller	weightReps	strength	other	beginner	forearms	shoulders	Wrist Roller	リストローラー	리스트 롤러
wrist-rotations-with-straight-bar	weightReps	strength	barbell	beginner	forearms		Wrist Rotations with Straight Bar	リストローテーション（ストレートバー）	리스트 로테이션 (스트레이트 바)
yoke-walk	weightDistance	strength	other	intermediate	quadriceps	abdominals,abductors,adductors,calves,glutes,hamstrings,lower back	Yoke Walk	ヨークウォーク	요크 워크
zercher-squats	weightReps	strength	barbell	expert	quadriceps	calves,glutes,hamstrings	Zercher Squats	ザーチャースクワット	저처 스쿼트
zottman-curl	weightReps	strength	dumbbell	intermediate	biceps	forearms	Zottman Curl	ゾットマンカール	조트맨 컬
zottman-preacher-curl	weightReps	strength	dumbbell	intermediate	biceps	forearms	Zottman Preacher Curl	ゾットマンプリーチャーカール	조트맨 프리처 컬
lunge	bodyweightReps	bodyweight	bodyweight	beginner	quadriceps,glutes,hamstrings		Lunge	ランジ	런지
burpee	bodyweightReps	cardio	bodyweight	beginner	full body		Burpee	バーピー	버피
jumping-jack	bodyweightReps	cardio	bodyweight	beginner	full body		Jumping jack	ジャンピングジャック	팔벌려뛰기
wall-sit	duration	bodyweight	bodyweight	beginner	quadriceps		Wall sit	空気椅子	월 싯
"""#
}
