/// Wording that tells a stranger whether an account exists, for the messages shown after a failed
/// sign-in or a password reset request (OWASP Authentication Cheat Sheet, "Authentication and
/// Error Messages": respond with a generic message whether the user ID or the password was wrong).
public enum CredentialWording {
    /// Whether `key` is a credential message: a Firebase sign-in or reset error, or a key whose
    /// name says it reports rejected credentials or a failed sign-in.
    public static func isCredentialKey(_ key: String) -> Bool {
        let exact: Set<String> = [
            "auth/wrong-password", "auth/user-not-found", "auth/invalid-credential", "auth/invalid-login-credentials",
            "auth/invalid-password", "auth/missing-password", "auth/user-disabled",
        ]
        if exact.contains(key) { return true }
        let lowered = key.lowercased()
        return ["credential", "wrong-password", "user-not-found", "login-failed", "signin-failed", "sign-in-failed", "reset-sent"]
            .contains { lowered.contains($0) }
    }

    /// Phrases, by language, that confirm or deny that an account exists, or that the password
    /// (rather than the pair) was wrong.
    static let phrases: [String: [String]] = [
        "en": [
            "no account", "not registered", "no user", "user not found", "account not found", "does not exist", "doesn't exist",
            "unknown user", "unknown email", "no such user", "no record", "wrong password", "incorrect password",
            "password is incorrect", "password is wrong", "invalid password", "is already registered", "account exists",
            "has been deleted", "may have been deleted",
        ],
        "ja": [
            "存在しません", "登録されていません", "見つかりません", "パスワードが間違", "パスワードが正しくありません",
            "パスワードが違", "未登録", "削除された可能性",
        ],
        "de": [
            "kein konto", "nicht registriert", "existiert nicht", "nicht gefunden", "falsches passwort", "passwort ist falsch",
            "passwort ist nicht korrekt", "unbekannte e-mail", "unbekannter benutzer",
        ],
        "fr": [
            "aucun compte", "n'existe pas", "n’existe pas", "introuvable", "pas inscrit", "non inscrit", "mot de passe incorrect",
            "mot de passe erroné", "utilisateur inconnu",
        ],
        "es": [
            "no existe", "ninguna cuenta", "no hay ninguna cuenta", "no está registrad", "no encontrado", "contraseña incorrecta",
            "usuario desconocido",
        ],
        "pt": [
            "não existe", "nenhuma conta", "não está registrad", "não cadastrad", "não encontrad", "senha incorreta", "senha errada",
            "palavra-passe incorreta",
        ],
        "it": ["non esiste", "nessun account", "non registrat", "non trovato", "password errata", "password sbagliata"],
        "nl": ["bestaat niet", "geen account", "niet geregistreerd", "niet gevonden", "onjuist wachtwoord", "verkeerd wachtwoord", "wachtwoord is onjuist"],
        "ko": ["존재하지 않", "등록되지 않", "찾을 수 없", "비밀번호가 틀", "잘못된 비밀번호", "비밀번호가 올바르지 않"],
        "zh": ["不存在", "未注册", "未註冊", "找不到", "密码错误", "密碼錯誤", "密码不正确", "密碼不正確"],
        "ru": ["не существует", "не зарегистрирован", "не найден", "неверный пароль", "неправильный пароль", "нет аккаунта", "нет учетной записи", "нет учётной записи"],
        "pl": ["nie istnieje", "nie jest zarejestrowan", "nie znaleziono", "nieprawidłowe hasło", "błędne hasło", "złe hasło", "brak konta"],
        "uk": ["не існує", "не зареєстрован", "не знайдено", "неправильний пароль", "невірний пароль"],
        "tr": ["mevcut değil", "kayıtlı değil", "bulunamadı", "yanlış şifre", "hatalı şifre", "şifre yanlış"],
        "ar": ["غير موجود", "غير مسجل", "كلمة المرور خاطئة", "كلمة المرور غير صحيحة", "لا يوجد حساب"],
    ]

    /// Words for the account identifier, for "or", and for the password, by language: a message
    /// naming the identifier or the password together says nothing about which one was wrong.
    static let genericWords: [String: (identifier: [String], or: [String], password: [String])] = [
        "en": (["email", "e-mail", "username", "user name", "account"], [" or "], ["password"]),
        "ja": (["メールアドレス", "メール", "ユーザー名", "id"], ["または", "もしくは", "か"], ["パスワード"]),
        "de": (["e-mail", "benutzername", "konto"], [" oder "], ["passwort", "kennwort"]),
        "fr": (["e-mail", "adresse", "identifiant", "courriel"], [" ou "], ["mot de passe"]),
        "es": (["correo", "usuario"], [" o "], ["contraseña"]),
        "pt": (["e-mail", "email", "usuário"], [" ou "], ["senha", "palavra-passe"]),
        "it": (["email", "e-mail", "nome utente"], [" o "], ["password"]),
        "nl": (["e-mail", "gebruikersnaam"], [" of "], ["wachtwoord"]),
        "ko": (["이메일", "아이디"], ["또는"], ["비밀번호"]),
        "zh": (["邮箱", "邮件", "電子郵件", "電郵", "电邮", "用户名", "使用者名稱", "用戶名稱"], ["或"], ["密码", "密碼"]),
        "ru": (["почт", "логин"], [" или "], ["пароль"]),
        "pl": (["e-mail", "login"], [" lub ", " albo "], ["hasło"]),
        "uk": (["пошт", "логін"], [" або "], ["пароль"]),
        "tr": (["e-posta", "kullanıcı adı"], [" veya ", " ya da "], ["şifre", "parola"]),
        "ar": (["البريد", "اسم المستخدم"], [" أو "], ["كلمة المرور"]),
    ]

    /// Whether `text` names the identifier and the password joined by "or".
    static func isGeneric(_ lowered: String, language: String) -> Bool {
        for words in [genericWords[language], genericWords["en"]].compactMap({ $0 }) {
            if words.identifier.contains(where: lowered.contains), words.or.contains(where: lowered.contains),
               words.password.contains(where: lowered.contains) {
                return true
            }
        }
        return false
    }

    /// The first revealing phrase in `text`, for `locale`'s language (and English, which shows
    /// up untranslated).
    public static func revealingPhrase(in text: String, locale: String) -> String? {
        let language = String(locale.prefix { $0 != "-" && $0 != "_" }).lowercased()
        let lowered = text.lowercased()
        if isGeneric(lowered, language: language) { return nil }
        for list in [phrases[language] ?? [], language == "en" ? [] : phrases["en"]!] {
            if let hit = list.first(where: { lowered.contains($0) }) { return hit }
        }
        return nil
    }
}
