import { describe, expect, it } from 'vitest';
import { evidenceName } from './export-evidence';

describe("a policy's evidence downloads", () => {
  it('are named after the policy, in any script, never empty', () => {
    expect(evidenceName('Code of Conduct', 'evidence.json')).toBe('code-of-conduct-evidence.json');
    expect(evidenceName('Política de privacidade (v2)', 'acknowledgements.csv')).toBe(
      'política-de-privacidade-v2-acknowledgements.csv',
    );
    expect(evidenceName('سياسة الأمن', 'evidence.json')).toBe('سياسة-الأمن-evidence.json');
    expect(evidenceName('../..', 'evidence.json')).toBe('policy-evidence.json');
  });
});
