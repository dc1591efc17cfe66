import { describe, expect, test } from 'vitest';
import { ibanValid, luhn, redact } from './redact';

// Secrets in the forms people paste into chats. Values are test vectors or random, never real credentials.
const SECRETS: [string, string, string][] = [
  ['OpenAI key', 'my key is sk-proj-aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z', 'api key'],
  ['Anthropic key', 'use sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345', 'api key'],
  ['AWS key id', 'AKIAIOSFODNN7EXAMPLE is the id', 'api key'],
  ['GitHub token', 'ghp_0123456789abcdefghijABCDEFGHIJ012345 works', 'api key'],
  ['Google key', 'AIzaSyA-1234567890abcdefghijklmnopqrstu', 'api key'],
  ['Stripe key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'api key'],
  ['Slack token', 'xoxb-123456789012-abcdefABCDEF', 'api key'],
  [
    'JWT',
    'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    'token',
  ],
  ['bearer', 'Authorization: Bearer abcdef0123456789ABCDEF.xyz', 'token'],
  ['PEM', '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----', 'private key'],
  ['stated password', 'my password is hunter2!', 'password'],
  ['password colon', 'Password: C0rrect-Horse', 'password'],
  ['German password', 'Mein Passwort ist Sonne123', 'password'],
  ['Visa', 'card 4111 1111 1111 1111 exp 12/27', 'card number'],
  ['Amex', 'amex 3782-822463-10005', 'card number'],
  ['IBAN', 'IBAN DE89 3704 0044 0532 0130 00 please', 'IBAN'],
  ['IBAN compact', 'GB82WEST12345698765432', 'IBAN'],
  ['SSN', 'SSN 123-45-6789', 'SSN'],
];

const KEEP = [
  'I ran 10000 steps and paid 1234 5678 9012 3456 for nothing', // fails Luhn
  'My order number is 4111111111111112', // fails Luhn
  'Call me at 555-123-4567 tomorrow',
  'I moved to Berlin in 2026-03 and work at Siemens.',
  'The DE89 code is not an IBAN',
  'I forgot my password yesterday',
  'I like the sk- prefix jokes',
];

describe('redaction corpus', () => {
  test.each(SECRETS)('%s is redacted', (_name, text, label) => {
    const r = redact(text);
    expect(r.found).toContain(label);
    expect(r.text).toContain(`[redacted ${label}]`);
  });

  test.each(KEEP)('keeps %j', (text) => expect(redact(text).text).toBe(text));

  test('the value is gone, the rest stays', () => {
    const r = redact('I live in Lyon; my password is hunter2!; card 4111 1111 1111 1111.');
    expect(r.text).toBe('I live in Lyon; my [redacted password]; card [redacted card number].');
  });

  test('check digits', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
    expect(ibanValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanValid('DE88 3704 0044 0532 0130 00')).toBe(false);
  });
});
