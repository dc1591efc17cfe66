// The redaction corpus (#11): secrets in the forms people paste into chats, each with the part that must not
// survive, and look-alikes that must come through unchanged. Every value is a documented test vector, made up,
// or random: none is a real credential. Zero-width and full-width variants are written with escapes. The
// phrasings #25 found missing, and their siblings, are in secrets-phrasings.ts.
import type { SecretRow } from './secret-row';
import { PHRASED_LOOK_ALIKES, PHRASED_SECRETS } from './secrets-phrasings';
import { SHAPED_LOOK_ALIKES, SHAPED_SECRETS } from './secrets-shapes';

export type { SecretRow };

const ZW = '\u200b';
const OPENAI = 'sk-proj-aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

// Full-length forms, as the providers issue them (secretlint's rules match only these).
const B64 = 'Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8L9z0X1c2V3b4N5m6';
const OPENAI_FULL = `sk-proj-${B64.slice(0, 50)}abcdefghijklmnopqrstuvwxT3BlbkFJ${B64}abcdefghijklmnopqrstuv`;
const ANTHROPIC_FULL = `sk-ant-api03-${B64}${B64.slice(0, 41)}AA`;
const PEM_BODY = `${B64}${B64}\n${B64}`;

const row = (name: string, text: string, ...gone: string[]): SecretRow => ({ name, text, gone });

export const SECRETS: SecretRow[] = [
  // Provider and platform keys.
  row('OpenAI project key', `my key is ${OPENAI}`, OPENAI),
  row(
    'OpenAI legacy key',
    'sk-4eC39HqLyjWDarjtT1zdp7dcT3BlbkFJaB3dE5fG7hJ9kL1mN3p',
    'sk-4eC39HqLyjWDarjtT1zdp7dc',
  ),
  row('OpenAI service account key', 'sk-svcacct-Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6', 'Q1w2E3r4T5y6U7i8O9p0'),
  row('OpenAI project key, full length', `OPENAI_API_KEY=${OPENAI_FULL}`, OPENAI_FULL.slice(8)),
  row('Anthropic key, full length', `key: ${ANTHROPIC_FULL}`, ANTHROPIC_FULL.slice(13)),
  row(
    'AWS access key id, not the documented example',
    'id AKIA4ABCDEFGHIJKLMNO here',
    'AKIA4ABCDEFGHIJKLMNO',
  ),
  row(
    'RSA private key, full length',
    `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----`,
    B64,
  ),
  row(
    'Anthropic key',
    'use sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345',
    'abcdefghijklmnopqrstuvwxyz012345',
  ),
  row('AWS access key id', 'AKIAIOSFODNN7EXAMPLE is the id', 'AKIAIOSFODNN7EXAMPLE'),
  row('AWS temporary key id', 'export AWS_ACCESS_KEY_ID=ASIAY34FZKBOKMUTVV7A', 'ASIAY34FZKBOKMUTVV7A'),
  row('AWS secret in credentials file', `[default]\naws_secret_access_key = ${AWS_SECRET}`, AWS_SECRET),
  row('AWS secret in env', `AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`, AWS_SECRET),
  row('AWS secret in prose', `the secret access key is ${AWS_SECRET} for prod`, AWS_SECRET),
  row('GitHub classic token', 'ghp_0123456789abcdefghijABCDEFGHIJ012345 works', 'ghp_0123456789abcdefghij'),
  row(
    'GitHub fine-grained token',
    'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP12',
    '0123456789_abcdef',
  ),
  row('GitHub OAuth token', 'gho_16C7e42F292c6912E7710c838347Ae178B4a', '16C7e42F292c6912E7710c'),
  row('GitLab token', 'glpat-xxRw6Zd7YzAbCdEfGhIj', 'xxRw6Zd7YzAbCdEfGhIj'),
  row('Slack bot token', 'xoxb-123456789012-abcdefABCDEF', 'abcdefABCDEF'),
  row(
    'Slack webhook',
    'post to https://hooks.slack.com/services/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',
    'aB1cD2eF3gH4iJ5kL6mN7oP8',
  ),
  row('Stripe secret key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', '4eC39HqLyjWDarjtT1zdp7dc'),
  row('Stripe restricted key', 'rk_live_51H8aBcDeFgHiJkLmNoPqRsT', '51H8aBcDeFgHiJkLmNoPqRsT'),
  row('Google API key', 'AIzaSyA-1234567890abcdefghijklmnopqrstu', 'AIzaSyA-1234567890abcdefghijklmnopqrstu'),
  row(
    'Google OAuth access token',
    'curl -H "Authorization: OAuth ya29.a0AfH6SMBx3kQ-Zy9_pQrStUvWxYz0123456789abcdEFGH"',
    'a0AfH6SMBx3kQ-Zy9_pQrStUvWxYz',
  ),
  row(
    'Google OAuth token in prose',
    'token was ya29.c.b0AXv0zTPaB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1',
    'b0AXv0zTPaB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1',
  ),
  row(
    'npm token',
    '//registry.npmjs.org/:_authToken=npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    'npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  ),
  row(
    'npm token in prose',
    'publish with npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
    'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  ),
  row('Hugging Face token', 'hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567', 'hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567'),
  row(
    'SendGrid key',
    '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',
    'TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc',
  ),
  row(
    'JWT',
    'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  ),
  row('Bearer header', 'Authorization: Bearer abcdef0123456789ABCDEF.xyz', 'abcdef0123456789ABCDEF'),
  row('Basic auth header', 'Authorization: Basic YWRtaW46UzNjcmV0UGFzcw==', 'YWRtaW46UzNjcmV0UGFzcw'),
  row(
    'Azure storage connection string',
    'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg==;EndpointSuffix=core.windows.net',
    'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg',
  ),
  // Private keys.
  row(
    'RSA private key',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAuZ9\n-----END RSA PRIVATE KEY-----',
    'MIIEowIBAAKCAQEAuZ9',
  ),
  row(
    'OpenSSH private key',
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----',
    'b3BlbnNzaC1rZXktdjEAAAAA',
  ),
  row(
    'EC private key, cut off',
    'here:\n-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5',
    'MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5',
  ),
  row(
    'PGP private key block',
    '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF0jAbcBCADqz9\n=ab12\n-----END PGP PRIVATE KEY BLOCK-----',
    'lQOYBF0jAbcBCADqz9',
  ),
  row(
    'private key in service-account JSON',
    '{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0\\n-----END PRIVATE KEY-----\\n"}',
    'MIIEvQIBADANBgkqhkiG9w0',
  ),
  // Variable assignments: env, YAML, JSON, shell, code.
  row('env DB_PASSWORD', 'DB_PASSWORD=Tr0ub4dor&3', 'Tr0ub4dor&3'),
  row('env PGPASSWORD', 'PGPASSWORD=s3cr3tpg psql -h db', 's3cr3tpg'),
  row('YAML MYSQL_ROOT_PASSWORD', 'environment:\n  MYSQL_ROOT_PASSWORD: rootpw2024', 'rootpw2024'),
  row('JSON password', '{"user": "admin", "password": "pa55w0rd!"}', 'pa55w0rd!'),
  row('shell export token', 'export API_TOKEN="tok_9f8e7d6c5b4a"', 'tok_9f8e7d6c5b4a'),
  row('python SECRET_KEY', "SECRET_KEY = 'django-insecure-0a9s8d7f6g5h'", 'django-insecure-0a9s8d7f6g5h'),
  row('YAML client_secret', 'client_secret: GOCSPX-abcDEF123ghiJKL456', 'GOCSPX-abcDEF123ghiJKL456'),
  row('env STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY=whsec_5f4e3d2c1b0a', 'whsec_5f4e3d2c1b0a'),
  row('env REDIS_PASS', 'REDIS_PASS=hunter22', 'hunter22'),
  row('env ACCESS_TOKEN', 'ACCESS_TOKEN=0f1e2d3c4b5a69788796a5b4', '0f1e2d3c4b5a69788796a5b4'),
  row('env OPENAI_API_KEY, made-up value', 'OPENAI_API_KEY=myKey-1234-abcd', 'myKey-1234-abcd'),
  row('quoted multi-word env value', 'DB_PASSWORD="two words here"', 'two words here'),
  row('CLI password flag', 'mysql --password=Sup3rS3cret -u root', 'Sup3rS3cret'),
  row('TOML password', 'password = "toml-pass-77"', 'toml-pass-77'),
  // Stated passwords, in prose and in several languages.
  row('stated password', 'my password is hunter2!', 'hunter2!'),
  row('password colon', 'Password: C0rrect-Horse', 'C0rrect-Horse'),
  row(
    'quoted multi-word password',
    'my password is "correct horse battery staple"',
    'correct',
    'horse',
    'battery',
    'staple',
  ),
  row('curly-quoted password', 'the password is “blue moon rising” ok', 'blue moon rising'),
  row('pw colon', 'wifi pw: sunflower88', 'sunflower88'),
  row('pwd equals', 'pwd=qwerty123', 'qwerty123'),
  row('passphrase', 'passphrase: "lamp stool orbit"', 'lamp stool orbit'),
  row('German password', 'Mein Passwort ist Sonne123', 'Sonne123'),
  row('French password', 'mon mot de passe est soleil42', 'soleil42'),
  row('Spanish password', 'mi contraseña es luna2024', 'luna2024'),
  row('PIN', 'my PIN is 4821', '4821'),
  // Credentials in URLs.
  row('postgres URL', 'DATABASE_URL=postgres://admin:S3cret@db.internal:5432/app', 'S3cret'),
  row('mongodb+srv URL', 'mongodb+srv://appuser:pa55word@cluster0.example.net/test', 'pa55word'),
  row('https basic-auth URL', 'clone https://alice:gh-pass-99@git.example.com/repo.git', 'gh-pass-99'),
  row('redis URL with only a password', 'redis://:r3disPw@cache:6379/0', 'r3disPw'),
  row(
    'token in a query string',
    'https://api.example.com/v1/items?access_token=abcDEF123456ghiJKL',
    'abcDEF123456ghiJKL',
  ),
  // Numbers with check digits.
  row('Visa with spaces', 'card 4111 1111 1111 1111 exp 12/27', '4111 1111 1111 1111'),
  row('Visa with dots', 'card 4111.1111.1111.1111', '4111.1111.1111.1111'),
  row('Mastercard with dashes', '5555-5555-5555-4444', '5555-5555-5555-4444'),
  row('Amex', 'amex 3782-822463-10005', '3782-822463-10005'),
  row('card without separators', 'use 4242424242424242 for the test', '4242424242424242'),
  row('IBAN', 'IBAN DE89 3704 0044 0532 0130 00 please', 'DE89 3704 0044 0532 0130 00'),
  row('IBAN compact', 'GB82WEST12345698765432', 'GB82WEST12345698765432'),
  row('US SSN', 'SSN 123-45-6789', '123-45-6789'),
  // Evasions: zero-width characters, full-width forms, soft hyphens.
  row('key split by zero-width spaces', `key sk-proj-aB3dE${ZW}5fG7hJ9kL1${ZW}mN3pQ5rS7tU9vW1xY3z`, OPENAI),
  row(
    'key in full-width letters',
    'ｓｋ－ｐｒｏｊ－ａＢ３ｄＥ５ｆＧ７ｈＪ９ｋＬ１ｍＮ３ｐＱ５ｒＳ７',
    'sk-proj-aB3dE5fG7hJ9kL1mN3pQ5rS7',
  ),
  row('keyword split by a zero-width joiner', 'pass\u200dword: hunter2', 'hunter2'),
  row(
    'key split by soft hyphens',
    'ghp_0123456789\u00adabcdefghij\u00adABCDEFGHIJ012345',
    'ghp_0123456789abcdefghijABCDEFGHIJ012345',
  ),
  row('card split by zero-width spaces', `4111${ZW}1111${ZW}1111${ZW}1111`, '4111111111111111'),
  ...PHRASED_SECRETS,
  ...SHAPED_SECRETS,
];

export const LOOK_ALIKES: string[] = [
  'I forgot my password yesterday',
  'The password field must be at least 8 characters.',
  'The password reset link expired, so I asked for a new one.',
  'Set PASSWORD_MIN_LENGTH=12 in the config.',
  'MAX_TOKENS=4096',
  'max_tokens: 1000',
  'SORT_KEY=createdAt',
  '`DB_PASSWORD` is read from the environment.',
  'password: ${{ secrets.DB_PASSWORD }}',
  'PGPASSWORD=$PGPASS psql -h db',
  'api_key = os.environ["OPENAI_API_KEY"]',
  'const token = process.env.GITHUB_TOKEN;',
  '{"password": ""}',
  'I keep everything in a password manager called 1Password.',
  'the pin is connected to ground',
  'I ran 10000 steps and paid 1234 5678 9012 3456 for nothing', // fails Luhn
  'My order number is 4111111111111112', // fails Luhn
  'The timestamp was 1732924800002 ms', // passes Luhn, but no card starts with 1
  'Call me at 555-123-4567 tomorrow',
  'I moved to Berlin in 2026-03 and work at Siemens.',
  'The server is at 192.168.1.10 and runs version 1.2.3.4.',
  'The DE89 code is not an IBAN',
  'commit 3f9a2b7c4d1e5f60718293a4b5c6d7e8f9012345 fixed it',
  'request id 123e4567-e89b-12d3-a456-426614174000',
  'sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'See https://docs.python.org/3/library/os.html#os.getenv for details.',
  'postgres://localhost:5432/mydb has no password set',
  'ssh deploy@server.example.com and then run the script',
  'I like the sk- prefix jokes',
  'I use scikit-learn (sklearn) for task-oriented work.',
  'AKIA is the prefix of AWS access key ids.',
  'He was the bearer of bad news.',
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 me@laptop',
  '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----',
  'ISBN 978-3-16-148410-0',
  'Mein Passwort ist zu kurz, sagt die Seite.',
  'The token limit is 4096 tokens.',
  'my password is too short, the site says',
  'The password is wrong again.',
  ...PHRASED_LOOK_ALIKES,
  ...SHAPED_LOOK_ALIKES,
];
