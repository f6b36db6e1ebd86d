import { describe, expect, it } from 'vitest';
import { isRole, roleLabel } from './roles';

describe('roleLabel', () => {
  it('names a known role and leaves any other text as it is', () => {
    expect(roleLabel('master_admin')).toBe('Master Admin');
    expect(roleLabel('auditor')).toBe('auditor');
    expect(isRole('owner')).toBe(true);
    expect(isRole('OWNER')).toBe(false);
  });
});
