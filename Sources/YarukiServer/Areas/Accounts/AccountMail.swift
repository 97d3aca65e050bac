import Foundation
import YarukiAPI
import YarukiCore

/// The mail of the account flows, in the person's language: confirm an address, confirm a new
/// one (and tell the old one), reset the password (and say it was reset), sign in with a link. Plain text, with the
/// link on a line of its own so every mail app makes it clickable.
enum AccountMail {
    enum Kind: Sendable {
        case verify, changeEmail, changeNotice, reset, resetDone, signInLink
    }

    struct Values: Sendable {
        var name: String
        var link: String = ""
        var hours: Int = 0
        var minutes: Int = 0
        /// The new address, told to the old one.
        var newEmail: String = ""
    }

    static func message(_ kind: Kind, to: String, language: AppLanguage, _ values: Values) -> MailMessage {
        let (subject, body) = text(kind, language)
        func fill(_ template: String) -> String {
            template.replacingOccurrences(of: "{name}", with: values.name).replacingOccurrences(of: "{link}", with: values.link)
                .replacingOccurrences(of: "{hours}", with: String(values.hours)).replacingOccurrences(of: "{minutes}", with: String(values.minutes))
                .replacingOccurrences(of: "{newEmail}", with: values.newEmail)
        }
        return MailMessage(to: to, subject: fill(subject), body: fill(body) + signature[language, default: signature[.en]!])
    }

    private static let signature: [AppLanguage: String] = [
        .en: "\n\n— Yaruki\nThis mail was sent automatically; replies are not read.\n",
        .ja: "\n\n— Yaruki\nこのメールは自動で送信されています。返信には対応できません。\n",
        .ko: "\n\n— Yaruki\n이 메일은 자동으로 발송되었습니다. 회신은 확인되지 않습니다.\n",
    ]

    private static func text(_ kind: Kind, _ language: AppLanguage) -> (String, String) {
        switch (kind, language) {
        case (.verify, .en):
            ("Confirm your email for Yaruki", """
            Hello {name},

            Open this link to confirm that this address is yours:

            {link}

            The link works for {hours} hours. Until you confirm, your account works, but Sign in with Apple or Google will not join it by this address.
            If you did not sign up for Yaruki, ignore this mail.
            """)
        case (.verify, .ja):
            ("Yarukiのメールアドレスを確認してください", """
            {name}さん

            次のリンクを開いて、このメールアドレスがご本人のものであることを確認してください。

            {link}

            リンクの有効期限は{hours}時間です。確認が済むまでもアカウントは使えますが、AppleやGoogleでのサインインがこのアドレスでアカウントにつながることはありません。
            Yarukiに登録した覚えがない場合は、このメールを無視してください。
            """)
        case (.verify, .ko):
            ("Yaruki 이메일 주소를 확인해 주세요", """
            {name}님, 안녕하세요.

            아래 링크를 열어 이 주소가 본인의 것임을 확인해 주세요.

            {link}

            링크는 {hours}시간 동안 유효합니다. 확인 전에도 계정은 사용할 수 있지만, Apple 또는 Google 로그인이 이 주소로 계정에 연결되지는 않습니다.
            Yaruki에 가입한 적이 없다면 이 메일을 무시해 주세요.
            """)
        case (.changeEmail, .en):
            ("Confirm your new email for Yaruki", """
            Hello {name},

            You asked to use this address for your Yaruki account. Open this link to confirm it:

            {link}

            The link works for {hours} hours. Your account keeps its old address until you open it.
            If you did not ask for this, ignore this mail: nothing changes.
            """)
        case (.changeEmail, .ja):
            ("Yarukiの新しいメールアドレスを確認してください", """
            {name}さん

            Yarukiアカウントでこのメールアドレスを使うよう依頼がありました。次のリンクを開いて確認してください。

            {link}

            リンクの有効期限は{hours}時間です。リンクを開くまで、アカウントは以前のアドレスのままです。
            心当たりがない場合は、このメールを無視してください。何も変わりません。
            """)
        case (.changeEmail, .ko):
            ("Yaruki 새 이메일 주소를 확인해 주세요", """
            {name}님, 안녕하세요.

            Yaruki 계정에 이 주소를 사용하도록 요청하셨습니다. 아래 링크를 열어 확인해 주세요.

            {link}

            링크는 {hours}시간 동안 유효합니다. 링크를 열기 전까지 계정은 기존 주소를 유지합니다.
            요청한 적이 없다면 이 메일을 무시해 주세요. 아무것도 바뀌지 않습니다.
            """)
        case (.changeNotice, .en):
            ("Your Yaruki email is being changed", """
            Hello {name},

            Someone signed in to your Yaruki account, entered its password and asked to change its email to {newEmail}. The change happens only when a link sent to that address is opened.

            If this was not you, change your password now and sign out your other devices:

            {link}
            """)
        case (.changeNotice, .ja):
            ("Yarukiのメールアドレス変更の依頼がありました", """
            {name}さん

            Yarukiアカウントにサインインし、パスワードを入力したうえで、メールアドレスを{newEmail}に変更する依頼がありました。そのアドレスに送られたリンクが開かれたときにだけ変更されます。

            心当たりがない場合は、すぐにパスワードを変更し、ほかの端末からサインアウトしてください。

            {link}
            """)
        case (.changeNotice, .ko):
            ("Yaruki 이메일 변경 요청이 있었습니다", """
            {name}님, 안녕하세요.

            누군가 Yaruki 계정에 로그인해 비밀번호를 입력하고 이메일을 {newEmail}(으)로 바꾸도록 요청했습니다. 그 주소로 보낸 링크를 열어야만 변경됩니다.

            본인이 아니라면 지금 비밀번호를 바꾸고 다른 기기에서 로그아웃하세요.

            {link}
            """)
        case (.reset, .en):
            ("Reset your Yaruki password", """
            Hello {name},

            Open this link to choose a new password:

            {link}

            The link works once, for {minutes} minutes. Choosing a new password signs you out on every device.
            If you did not ask for this, ignore this mail: your password stays as it is.
            """)
        case (.reset, .ja):
            ("Yarukiのパスワードを再設定してください", """
            {name}さん

            次のリンクを開いて、新しいパスワードを設定してください。

            {link}

            リンクは{minutes}分間、1回だけ使えます。新しいパスワードを設定すると、すべての端末からサインアウトされます。
            心当たりがない場合は、このメールを無視してください。パスワードは変わりません。
            """)
        case (.reset, .ko):
            ("Yaruki 비밀번호를 재설정하세요", """
            {name}님, 안녕하세요.

            아래 링크를 열어 새 비밀번호를 정하세요.

            {link}

            링크는 {minutes}분 동안 한 번만 쓸 수 있습니다. 새 비밀번호를 정하면 모든 기기에서 로그아웃됩니다.
            요청한 적이 없다면 이 메일을 무시해 주세요. 비밀번호는 그대로입니다.
            """)
        case (.signInLink, .en):
            ("Your Yaruki sign-in link", """
            Hello {name},

            Open this link to sign in to Yaruki on the device where you asked for it:

            {link}

            The link works once, for {minutes} minutes. It signs you in without your password, even while sign-ins with a password are held back after many wrong guesses.
            If you did not ask for this, ignore this mail: nobody can use the link without this mailbox.
            """)
        case (.signInLink, .ja):
            ("Yarukiのサインイン用リンク", """
            {name}さん

            依頼した端末でこのリンクを開くと、Yarukiにサインインできます。

            {link}

            リンクは{minutes}分間、1回だけ使えます。パスワードの誤入力が続いてサインインが一時的に止められている間も、パスワードなしでサインインできます。
            心当たりがない場合は、このメールを無視してください。このメールボックスがなければリンクは使えません。
            """)
        case (.signInLink, .ko):
            ("Yaruki 로그인 링크", """
            {name}님, 안녕하세요.

            요청한 기기에서 이 링크를 열면 Yaruki에 로그인됩니다.

            {link}

            링크는 {minutes}분 동안 한 번만 쓸 수 있습니다. 잘못된 비밀번호 입력이 많아 비밀번호 로그인이 잠시 막혀 있어도 비밀번호 없이 로그인할 수 있습니다.
            요청한 적이 없다면 이 메일을 무시해 주세요. 이 메일함이 없으면 링크를 쓸 수 없습니다.
            """)
        case (.resetDone, .en):
            ("Your Yaruki password was reset", """
            Hello {name},

            Your password was reset with a link sent to this address, and every device was signed out.
            If this was not you, reset it again at once: {link}
            """)
        case (.resetDone, .ja):
            ("Yarukiのパスワードが再設定されました", """
            {name}さん

            このアドレスに送られたリンクからパスワードが再設定され、すべての端末がサインアウトされました。
            心当たりがない場合は、すぐにもう一度再設定してください: {link}
            """)
        case (.resetDone, .ko):
            ("Yaruki 비밀번호가 재설정되었습니다", """
            {name}님, 안녕하세요.

            이 주소로 보낸 링크로 비밀번호가 재설정되었고, 모든 기기에서 로그아웃되었습니다.
            본인이 아니라면 즉시 다시 재설정하세요: {link}
            """)
        }
    }
}
