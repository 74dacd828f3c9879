/// Wording that tells a stranger whether an account exists, for the messages shown after a failed
/// sign-in or a password reset request (OWASP Authentication Cheat Sheet, "Authentication and
/// Error Messages": respond with a generic message whether the user ID or the password was wrong).
public enum CredentialWording {
    /// Whether `key` is a credential message: a Firebase sign-in or reset error, or a key whose
    /// name says sign-in, login or password reset.
    public static func isCredentialKey(_ key: String) -> Bool {
        let exact: Set<String> = [
            "auth/wrong-password", "auth/user-not-found", "auth/invalid-credential", "auth/invalid-login-credentials",
            "auth/invalid-password", "auth/missing-password", "auth/user-disabled", "auth/too-many-requests",
        ]
        if exact.contains(key) { return true }
        let lowered = key.lowercased()
        return ["sign-in", "signin", "sign_in", "login", "log-in", "password-reset", "reset-password", "forgot-password", "credential"]
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

    /// Generic pairs ("email or password") that say nothing about which part was wrong; they are
    /// taken out before the phrases are looked for.
    static let genericPairs: [String: [String]] = [
        "en": ["email or password", "e-mail or password", "email address or password", "username or password", "email and password", "password or email"],
        "ja": ["メールアドレスまたはパスワード", "メールアドレスかパスワード", "メールアドレスもしくはパスワード", "ユーザー名またはパスワード", "idまたはパスワード"],
        "de": ["e-mail oder passwort", "e-mail-adresse oder passwort", "benutzername oder passwort", "e-mail oder kennwort"],
        "fr": ["e-mail ou mot de passe", "adresse e-mail ou mot de passe", "identifiant ou mot de passe", "email ou mot de passe"],
        "es": ["correo o contraseña", "correo electrónico o contraseña", "usuario o contraseña"],
        "pt": ["e-mail ou senha", "email ou senha", "e-mail ou palavra-passe"],
        "it": ["email o password", "e-mail o password"],
        "nl": ["e-mail of wachtwoord", "e-mailadres of wachtwoord"],
        "ko": ["이메일 또는 비밀번호", "이메일 주소 또는 비밀번호"],
        "zh": ["邮箱或密码", "電子郵件或密碼", "邮件地址或密码", "用户名或密码"],
        "ru": ["почта или пароль", "адрес электронной почты или пароль", "логин или пароль"],
        "pl": ["e-mail lub hasło", "adres e-mail lub hasło", "login lub hasło"],
        "uk": ["пошта або пароль", "логін або пароль"],
        "tr": ["e-posta veya şifre", "e-posta veya parola"],
        "ar": ["البريد الإلكتروني أو كلمة المرور"],
    ]

    /// The first revealing phrase in `text`, for `locale`'s language (and English, which shows
    /// up untranslated).
    public static func revealingPhrase(in text: String, locale: String) -> String? {
        let language = String(locale.prefix { $0 != "-" && $0 != "_" }).lowercased()
        var lowered = text.lowercased()
        for pair in (genericPairs[language] ?? []) + (genericPairs["en"] ?? []) {
            lowered = lowered.replacingAll(pair, "◇")
        }
        for list in [phrases[language] ?? [], language == "en" ? [] : phrases["en"]!] {
            if let hit = list.first(where: { lowered.contains($0) }) { return hit }
        }
        return nil
    }
}
