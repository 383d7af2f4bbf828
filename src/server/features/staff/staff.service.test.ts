import { describe, expect, it, vi } from 'vitest';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password.ts';
import type { StaffRepository, StaffUserRow } from './staff.repository.ts';
import { createStaffService } from './staff.service.ts';

// The real scrypt, watched: what sign-in compares a password against is what this test is about.
vi.mock('./password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./password.ts')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

function repositoryWith(...users: StaffUserRow[]): StaffRepository {
  const repository: Partial<StaffRepository> = {
    claimSignInAttempt: async () => true,
    listByEmail: async () => users,
    clearSignInAttempts: async () => {},
    replacePasswordHash: async () => {},
    insertSession: async () => {},
  };
  return repository as StaffRepository;
}

describe('staff sign-in', () => {
  it('spends one full password hash on an unknown email, as on a known one, so timing tells nothing', async () => {
    const known: StaffUserRow = {
      id: '00000000-0000-4000-8000-000000000001',
      companyId: 'demo',
      email: 'owner@demo.test',
      name: 'Owner',
      passwordHash: await hashPassword('right password'),
      role: 'owner',
      providerId: null,
      companyName: 'Bella Demo Salon',
      businessSuspended: false,
    };
    const verify = vi.mocked(verifyPassword);

    verify.mockClear();
    await expect(
      createStaffService(repositoryWith(known)).signIn({ email: known.email, password: 'wrong' }),
    ).rejects.toMatchObject({
      code: 'SIGN_IN_FAILED',
    });
    expect(verify.mock.calls).toEqual([['wrong', known.passwordHash]]);

    verify.mockClear();
    await expect(
      createStaffService(repositoryWith()).signIn({ email: 'nobody@demo.test', password: 'wrong' }),
    ).rejects.toMatchObject({ code: 'SIGN_IN_FAILED' });
    expect(verify.mock.calls).toEqual([['wrong', await DUMMY_PASSWORD_HASH]]);
    // The stand-in is a real hash at today's parameters: it costs what a stored one costs.
    expect((await DUMMY_PASSWORD_HASH).split('$').slice(0, 4)).toEqual(
      known.passwordHash.split('$').slice(0, 4),
    );
  });

  it('checks the password against every account of the email, side by side, and names no business on a miss', async () => {
    const account = (companyId: string, passwordHash: string): StaffUserRow => ({
      id: `00000000-0000-4000-8000-00000000000${companyId.length}`,
      companyId,
      email: 'maria@demo.test',
      name: 'Maria',
      passwordHash,
      role: 'provider',
      providerId: null,
      companyName: `Salon ${companyId}`,
      businessSuspended: false,
    });
    const atA = account('a', await hashPassword('her password'));
    const atBb = account('bb', await hashPassword('her password'));
    const verify = vi.mocked(verifyPassword);

    verify.mockClear();
    const miss = createStaffService(repositoryWith(atA, atBb)).signIn({
      email: atA.email,
      password: 'wrong',
    });
    await expect(miss).rejects.toMatchObject({
      code: 'SIGN_IN_FAILED',
      message: 'That email and password do not match.',
    });
    expect(verify.mock.calls).toEqual([
      ['wrong', atA.passwordHash],
      ['wrong', atBb.passwordHash],
    ]);

    await expect(
      createStaffService(repositoryWith(atA, atBb)).signIn({ email: atA.email, password: 'her password' }),
    ).resolves.toEqual({
      chooseBusiness: [
        { companyId: 'a', companyName: 'Salon a' },
        { companyId: 'bb', companyName: 'Salon bb' },
      ],
    });
  });
});
