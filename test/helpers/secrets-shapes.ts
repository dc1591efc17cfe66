// The redaction corpus, third part (#34 item 7): secret shapes a fresh reading found missing, each with its
// siblings. Known token prefixes (Slack, Shopify, Atlassian, Mailgun, Google OAuth refresh tokens and the
// prefixes next to them), wallet seed phrases (runs of BIP39 words) and private keys, multi-word passphrases
// read to the end of their clause (the sync passphrases Engram suggests among them), Engram's own pairing
// secret, PINs written with spaces, 2FA backup codes, URL passwords holding `@`, Wi-Fi QR strings, `.pgpass`
// and docker `auth` lines, and the phrasings of the languages Engram's UI speaks. Every value is made up,
// random, or a documented test vector (BIP39's from the reference implementation's vectors, WIF and xprv from
// BIP32's and Bitcoin's documentation).
import type { SecretRow } from './secret-row';

const row = (name: string, text: string, ...gone: string[]): SecretRow => ({ name, text, gone });

const A62 = 'w7Auq8CkoXvFqUBE5FvH6CyBOPuDYm1vzQzP50NZd11jfOfaCRw8QdZCsAnBf841';
const B62 = 'ynwPJov3Bla4NKQdY8R5fW7qInrTHDAdygnX7mRq87bpfSLETuYDFAO0JR0kajbS';
const H64 = 'a0bc614c12ab6584a576162cd30a039ad74edb7320c4ffe90cb9898c855b5bde';
const H64B = 'e4c5668cd5106ad70b16b46a32d42ef22045efe78c4c9aa0ebbc6dd77285e3de';
const URL96 =
  'MUARO97HZbwvxtO-eXkWhGaDKviSZu8gI-IgIbtTe78wnJ3kqORVCoZPQ5I9B3v7Hd9pTdtoHnl_rTeWu29B-5VIRG2D90mDyer';
const H32 = H64.slice(0, 32);

// BIP39: the reference vectors (all-zero entropy; 0x7f…) and phrases drawn with @scure/bip39.
const SEED_ZERO =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const SEED_7F = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const SEED_12 = 'snake result regular shoot paper february fitness alarm equip race shadow deny';
const SEED_24 =
  'boat mail deposit enact slush noodle drink unlock tumble noodle decade force siren filter deer entry beach machine family capital rack bitter someone sand';
const SEED_15 =
  'rich tray donate gospel bitter winter achieve sustain question name shallow suffer wealth mirror sphere';
// Five words of EFF's long list, the shape of Options → Sync's suggested passphrase (lib/sync/words.ts).
const SYNC = 'grumble vaporizer shank pandemic swinger';
const SYNC2 = 'legume daringly mushily rendering strength';
const PAIRING = `engram-mcp-1.${URL96.slice(0, 43)}`;
// Bitcoin wiki's WIF example, BIP32 test vector 1's master key.
const WIF = '5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ';
const WIF_C = 'KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98617';
const XPRV =
  'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';

export const SHAPED_SECRETS: SecretRow[] = [
  // Slack's other prefixes, Shopify, Atlassian and Bitbucket, Mailgun.
  row('Slack refresh token', `xoxe-1-My0xLTE${A62}`, A62),
  row('Slack rotating user token', `xoxe.xoxp-1-Mi0yLTE${A62}`, A62),
  row('Slack client token', `xoxc-1234567890-${B62}`, B62),
  row('Slack cookie token', `d=xoxd-${A62.slice(0, 40)}%2F${B62.slice(0, 30)}`, A62.slice(0, 40)),
  row('Shopify admin token', `shpat_${H32}`, H32),
  row('Shopify shared secret', `SHOPIFY_SHARED_SECRET is shpss_${H32}`, H32),
  row('Shopify custom app token', `shpca_${H32}`, H32),
  row('Shopify private app password', `shppa_${H32}`, H32),
  row('Atlassian API token', `jira token ATATT3xFfGF0${A62}${B62}=0A1B2C3D`, A62, B62),
  row('Atlassian Confluence token', `ATCTT3xFfGN0${B62}${A62.slice(0, 40)}`, B62),
  row('Bitbucket app password', `ATBB${A62.slice(0, 32)}`, A62.slice(0, 32)),
  row('Mailgun key', `mailgun key-${H32}`, H32),
  row('Mailgun new-format key', `${H32}-${H64.slice(32, 40)}-${H64.slice(40, 48)}`, H32),
  // Google OAuth: refresh tokens and authorization codes, next to the access tokens already redacted.
  row('Google OAuth refresh token', `refresh: 1//0g${URL96.slice(0, 90)}`, URL96.slice(0, 90)),
  row('Google OAuth refresh token in JSON', `{"refresh_token": "1//03${B62}${A62.slice(0, 30)}"}`, B62),
  row('Google OAuth authorization code', `code 4/0AX4XfW${URL96.slice(0, 60)}`, URL96.slice(0, 60)),
  // Siblings: the platform tokens people paste beside them.
  row('Twilio API key', `SK${H32}`, H32),
  row('Square access token', `sq0atp-${URL96.slice(0, 22)}`, URL96.slice(0, 22)),
  row('Square application secret', `sq0csp-${URL96.slice(0, 43)}`, URL96.slice(0, 43)),
  row('Dropbox token', `sl.u.${URL96}${A62}`, URL96),
  row('Postman key', `PMAK-${H64.slice(0, 24)}-${H64B.slice(0, 34)}`, H64.slice(0, 24)),
  row('Doppler token', `dp.pt.${A62.slice(0, 43)}`, A62.slice(0, 43)),
  row('Databricks token', `dapi${H32}`, H32),
  row('Sentry token', `sntrys_${URL96}`, URL96),
  row('Grafana service account token', `glsa_${A62.slice(0, 32)}_${H64.slice(0, 8)}`, A62.slice(0, 32)),
  row('Grafana Cloud token', `glc_${A62}`, A62),
  row('New Relic key', `NRAK-${A62.slice(0, 27).toUpperCase()}`, A62.slice(0, 27).toUpperCase()),
  row('PlanetScale password', `pscale_pw_${A62.slice(0, 43)}`, A62.slice(0, 43)),
  row('Supabase token', `sbp_${H64.slice(0, 40)}`, H64.slice(0, 40)),
  row('Netlify token', `nfp_${A62.slice(0, 36)}`, A62.slice(0, 36)),
  row('Figma token', `figd_${URL96.slice(0, 40)}`, URL96.slice(0, 40)),
  row('Airtable token', `pat${A62.slice(0, 14)}.${H64}`, H64),
  row('Mapbox secret token', `sk.eyJ1Ijoi${A62}.${B62.slice(0, 22)}`, A62),
  row('Docker Hub token', `dckr_pat_${URL96.slice(0, 27)}`, URL96.slice(0, 27)),
  row('RubyGems key', `rubygems_${H64.slice(0, 48)}`, H64.slice(0, 48)),
  row('GitLab runner token', `glrt-${A62.slice(0, 20)}`, A62.slice(0, 20)),
  row('GitLab deploy token', `gldt-${A62.slice(0, 20)}`, A62.slice(0, 20)),
  row('Terraform Cloud token', `${A62.slice(0, 14)}.atlasv1.${A62}`, A62),
  row('Mailchimp key', `${H32}-us21`, H32),
  row(
    'Discord webhook',
    `https://discord.com/api/webhooks/123456789012345678/${URL96.slice(0, 68)}`,
    URL96.slice(0, 68),
  ),
  row('Pulumi token', `pul-${H64.slice(0, 40)}`, H64.slice(0, 40)),
  row('Fly.io token', `FlyV1 fm2_${URL96}`, URL96),
  row('Notion legacy token', `secret_${A62.slice(0, 43)}`, A62.slice(0, 43)),
  // Engram's own formats: the pairing secret, the suggested sync passphrase.
  row("Engram's pairing secret", `ENGRAM_MCP_SECRET was ${PAIRING}`, PAIRING),
  row("Engram's pairing secret in prose", `pair with ${PAIRING} please`, PAIRING),
  row('sync passphrase: five words', `sync passphrase: ${SYNC}`, ...SYNC.split(' ')),
  row(
    'sync passphrase said in a sentence',
    `my Engram sync passphrase is ${SYNC2}, keep it safe`,
    ...SYNC2.split(' '),
  ),
  row('suggested passphrase alone on its line', `Here it is:\n${SYNC}\nDon't lose it.`, ...SYNC.split(' ')),
  row('suggested passphrase quoted', `I wrote "${SYNC2}" on a card.`, ...SYNC2.split(' ')),
  row(
    'passphrase to the end of the clause',
    'the passphrase is purple monkey dishwasher seven; then log in',
    'purple',
    'monkey',
    'dishwasher',
    'seven',
  ),
  row(
    'dictionary-word password read on',
    'the wifi password is correct horse battery staple and the name is Home',
    'correct',
    'horse',
    'battery',
    'staple',
  ),
  // Wallets: seed phrases as runs of BIP39 words, private keys.
  row('BIP39 test vector, 12 words', SEED_ZERO, SEED_ZERO),
  row('BIP39 seed in a sentence', `my wallet words are ${SEED_7F} so keep them`, SEED_7F),
  row('BIP39 seed, 24 words', SEED_24, SEED_24),
  row('BIP39 seed, 15 words, capitalised', SEED_15.toUpperCase(), SEED_15.toUpperCase()),
  row(
    'BIP39 seed, numbered',
    SEED_12.split(' ')
      .map((w, i) => `${i + 1}. ${w}`)
      .join('\n'),
    ...SEED_12.split(' ').slice(0, 11),
  ),
  row('BIP39 seed, commas', SEED_12.split(' ').join(', '), ...SEED_12.split(' ')),
  row(
    'seed phrase, labelled, cut short',
    'seed phrase: legal winner thank year wave sausage',
    'legal',
    'thank',
    'sausage',
  ),
  row(
    'recovery phrase in German',
    'meine Wiederherstellungsphrase: snake result regular shoot paper',
    'snake',
    'shoot',
    'paper',
  ),
  row('Ethereum private key, labelled', `private key: 0x${H64}`, H64),
  row('Ethereum private key in prose', `my wallet's private key is ${H64B}`, H64B),
  row('Bitcoin WIF key', `import ${WIF} into the wallet`, WIF),
  row('Bitcoin WIF key, compressed', WIF_C, WIF_C),
  row('BIP32 extended private key', `xprv: ${XPRV}`, XPRV),
  // PINs with spaces, 2FA backup codes.
  row('PIN with spaces between digits', 'my PIN is 4 8 2 1', '4 8 2 1', '8 2 1'),
  row('PIN in two groups', 'PIN: 48 21', '48 21', '21'),
  row('card PIN with dashes', 'card PIN 7-3-9-0', '7-3-9-0', '9-0'),
  row('SIM PIN in groups', 'SIM PIN code is 1234 5678', '1234 5678', '5678'),
  row(
    'backup codes, one a line',
    'GitHub recovery codes:\na1b2c-3d4e5\nf6a7b-8c9d0\n1e2f3-a4b5c',
    'a1b2c-3d4e5',
    'f6a7b-8c9d0',
    '1e2f3-a4b5c',
  ),
  row(
    'backup codes in a sentence',
    'my 2FA backup codes are 4829 1137, 5521 0098 and 7712 3344',
    '4829 1137',
    '5521 0098',
    '7712 3344',
  ),
  row('backup code, one', 'use backup code 84512307 if the phone is lost', '84512307'),
  row(
    'TOTP secret in an otpauth address',
    'otpauth://totp/Example:me?secret=JBSWY3DPEHPK3PXP&issuer=Example',
    'JBSWY3DPEHPK3PXP',
  ),
  row('2FA setup key', '2FA setup key: JBSW Y3DP EHPK 3PXP', 'JBSW Y3DP EHPK 3PXP'),
  // URL passwords with `@` and `:`, Wi-Fi QR strings, .pgpass and docker auth lines.
  row('URL password with @', 'postgres://admin:p@ss@db.example.com/app', 'p@ss', '@ss@'),
  row('URL password with @ and :', 'redis://:s3cr@t:w0rd@cache.example.com:6379', 's3cr@t:w0rd', 'w0rd'),
  row('URL password with two @', 'https://me:a@b@c@git.example.com/repo.git', 'a@b@c', 'b@c'),
  row('Wi-Fi QR string', 'WIFI:T:WPA;S:Home Net;P:Blue-Moon-42;;', 'Blue-Moon-42'),
  row('Wi-Fi QR string, password first, escaped ;', 'WIFI:P:semi\\;colon-Pw;T:WPA;S:Cafe;;', 'colon-Pw'),
  row('.pgpass line', 'db.example.com:5432:appdb:alice:PgPass-2024!', 'PgPass-2024!'),
  row('.pgpass line with wildcards', '*:*:*:postgres:Wild-Card-pw', 'Wild-Card-pw'),
  row(
    'docker config auth',
    '{"auths":{"registry.example.com":{"auth":"YWxpY2U6RG9jazNyLUh1Yi1QYXNz"}}}',
    'YWxpY2U6RG9jazNyLUh1Yi1QYXNz',
  ),
  row('.npmrc _auth', '_auth = YWxpY2U6bnBtLXBhc3N3b3Jk', 'YWxpY2U6bnBtLXBhc3N3b3Jk'),
  // The languages of the UI (#37): each with a password and a PIN or passphrase.
  row('Japanese, です after the value', 'Wi-Fiのパスワードは Sakura-77 です', 'Sakura-77'),
  row('Japanese PIN', '暗証番号は 4821 です', '4821'),
  row('Korean, 입니다 glued to the value', '비밀번호는 hangang99입니다', 'hangang99'),
  row('Korean PIN', 'PIN 번호는 2580', '2580'),
  row('Chinese, 为', '我的wifi密码为 Xiong-Mao-8', 'Xiong-Mao-8'),
  row('Chinese payment PIN', '支付密码：135790', '135790'),
  row('Spanish clave', 'la clave del wifi es Gato-Azul-9', 'Gato-Azul-9'),
  row('Spanish PIN', 'mi PIN es 2468', '2468'),
  row('French code PIN', 'le code PIN est 9753', '9753'),
  row(
    'French phrase secrète',
    'ma phrase secrète : cheval correct pile agrafe',
    'cheval',
    'correct',
    'pile',
    'agrafe',
  ),
  row('German Geheimzahl', 'meine Geheimzahl ist 8642', '8642'),
  row('German Passwort ist', 'das Passwort ist Haus#Maus7', 'Haus#Maus7'),
  row('Portuguese palavra-passe', 'a palavra-passe é Mar-Azul-33', 'Mar-Azul-33'),
  row('Portuguese PIN', 'o código PIN é 1357', '1357'),
  row('Russian PIN-code', 'ПИН-код: 7531', '7531'),
  row('Russian password for wifi', 'пароль от вайфая Kotik-2024', 'Kotik-2024'),
  row('Turkish şifre', 'Wi-Fi şifresi: Kedi-Kopek-5', 'Kedi-Kopek-5'),
  row('Turkish parola', 'parolam Istanbul!34', 'Istanbul!34'),
  row('Turkish PIN', 'PIN kodum 2684', '2684'),
  row('Vietnamese mật khẩu là', 'mật khẩu wifi là Con-Meo-88', 'Con-Meo-88'),
  row('Vietnamese mã PIN', 'mã PIN của tôi là 4680', '4680'),
  row('Indonesian kata sandi', 'kata sandi saya adalah Kucing-Hitam-7', 'Kucing-Hitam-7'),
  row('Indonesian sandi wifi', 'sandi wifi: Rumah-Baru-21', 'Rumah-Baru-21'),
  row('Arabic كلمة المرور', 'كلمة المرور هي Sh4ms!2024', 'Sh4ms!2024'),
  row('Arabic الرقم السري', 'الرقم السري 9512', '9512'),
  row('Hindi पासवर्ड, value before है', 'मेरा पासवर्ड sunita123 है', 'sunita123'),
  row('Hindi पिन', 'मेरा पिन: 3579', '3579'),
];

export const SHAPED_LOOK_ALIKES: string[] = [
  'Slack tokens start with xoxb- or xoxp-.',
  'Shopify admin tokens look like shpat_ followed by hex.',
  'Atlassian tokens begin with ATATT3.',
  'The Mailgun domain is mg.example.com.',
  'A key-value store keeps key-frame data.',
  'Google refresh tokens begin with 1//.',
  'I read about the ability to abandon a project and act above the law.',
  'The seed phrase is stored in my safe deposit box.',
  'My recovery phrase is written on paper at home.',
  'Keep the 12-word phrase offline; never type it into a website.',
  'Buy milk, eggs, bread, butter, apples, and coffee tomorrow.',
  'They saw a family playing frisbee sandy shore style at noon.',
  'The transaction hash is 0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060.',
  'Send the ETH to 0x52908400098527886E0F7030069857D2E4169EE7.',
  'The Bitcoin address is 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2.',
  'The PIN is four digits.',
  'My pin code has 4 digits and 2 letters.',
  'The backup codes are in my password manager.',
  'Recovery codes: see the printout.',
  'The meeting is at 10 30 on Friday.',
  'postgres://db.example.com/app has no password.',
  'Email admin@example.com about the outage.',
  'WIFI:T:WPA;S:Guest;; has no password.',
  'db.example.com:5432 is the host and port.',
  'The time was 12:30:45:10 on the tape.',
  '"auth": "required" in the docker settings.',
  'The passphrase is something only I know.',
  'パスワードは変更済みです',
  '비밀번호는 재설정했습니다',
  '密码是什么？',
  'mật khẩu là gì?',
  'kata sandi saya salah',
  'şifre yanlış',
  'كلمة المرور خاطئة',
  'मेरा पासवर्ड भूल गया',
  'пароль: не помню',
  'The pairing secret starts with engram-mcp-1.',
  'Options suggests five words as a passphrase.',
];
