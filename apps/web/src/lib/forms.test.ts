import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerError, issueField } from './forms';

describe('issueField', () => {
  it('names the form field of a server issue, after the part of the request it is in', () => {
    expect(issueField('body.subDomain')).toBe('subDomain');
    expect(issueField('body.admin.email')).toBe('admin');
    expect(issueField('querystring.search')).toBe('search');
    expect(issueField('email')).toBe('email');
  });
});

describe('applyServerError', () => {
  it('puts the server issues (named body.<field>) on their fields and claims the error', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', [
      { path: 'body.subDomain', code: 'subDomain', message: 'Use 3 to 63 lowercase letters.' },
    ]);
    const setError = vi.fn();
    applyServerError(error, setError, ['name', 'subDomain']);
    expect(setError).toHaveBeenCalledWith(
      'subDomain',
      { type: 'server', message: 'Use 3 to 63 lowercase letters.' },
      { shouldFocus: true },
    );
    expect(error.claimed).toBe(true);
  });
});
