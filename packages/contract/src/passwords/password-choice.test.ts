import { describe, expect, it } from 'vitest';
import { passwordSchema } from '../validation.ts';
import { commonPasswords } from './common-passwords.ts';
import { containsEmailName, findPasswordChoiceProblem } from './password-choice.ts';

describe('choosing a password', () => {
  it('ships a list of common passwords the schema alone would accept', () => {
    expect(commonPasswords.size).toBeGreaterThan(2_500);
    for (const password of ['password', 'iloveyou', 'qwerty123', 'passw0rd', '1qaz2wsx']) {
      expect(commonPasswords.has(password), password).toBe(true);
    }
    // Entries the length or digits rules refuse anyway would only add weight.
    for (const password of commonPasswords) {
      expect(passwordSchema.safeParse(password).success, password).toBe(true);
      expect(password).toBe(password.toLowerCase());
    }
  });

  it('refuses a common password whatever its case', () => {
    const check = (password: string) => findPasswordChoiceProblem({ password, commonPasswords });
    expect(check('Password')).toBe('passwordTooCommon');
    expect(check('SUNSHINE')).toBe('passwordTooCommon');
    expect(check('correct horse 42')).toBeNull();
    // Without the list (the web app before it has loaded), the rule is not checked.
    expect(findPasswordChoiceProblem({ password: 'password' })).toBeNull();
  });

  it("refuses the email's name part from four characters on, in any case", () => {
    expect(containsEmailName('my-Alice1990!', 'alice@example.com')).toBe(true);
    expect(containsEmailName('xxALICExx', ' Alice@Example.com ')).toBe(true);
    expect(containsEmailName('bobby-tables', 'bob@example.com')).toBe(false);
    expect(containsEmailName('example.com rules', 'alice@example.com')).toBe(false);
    expect(findPasswordChoiceProblem({ password: 'alice-secret', email: 'alice@x.org' })).toBe(
      'passwordContainsEmail',
    );
  });

  it('refuses the current password as the new one, before any other rule', () => {
    expect(
      findPasswordChoiceProblem({
        password: 'password',
        currentPassword: 'password',
        commonPasswords,
      }),
    ).toBe('passwordUnchanged');
    expect(
      findPasswordChoiceProblem({ password: 'New secret 9', currentPassword: 'new secret 9' }),
    ).toBeNull();
  });
});
