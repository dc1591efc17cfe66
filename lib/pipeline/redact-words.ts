// The words that name a password, a PIN or a passphrase (#11, #25, #34 item 7), in the languages people chat in:
// at least the UI's (Japanese, Korean, Chinese, Spanish, French, German, Portuguese, Russian, Turkish,
// Vietnamese, Indonesian, Arabic, Hindi), and Italian, Dutch, Polish and Swedish, which #25 added. Regex sources,
// joined by redact-stated.ts; each list decides how the value after it is read.

/** A password follows: one word, or a quoted string. */
export const PASSWORD = [
  String.raw`passwords?|passwd|pwd|pw|passcode|mot de passe|passwort|kennwort|contraseña|senha|palavra-passe`,
  String.raw`wachtwoord|hasło|lösenord(?:et)?|пароль|şifre(?:m|n|si|miz|niz)?|parola(?:m|n|sı|mız)|mật khẩu`,
  String.raw`kata sandi(?:nya|ku|mu)?|kata laluan|كلمة المرور|كلمة السر|كلمة مرور|رمز المرور|पासवर्ड|कूटशब्द`,
].join('|');

/** Words that name a password only sometimes ("la clave del éxito", Italian "parola"): the value must look like one. */
export const WEAK = String.raw`clave|parola|sandi|암호`;

/** A PIN or a card code follows: digits, written with spaces or dashes if the person likes. */
export const PIN = [
  String.raw`pin(?:\s*(?:number|code|no\.?|#|번호|kodu|kodum|kod|コード))?|пин(?:-код)?|pin-код|geheimzahl`,
  String.raw`(?:door|gate|alarm|lock|safe|garage|entry|security|unlock|access)\s+code|cvv2?|cvc2?|csc`,
  String.raw`الرقم السري|رقم التعريف الشخصي|पिन(?: कोड)?`,
].join('|');

/** A passphrase follows: every word to the end of its clause (Engram's suggested sync passphrase is five). */
export const PHRASE = [
  String.raw`pass ?phrases?|sync phrase|phrase secrète|phrase de passe|frase de contraseña|frase de paso`,
  String.raw`frase secreta|frase-senha|frase de senha|парольная фраза|parola öbeği|cụm mật khẩu|frasa sandi`,
  String.raw`عبارة المرور|पासफ़्रेज़|पासफ्रेज`,
].join('|');

/** Keywords written with no space before them ("私のパスワード", "我的wifi密码"): no word boundary applies. */
export const GLUED = String.raw`パスワード|パスコード|パスフレーズ|暗証番号|密码短语|密[码碼]|口令|비밀번호|비번|암호\s?문구`;

/** Which list a keyword came from. */
export type KeywordKind = 'password' | 'weak' | 'pin' | 'phrase';

const KINDS: [KeywordKind, RegExp][] = [
  ['pin', new RegExp(`^(?:${PIN}|暗証番号)$`, 'iu')],
  ['phrase', new RegExp(`^(?:${PHRASE}|パスフレーズ|密码短语|암호\\s?문구)$`, 'iu')],
  ['weak', new RegExp(`^(?:${WEAK})$`, 'iu')],
];

export function kindOfKeyword(keyword: string): KeywordKind {
  return KINDS.find(([, re]) => re.test(keyword))?.[0] ?? 'password';
}

/**
 * Keywords in scripts whose passwords are nearly always typed in ASCII (CJK, Arabic, Devanagari): the value is the
 * ASCII run after them, so "비밀번호는 hangang99입니다" keeps its ending and "パスワードは変更済みです" keeps it all.
 */
export const inAsciiOnly = (keyword: string) =>
  /[\p{sc=Han}\p{sc=Kana}\p{sc=Hira}\p{sc=Hang}\p{sc=Arab}\p{sc=Deva}]/u.test(keyword);

/** Verbs and particles between a keyword and its value: "is", "ist", "est", "lautet", "là", "adalah", "هي"… */
export const VERB = String.raw`is|was|est|ist|war|es|era|é|è|lautet|är|là|adalah|ialah|yaitu|هي|هو`;
/** Particles written glued to the keyword: は, 是, 为, 는, 은. */
export const PARTICLE = String.raw`は|是|为|為|는|은`;
/** Prepositions that name what the password is for: "for my bank", "für das WLAN", "от почты", "của tôi". */
export const FOR = String.raw`for|to|of|on|at|in|from|für|du|de|del|da|do|della|för|voor|от|для|của|untuk|dari`;
/** Words between a keyword and its verb that say whose or which: "mật khẩu wifi là", "kata sandi saya adalah". */
export const WHICH = String.raw`wi-?fi|wlan|e-?mail|mail|router|admin|root|vpn|bank|saya|anda|kami|kita|tôi|của tôi|của bạn`;

/** Words that follow "my password is" without being one: "too short", "wrong", "zu kurz", "не", "yanlış". */
export const NOT_A_PASSWORD = new Set(
  `too not wrong correct incorrect invalid the a an my your his her our their same still weak strong expired
  short long reset changed saved stored required case protected set needed missing forgotten in on at for
  from and or but that this it also now just only very so being here there different new old easy hard
  simple secure unknown empty blank what where zu nicht falsch trop pas muy sehr demasiado faux see below
  above attached written printed kept like something private confidential case-sensitive mandatory
  не нет неверный неправильный слабый yanlış değişti yok gerekli gì sai đúng salah benar apa lupa
  errada incorrecta incorrect oublié vergessen olvidé esqueci`.split(/\s+/),
);
