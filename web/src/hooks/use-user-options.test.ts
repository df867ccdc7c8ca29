import { describe, expect, it } from 'vitest';
import { listItem } from '@/test/applications';
import { userOptions } from './use-user-options';

describe('userOptions (admin user pick list)', () => {
  it('gives one entry per user, sorted by label, keeping the applications newest first', () => {
    const newest = listItem(30, { userId: 7, user: { fullName: 'Mari Maasikas', username: 'mari', email: 'mari@example.ee', phone: '' } });
    const older = listItem(12, { userId: 7, user: newest.user });
    const other = listItem(20, { userId: 3, user: { fullName: 'Jaan Tamm', username: 'jaan', email: 'jaan@example.ee', phone: '' } });

    const options = userOptions([newest, other, older]);

    expect(options.map((option) => option.label)).toEqual(['Jaan Tamm (jaan@example.ee)', 'Mari Maasikas (mari@example.ee)']);
    expect(options[1]).toMatchObject({ userId: 7, name: 'Mari Maasikas' });
    expect(options[1].applications.map((application) => application.id)).toEqual([30, 12]);
  });

  it('falls back to the username, then the id, and leaves out a missing e-mail', () => {
    const byUsername = listItem(1, { userId: 5, user: { fullName: null, username: 'kasutaja', email: null, phone: null } });
    const byId = listItem(2, { userId: 9, user: { fullName: null, username: null, email: null, phone: null } });

    expect(userOptions([byUsername, byId]).map(({ name, label }) => [name, label])).toEqual([
      ['#9', '#9'],
      ['kasutaja', 'kasutaja'],
    ]);
  });
});
